/**
 * What a form's image inputs send: a chosen file, the names of the images the admin removed, and
 * nothing for an image left as it was. Kept apart from the image input itself, so a form without
 * images (the profile) does not download the input and its file sniffing.
 */

type FileValue = { rawFile?: unknown } | null | undefined;

/** The chosen file behind an ImageInput value, when the admin picked one. */
export const chosenFile = (value: unknown): Blob | undefined => {
  const file = (value as FileValue)?.rawFile;
  return file instanceof Blob ? file : undefined;
};

/** The form field listing the image fields whose current file the admin removed. */
export const REMOVED_IMAGES = 'removeImages';

/** What the API takes for the image inputs: chosen files, and the removed ones by name; nothing for the untouched. */
export function imagePayload(values: Record<string, unknown>, sources: readonly string[]) {
  const payload: Record<string, unknown> = { ...values };
  delete payload[REMOVED_IMAGES];
  for (const source of sources) if (!chosenFile(values[source])) delete payload[source];
  const removed = ((values[REMOVED_IMAGES] as string[] | undefined) ?? []).filter((source) => sources.includes(source) && !chosenFile(values[source]));
  return removed.length > 0 ? { ...payload, [REMOVED_IMAGES]: removed } : payload;
}
