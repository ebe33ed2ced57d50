// The benchmark's texture corpora and photo transforms are deterministic: the same seed draws the
// same pixels and the same query bytes, other seeds draw other images, and every texture is a
// seamless tile (the repeat-offset query depends on it). Small sizes keep this file fast.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TEXTURE_CORPORA, drawTexture, renderTexture } from './corpora';
import { PHOTO_TRANSFORMS, photoTransform } from './transforms';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('texture corpora', () => {
  it('draw the same pixels for the same seed and other pixels for another', () => {
    for (const corpus of TEXTURE_CORPORA) {
      const a = drawTexture(corpus, 3, 96);
      const b = drawTexture(corpus, 3, 96);
      expect(sha(a.data)).toBe(sha(b.data));
      expect(sha(drawTexture(corpus, 4, 96).data)).not.toBe(sha(a.data));
      // A distractor never repeats a target.
      expect(sha(drawTexture(corpus, 3, 96, true).data)).not.toBe(sha(a.data));
    }
  });

  it('are seamless tiles: the wrap-around seam is no stronger than a step inside', () => {
    for (const corpus of TEXTURE_CORPORA) {
      for (let i = 0; i < 2; i++) {
        const { data, width: n } = drawTexture(corpus, i, 128);
        const diff = (y0: number, y1: number) => {
          let s = 0;
          for (let x = 0; x < n; x++) {
            for (let c = 0; c < 3; c++)
              s += Math.abs(data[(y0 * n + x) * 3 + c]! - data[(y1 * n + x) * 3 + c]!);
          }
          return s;
        };
        let inside = 0;
        for (let y = 0; y < n - 1; y++) inside = Math.max(inside, diff(y, y + 1));
        expect(diff(n - 1, 0)).toBeLessThanOrEqual(inside);
      }
    }
  });

  it('keep the low-contrast corpus mostly grey and low in contrast', () => {
    for (let i = 0; i < 6; i++) {
      const { data } = drawTexture('lowcontrast', i, 64);
      let sum = 0;
      let sq = 0;
      let chroma = 0;
      const n = data.length / 3;
      for (let p = 0; p < n; p++) {
        const [r, g, b] = [data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!];
        const y = 0.299 * r + 0.587 * g + 0.114 * b;
        sum += y;
        sq += y * y;
        chroma += Math.max(r, g, b) - Math.min(r, g, b);
      }
      const sd = Math.sqrt(sq / n - (sum / n) ** 2);
      expect(sd).toBeLessThan(30);
      expect(chroma / n).toBeLessThan(40);
    }
  });
});

describe('photo transforms', () => {
  it('give the same bytes for the same image and seed, other bytes for another seed', async () => {
    const tile = await sharp(await renderTexture('cloth', 0, 64))
      .png()
      .toBuffer();
    for (const t of PHOTO_TRANSFORMS) {
      const a = await photoTransform(t, tile, 7, 96);
      const b = await photoTransform(t, tile, 7, 96);
      expect(sha(a)).toBe(sha(b));
      expect(sha(await photoTransform(t, tile, 8, 96))).not.toBe(sha(a));
      const meta = await sharp(a).metadata();
      expect(meta.format).toBe('jpeg');
    }
  }, 30_000);
});
