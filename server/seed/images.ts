/**
 * Demo images drawn as SVG and rasterised by sharp: team logos, flags, player portraits, stadiums,
 * video thumbnails, news pictures, notification icons and slide banners. Small on purpose.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { makeSizes, sizesRow, variantName, type MadeSizes } from '../storage/image-sizes';
import type { ImageStore } from '../storage/store';

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Greedy word wrap by character count; the last line gets an ellipsis when text is left over. */
export function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.split(/\s+/);
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      lines[maxLines - 1] = `${lines[maxLines - 1]}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const FONT = "font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\"";

const textLines = (lines: string[], x: number, y: number, size: number, attrs: string) =>
  lines
    .map((l, i) => `<text x="${x}" y="${y + i * size * 1.2}" ${FONT} font-size="${size}" ${attrs}>${escapeXml(l)}</text>`)
    .join('');

const svg = (w: number, h: number, body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`);

const png = (input: Buffer) => sharp(input).png({ compressionLevel: 8 }).toBuffer();
const webp = (input: Buffer) => sharp(input).webp({ quality: 78 }).toBuffer();

/** 400x400 PNG: a coloured square with a ring and the team initials. */
export function teamLogo(initials: string, [primary, secondary]: [string, string]) {
  return png(
    svg(
      400,
      400,
      `<rect width="400" height="400" rx="48" fill="${primary}"/>` +
        `<circle cx="200" cy="200" r="150" fill="${secondary}"/>` +
        `<circle cx="200" cy="200" r="132" fill="none" stroke="${primary}" stroke-width="10"/>` +
        `<text x="200" y="242" text-anchor="middle" ${FONT} font-size="118" font-weight="bold" fill="${primary}">${escapeXml(initials)}</text>`,
    ),
  );
}

/** 300x200 PNG flag in the team colours. */
export function teamFlag(initials: string, [primary, secondary]: [string, string]) {
  return png(
    svg(
      300,
      200,
      `<rect width="300" height="200" fill="${primary}"/>` +
        `<rect y="70" width="300" height="60" fill="${secondary}"/>` +
        `<polygon points="0,0 110,100 0,200" fill="${secondary}"/>` +
        `<text x="205" y="118" text-anchor="middle" ${FONT} font-size="48" font-weight="bold" fill="${primary}">${escapeXml(initials)}</text>`,
    ),
  );
}

/** 300x300 WebP head-and-shoulders silhouette in a team's kit, with the team's initials on the shirt. */
export function portrait(opts: { background: string; skin: string; shirt: string; cap: string; label: string }) {
  const { background, skin, shirt, cap, label } = opts;
  return webp(
    svg(
      300,
      300,
      `<rect width="300" height="300" fill="${background}"/>` +
        `<path d="M30 300 C30 215 85 188 150 188 C215 188 270 215 270 300 Z" fill="${shirt}"/>` +
        `<rect x="128" y="160" width="44" height="40" fill="${skin}"/>` +
        `<circle cx="150" cy="120" r="56" fill="${skin}"/>` +
        `<path d="M92 112 A58 58 0 0 1 208 112 Z" fill="${cap}"/>` +
        `<rect x="150" y="104" width="82" height="12" rx="6" fill="${cap}"/>` +
        `<text x="150" y="278" text-anchor="middle" ${FONT} font-size="46" font-weight="bold" fill="#ffffff" opacity="0.9">${escapeXml(label)}</text>`,
    ),
  );
}

/** 800x450 WebP of a stylised ground: stands, outfield, square and the ground's name. */
export function stadium(name: string, hue: number) {
  return webp(
    svg(
      800,
      450,
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,45%)"/><stop offset="1" stop-color="hsl(${hue},55%,78%)"/></linearGradient></defs>` +
        `<rect width="800" height="450" fill="url(#sky)"/>` +
        `<ellipse cx="400" cy="330" rx="420" ry="190" fill="#3b3f4a"/>` +
        `<ellipse cx="400" cy="340" rx="370" ry="150" fill="#2f7d32"/>` +
        `<ellipse cx="400" cy="340" rx="200" ry="80" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3"/>` +
        `<rect x="385" y="290" width="30" height="100" fill="#d8c59a"/>` +
        [90, 710].map((x) => `<rect x="${x}" y="40" width="8" height="170" fill="#cfd3da"/><rect x="${x - 26}" y="28" width="60" height="24" rx="4" fill="#fffbe6"/>`).join('') +
        `<rect y="400" width="800" height="50" fill="#000000" opacity="0.55"/>` +
        `<text x="24" y="435" ${FONT} font-size="28" font-weight="bold" fill="#ffffff">${escapeXml(name)}</text>`,
    ),
  );
}

/** 640x360 (16:9) WebP video thumbnail with the title, the category and a play button. */
export function thumbnail(title: string, category: string, [from, to]: [string, string]) {
  const lines = wrap(title, 26, 3);
  const top = 330 - lines.length * 38;
  return webp(
    svg(
      640,
      360,
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
        `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.75"/></linearGradient></defs>` +
        `<rect width="640" height="360" fill="url(#g)"/>` +
        `<circle cx="540" cy="120" r="150" fill="#ffffff" opacity="0.08"/>` +
        `<rect width="640" height="360" fill="url(#shade)"/>` +
        `<rect x="24" y="22" width="${category.length * 12 + 28}" height="34" rx="17" fill="#ffffff" opacity="0.92"/>` +
        `<text x="38" y="45" ${FONT} font-size="18" font-weight="bold" fill="#222">${escapeXml(category)}</text>` +
        `<circle cx="540" cy="110" r="44" fill="#ff0033"/><polygon points="526,88 526,132 562,110" fill="#ffffff"/>` +
        textLines(lines, 28, top, 32, 'font-weight="bold" fill="#ffffff"'),
    ),
  );
}

/** 800x450 WebP news picture: diagonal bands, the headline and the first tag. */
export function newsPicture(title: string, tag: string, [from, to]: [string, string]) {
  const lines = wrap(title, 27, 3);
  return webp(
    svg(
      800,
      450,
      `<rect width="800" height="450" fill="${from}"/>` +
        `<polygon points="420,0 800,0 800,450 260,450" fill="${to}" opacity="0.85"/>` +
        `<polygon points="560,0 800,0 800,450 470,450" fill="#ffffff" opacity="0.08"/>` +
        `<circle cx="660" cy="110" r="54" fill="#c8102e"/><path d="M622 80 Q660 110 622 140 M698 80 Q660 110 698 140" stroke="#f5f5f5" stroke-width="4" fill="none" stroke-dasharray="6 5"/>` +
        `<rect x="40" y="40" width="${tag.length * 13 + 30}" height="36" fill="#ffffff"/>` +
        `<text x="55" y="65" ${FONT} font-size="20" font-weight="bold" fill="#111">${escapeXml(tag.toUpperCase())}</text>` +
        textLines(lines, 40, 250, 36, 'font-weight="bold" fill="#ffffff"'),
    ),
  );
}

/** 256x256 PNG notification icon: a cricket ball on a coloured tile. */
export function notificationIcon(color: string) {
  return png(
    svg(
      256,
      256,
      `<rect width="256" height="256" rx="56" fill="${color}"/>` +
        `<circle cx="128" cy="128" r="78" fill="#c8102e"/>` +
        `<path d="M78 70 Q128 128 78 186 M178 70 Q128 128 178 186" stroke="#fafafa" stroke-width="6" fill="none" stroke-dasharray="10 8"/>`,
    ),
  );
}

/** 1200x500 WebP slide banner with a headline and a subline. */
export function banner(headline: string, subline: string, [from, to]: [string, string]) {
  return webp(
    svg(
      1200,
      500,
      `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
        `<rect width="1200" height="500" fill="url(#b)"/>` +
        `<circle cx="1040" cy="250" r="150" fill="#c8102e"/>` +
        `<path d="M948 145 Q1040 250 948 355 M1132 145 Q1040 250 1132 355" stroke="#fafafa" stroke-width="9" fill="none" stroke-dasharray="16 12"/>` +
        `<rect x="70" y="330" width="120" height="8" fill="#ffffff"/>` +
        textLines(wrap(headline, 18, 2), 70, 190, 64, 'font-weight="bold" fill="#ffffff"') +
        `<text x="70" y="390" ${FONT} font-size="26" fill="#ffffff" opacity="0.92">${escapeXml(subline)}</text>`,
    ),
  );
}

type Render = () => Promise<Buffer>;

/**
 * Collects the files a seed needs, names them as the upload route would (random UUIDs), and writes
 * them later with bounded concurrency. `shared` renders once and writes the bytes under many names,
 * so records never share a file (deleting one record's image must not break another's). Each file
 * gets its sizes as an upload does (storage/image-sizes.ts), made once per drawing; their records
 * are collected in `sizes` for the seed to insert with its rows.
 */
export class ImageQueue {
  private readonly jobs: Array<{ name: string; render: Render }> = [];
  /** The `image_sizes` rows of the files written so far. */
  readonly sizes: ReturnType<typeof sizesRow>[] = [];

  add(ext: 'png' | 'webp', render: Render): string {
    const name = `${randomUUID()}.${ext}`;
    this.jobs.push({ name, render });
    return `/uploads/${name}`;
  }

  get size() {
    return this.jobs.length;
  }

  async writeAll(store: ImageStore, concurrency = 4): Promise<number> {
    let next = 0;
    let bytes = 0;
    // A shared drawing's copies are made once, then stored under each file's own names.
    const sized = new Map<Render, Promise<MadeSizes>>();
    const worker = async () => {
      while (next < this.jobs.length) {
        const job = this.jobs[next++];
        const data = await job.render();
        if (!sized.has(job.render)) sized.set(job.render, makeSizes(job.name, data));
        const made = await sized.get(job.render)!;
        const own = { ...made, variants: made.variants.map((variant) => ({ ...variant, name: variantName(job.name, variant.width) })) };
        bytes += data.length + own.variants.reduce((sum, variant) => sum + variant.bytes.length, 0);
        await store.put(job.name, data, `image/${job.name.slice(job.name.lastIndexOf('.') + 1)}`);
        for (const variant of own.variants) await store.put(variant.name, variant.bytes, 'image/webp');
        this.sizes.push(sizesRow(job.name, own));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, this.jobs.length) }, worker));
    return bytes;
  }
}

/** Memoises a render so one drawing can back many files. */
export function shared(render: Render): Render {
  let result: Promise<Buffer> | undefined;
  return () => (result ??= render());
}
