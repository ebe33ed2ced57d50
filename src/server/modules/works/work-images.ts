import sharp from 'sharp';
import type { Storage } from '../../platform/storage/storage';
import { PREVIEW_WIDTH, THUMB_WIDTH } from './work-cards';
import { WORK_MSG } from './messages';

export type WorkImageRecord = {
  kind: 'original' | 'preview' | 'thumb';
  width: number;
  height: number;
  format: 'png' | 'webp' | 'jpeg';
  storageKey: string;
};

/** A diagonal, repeated mark laid over public previews so a screenshot is not a usable licence. */
export function watermarkSvg(width: number, height: number): Buffer {
  const step = 220;
  const marks: string[] = [];
  for (let y = -step; y < height + step; y += step / 2) {
    for (let x = -step; x < width + step; x += step) {
      const dx = (y / (step / 2)) % 2 === 0 ? 0 : step / 2;
      marks.push(
        `<g transform="translate(${x + dx} ${y}) rotate(-30)">` +
          '<rect x="-6" y="-22" width="28" height="28" rx="6" fill="none" stroke="white" stroke-width="3"/>' +
          '<path d="M2 -8 l6 -6 l6 6 l-6 6z" fill="white"/>' +
          '<text x="30" y="0" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" font-weight="700" fill="white">WENYANG</text></g>',
      );
    }
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g opacity="0.38" stroke="rgba(0,0,0,0.25)" stroke-width="0.6">${marks.join('')}</g></svg>`,
  );
}

/**
 * Stores a work's original privately and derives the public images once: a watermarked preview
 * and thumbnails in WebP and JPEG. Keys are deterministic, so a retry overwrites instead of piling up.
 */
export async function generateWorkImages(
  storage: Storage,
  keyBase: string,
  original: Buffer,
): Promise<WorkImageRecord[]> {
  const meta = await sharp(original).metadata();
  if (!meta.width || !meta.height) throw new Error(WORK_MSG.imageUndecodable);
  const { width, height } = meta;
  const records: WorkImageRecord[] = [];

  const originalKey = `private/works/${keyBase}/original.png`;
  await storage.put(originalKey, original, 'image/png');
  records.push({ kind: 'original', width, height, format: 'png', storageKey: originalKey });

  const previewWidth = Math.min(PREVIEW_WIDTH, width);
  const resized = await sharp(original)
    .resize({ width: previewWidth })
    .png()
    .toBuffer({ resolveWithObject: true });
  const preview = await sharp(resized.data)
    .composite([{ input: watermarkSvg(resized.info.width, resized.info.height) }])
    .webp({ quality: 82 })
    .toBuffer();
  const previewKey = `public/works/${keyBase}/preview-${PREVIEW_WIDTH}.webp`;
  await storage.put(previewKey, preview, 'image/webp');
  records.push({
    kind: 'preview',
    width: PREVIEW_WIDTH,
    height: resized.info.height,
    format: 'webp',
    storageKey: previewKey,
  });

  const thumbBase = sharp(original).resize({ width: Math.min(THUMB_WIDTH, width) });
  const [webp, jpeg] = await Promise.all([
    thumbBase.clone().webp({ quality: 78 }).toBuffer({ resolveWithObject: true }),
    thumbBase.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer({ resolveWithObject: true }),
  ]);
  for (const [format, out] of [
    ['webp', webp],
    ['jpeg', jpeg],
  ] as const) {
    const key = `public/works/${keyBase}/thumb-${THUMB_WIDTH}.${format === 'jpeg' ? 'jpg' : 'webp'}`;
    await storage.put(key, out.data, `image/${format}`);
    records.push({
      kind: 'thumb',
      width: THUMB_WIDTH,
      height: out.info.height,
      format,
      storageKey: key,
    });
  }
  return records;
}
