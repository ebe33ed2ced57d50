import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { FORMAT_LIMIT_MESSAGE } from '../../shared/rules/search-upload';
import {
  prepareSearchImage,
  prepareSearchImages,
  SEARCH_PREPARE_MSG,
} from './prepare-search-image';

let dir: string;

const stripes = (width: number, height: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <rect width="100%" height="100%" fill="#f4e9d8"/>
        <rect width="${Math.round(width / 2)}" height="100%" fill="#1f4e8c"/>
      </svg>`,
    ),
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wenyang-prepare-search-'));
  await stripes(6000, 3000).tiff({ compression: 'lzw' }).toFile(join(dir, '扫描件.tif'));
  await stripes(400, 300).png().toFile(join(dir, 'small.png'));
  // EXIF orientation 6: stored landscape, shown portrait.
  await stripes(400, 200).withMetadata({ orientation: 6 }).jpeg().toFile(join(dir, 'phone.jpg'));
  writeFileSync(join(dir, 'empty.png'), Buffer.alloc(0));
  writeFileSync(join(dir, 'broken.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6]));
  writeFileSync(join(dir, 'design.psd'), Buffer.concat([Buffer.from('8BPS'), Buffer.alloc(64)]));
  writeFileSync(join(dir, 'tool.exe'), Buffer.from('MZ'));
  // A few hundred bytes declaring a 100 000 × 100 000 px canvas: a decompression bomb, refused
  // from its header before any pixel is decoded.
  writeFileSync(
    join(dir, 'bomb.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="10" height="10"/></svg>',
  );
  await mkdir(join(dir, 'folder.png'));
});

describe('prepareSearchImage (desktop drop, main process)', () => {
  it('downsizes a large scanner TIFF to fit 1000×1000, keeping the aspect ratio, as a JPEG', async () => {
    const result = await prepareSearchImage(join(dir, '扫描件.tif'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.image).toMatchObject({ name: '扫描件.tif', width: 1000, height: 500 });
    expect(result.image.originalBytes).toBeGreaterThan(0);
    const meta = await sharp(Buffer.from(result.image.data, 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1000, height: 500 });
  });

  it('never enlarges a small image and applies the EXIF orientation', async () => {
    const small = await prepareSearchImage(join(dir, 'small.png'));
    expect(small.ok && [small.image.width, small.image.height]).toEqual([400, 300]);
    const phone = await prepareSearchImage(join(dir, 'phone.jpg'));
    expect(phone.ok && [phone.image.width, phone.image.height]).toEqual([200, 400]);
  });

  it('answers each bad file with its own Chinese message', async () => {
    const cases: [string, string][] = [
      ['empty.png', MSG.imageSearch.empty],
      ['broken.jpg', MSG.imageSearch.corrupt],
      ['design.psd', MSG.imageSearch.unsupportedFormat('psd')],
      ['tool.exe', FORMAT_LIMIT_MESSAGE],
      ['bomb.svg', SEARCH_PREPARE_MSG.tooManyPixels],
      ['folder.png', SEARCH_PREPARE_MSG.notAFile('folder.png')],
      ['gone.png', SEARCH_PREPARE_MSG.notFound('gone.png')],
    ];
    for (const [file, message] of cases) {
      expect(await prepareSearchImage(join(dir, file)), file).toEqual({
        ok: false,
        name: file,
        message,
      });
    }
  });

  it('refuses relative paths and anything not a string', async () => {
    expect((await prepareSearchImage('small.png')).ok).toBe(false);
    const [result] = await prepareSearchImages([42]);
    expect(result?.ok).toBe(false);
  });
});

describe('prepareSearchImages', () => {
  it('keeps one result per file in order, so a bad file does not stop the others', async () => {
    const results = await prepareSearchImages([
      join(dir, 'small.png'),
      join(dir, 'broken.jpg'),
      join(dir, 'phone.jpg'),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
  });

  it('refuses more than 50 files with the §5 message, and an empty drop', async () => {
    const paths = Array.from({ length: 51 }, () => join(dir, 'small.png'));
    expect(await prepareSearchImages(paths)).toEqual([
      { ok: false, name: '', message: MSG.tooManyImages },
    ]);
    expect(await prepareSearchImages([])).toEqual([
      { ok: false, name: '', message: MSG.imageSearch.noImage },
    ]);
  });
});
