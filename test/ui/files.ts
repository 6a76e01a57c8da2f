/** Files for the image inputs: a real PNG of any size (padded after its end), and a text file in disguise. */
const ONE_PIXEL_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

export function pngFile(bytes = 64, name = 'thumb.png') {
  const data = new Uint8Array(Math.max(bytes, ONE_PIXEL_PNG.length));
  data.set(ONE_PIXEL_PNG);
  return new File([data], name, { type: 'image/png' });
}

/** Text whose name and declared type claim a PNG: only its bytes give it away. */
export const fakePngFile = (name = 'notes.png') => new File(['just some text, not an image'], name, { type: 'image/png' });
