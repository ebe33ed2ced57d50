import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  aiImageSearch,
  getDictByKeys,
  patternRecognize,
  procurementCatalogDetail,
  searchImage,
  searchUrlImage,
} from '@shared/contract/image-search';
import type { ImageSearchResult } from '@shared/contract/image-search';
import { buildApp } from '../../../app';
import { seedDemo } from '../../../db/seed/seed-demo';
import { buildTestApp, testDatabases } from '../../../testing/test-app';
import type { TestApp } from '../../../testing/test-app';
import { sweepSearchImages } from './search-images';
import { DESCRIPTOR_VERSION } from './descriptors';
import { ImageSearchIndex } from './index';
import { extractQuery } from './query-views';

type Body<T = unknown> = { code: number; msg: string; data: T };

const FORMAT_LIMIT =
  '格式限制：bmp,jpg,png,tif,gif,pcx,tga,exif,fpx,svg,psd,cdr,pcd,dxf,ufo,eps,ai,raw,WMF,webp,pdf';

const file = (name: string, bytes: Buffer) => ({ name, data: bytes.toString('base64') });

/** A PNG header declaring a huge canvas, with no pixels behind it: a decompression bomb. */
function pngBomb(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(testDatabases())('image search on $name', (database) => {
  let t: TestApp;
  let originals: { id: number; kid: number; png: Buffer }[];

  async function call<T>(c: CallDef, input: object): Promise<{ status: number; body: Body<T> }> {
    const res = await t.app.inject({ method: c.method, url: c.path, payload: input });
    return { status: res.statusCode, body: res.json<Body<T>>() };
  }

  async function searchFor(bytes: Buffer, options: object = {}) {
    const res = await call<ImageSearchResult>(searchImage, {
      files: [file('query.png', bytes)],
      ...options,
    });
    expect(res.body.code, res.body.msg).toBe(1);
    return res.body.data;
  }

  beforeAll(async () => {
    t = await buildTestApp(database);
    await seedDemo(t.deps, () => undefined, 10);
    // The app was ready (and its index loaded) before the seed: load again, then describe.
    const index = t.app.imageIndex;
    await index.sync();
    await index.whenIdle();
    const rows = await t.deps.db
      .selectFrom('works as w')
      .innerJoin('work_images as i', 'i.work_id', 'w.id')
      .select(['w.id', 'w.category_kid', 'i.storage_key'])
      .where('i.kind', '=', 'original')
      .orderBy('w.id')
      .execute();
    originals = await Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        kid: r.category_kid,
        png: (await t.deps.storage.get(r.storage_key))?.body ?? Buffer.alloc(0),
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('indexes every seeded work in the background', () => {
    expect(t.app.imageIndex.status()).toEqual({
      indexed: 10,
      pending: 0,
      loaded: true,
    });
  });

  it('ranks a seeded work first for its own image, as the same picture (同款)', async () => {
    for (const work of originals.slice(0, 4)) {
      const result = await searchFor(work.png);
      expect(result.same[0]?.id).toBe(work.id);
      expect(result.same[0]?.exact).toBe(true);
      expect(result.same[0]?.thumbUrl).toMatch(/^\/files\/public\//);
    }
  });

  it('finds a rotated, recompressed copy of a work as 同款', async () => {
    const work = originals[1]!;
    const copy = await sharp(work.png).rotate(90).resize(500).jpeg({ quality: 60 }).toBuffer();
    const result = await searchFor(copy);
    expect(result.same[0]?.id).toBe(work.id);
  });

  it('finds every work from a screenshot of its watermarked public preview as 同款', async () => {
    const previews = await t.deps.db
      .selectFrom('work_images')
      .select(['work_id', 'storage_key'])
      .where('kind', '=', 'preview')
      .orderBy('work_id')
      .execute();
    expect(previews).toHaveLength(originals.length);
    for (const preview of previews) {
      const bytes = (await t.deps.storage.get(preview.storage_key))?.body ?? Buffer.alloc(0);
      const screenshot = await sharp(bytes).resize(600).jpeg({ quality: 70 }).toBuffer();
      const result = await searchFor(screenshot);
      expect(result.same[0]?.id, `work ${preview.work_id}`).toBe(preview.work_id);
      // Only that work: the shared watermark does not make the other works look the same.
      expect(result.same.map((h) => h.id)).toEqual([preview.work_id]);
    }
  });

  it('finds a recoloured copy as 同款 when colour is ignored', async () => {
    const work = originals[2]!;
    const recoloured = await sharp(work.png)
      .modulate({ hue: 120, saturation: 0.6 })
      .png()
      .toBuffer();
    const result = await searchFor(recoloured, { ignoreColor: true });
    expect(result.same[0]?.id).toBe(work.id);
    expect(result.same[0]?.match).toBe('same');
  });

  it('searches only the boxed region: each half of a collage finds its own work', async () => {
    const [a, b] = [originals[3]!, originals[4]!];
    const half = async (png: Buffer) => sharp(png).resize(400, 400).png().toBuffer();
    const collage = await sharp({
      create: { width: 800, height: 400, channels: 3, background: '#ffffff' },
    })
      .composite([
        { input: await half(a.png), left: 0, top: 0 },
        { input: await half(b.png), left: 400, top: 0 },
      ])
      .png()
      .toBuffer();
    const left = await searchFor(collage, { region: { x: 0, y: 0, w: 0.5, h: 1 } });
    const right = await searchFor(collage, { region: { x: 0.5, y: 0, w: 0.5, h: 1 } });
    expect([...left.same, ...left.similar][0]?.id).toBe(a.id);
    expect([...right.same, ...right.similar][0]?.id).toBe(b.id);
  });

  it('keeps the search image for the session: search again by its url, with paging', async () => {
    const first = await searchFor(originals[0]!.png, { pageSize: 3 });
    expect(first.query.url).toMatch(/^\/files\/private\/search\/.+\.jpg\?expires=\d+&sig=/);
    expect(first.query).toMatchObject({ name: 'query.png', width: 800, height: 800 });
    expect(first.total).toBe(10);
    const image = await t.app.inject({ method: 'GET', url: first.query.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    const page2 = await call<ImageSearchResult>(searchUrlImage, {
      url: first.query.copyUrl,
      pageIndex: 2,
      pageSize: 3,
    });
    expect(page2.body.code).toBe(1);
    const ids1 = [...first.same, ...first.similar].map((h) => h.id);
    const ids2 = [...page2.body.data.same, ...page2.body.data.similar].map((h) => h.id);
    expect(ids1).toHaveLength(3);
    expect(ids2).toHaveLength(3);
    expect(ids2.some((id) => ids1.includes(id))).toBe(false);

    const forged = first.query.copyUrl.replace(/sig=[^&]+/, 'sig=forged');
    const refused = await call(searchUrlImage, { url: forged });
    expect(refused.body).toMatchObject({ msg: '搜索图片已过期，请重新上传', data: null });
    t.advance(25 * 3600 * 1000);
    const expired = await call(searchUrlImage, { url: first.query.copyUrl });
    expect(expired.body.msg).toBe('搜索图片已过期，请重新上传');
  });

  it('removes search images once every link to them has expired, and keeps recent ones', async () => {
    const old = await searchFor(originals[3]!.png, { pageSize: 1 });
    const oldKey = old.query.url.replace(/^\/files\//, '').replace(/\?.*$/, '');
    expect(await t.deps.storage.exists(oldKey)).toBe(true);
    t.advance(3 * 24 * 3600 * 1000);
    const fresh = await searchFor(originals[4]!.png, { pageSize: 1 });
    const freshKey = fresh.query.url.replace(/^\/files\//, '').replace(/\?.*$/, '');
    const removed = await sweepSearchImages(t.deps);
    expect(removed).toContain(oldKey.split('/')[2]);
    expect(await t.deps.storage.exists(oldKey)).toBe(false);
    expect(await t.deps.storage.exists(freshKey)).toBe(true);
  });

  it('filters by category, a top-level kid covering its children', async () => {
    const work = originals[5]!;
    const { parent_kid: parentKid } = await t.deps.db
      .selectFrom('categories')
      .select('parent_kid')
      .where('kid', '=', work.kid)
      .executeTakeFirstOrThrow();
    const siblings = await t.deps.db
      .selectFrom('categories')
      .select('kid')
      .where('parent_kid', '=', parentKid)
      .execute();
    for (const [kid, allowed] of [
      [work.kid, [work.kid]],
      [parentKid!, siblings.map((s) => s.kid)],
    ] as const) {
      const result = await searchFor(work.png, { kid });
      const hits = [...result.same, ...result.similar];
      expect(hits[0]?.id).toBe(work.id);
      for (const h of hits) expect(allowed).toContain(h.categoryKid);
    }
  });

  it('refuses the §5 inputs with their exact messages', async () => {
    const png = originals[0]!.png;
    const wrongFormat = await call(searchImage, { files: [file('pattern.exe', png)] });
    expect(wrongFormat.body).toEqual({ code: 1022, msg: FORMAT_LIMIT, data: null });

    const twoFiles = await call(searchImage, {
      files: [file('a.png', png), file('b.png', png)],
    });
    expect(twoFiles.body.msg).toBe('只允许一次上传一张');

    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const tooLarge = await call(searchImage, { files: [file('big.png', big)] });
    expect(tooLarge.body.msg).toBe('上传图片需小于5M');

    // Far past the body limit: still the §5 message, not a generic one.
    const huge = await t.app.inject({
      method: 'POST',
      url: searchImage.path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        files: [{ name: 'huge.png', data: 'A'.repeat(14 * 1024 * 1024) }],
      }),
    });
    expect(huge.json<Body>().msg).toBe('上传图片需小于5M');
  });

  it('explains files it cannot read, and keeps serving', async () => {
    const psd = Buffer.concat([Buffer.from('8BPS', 'latin1'), Buffer.alloc(64, 0)]);
    const cases: [string, Buffer, string][] = [
      ['design.psd', psd, '暂不支持识别 PSD 文件中的图案，请另存为 JPG 或 PNG 后再上传'],
      [
        'drawing.pdf',
        Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'),
        '暂不支持识别 PDF 文件中的图案，请另存为 JPG 或 PNG 后再上传',
      ],
      ['empty.png', Buffer.alloc(0), '图片文件是空的，请重新选择'],
      [
        'broken.jpg',
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]),
        '图片已损坏或无法识别，请换一张图片',
      ],
      [
        'noise.png',
        Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)),
        '图片已损坏或无法识别，请换一张图片',
      ],
      ['bomb.png', pngBomb(60_000, 60_000), '图片尺寸过大（超过 4000 万像素），请缩小后再上传'],
      [
        'bomb.svg',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="90000" height="90000"><rect width="10" height="10"/></svg>',
        ),
        '图片尺寸过大（超过 4000 万像素），请缩小后再上传',
      ],
    ];
    for (const [name, bytes, msg] of cases) {
      const started = Date.now();
      const res = await call(searchImage, { files: [file(name, bytes)] });
      expect(res.body, name).toMatchObject({ msg, data: null });
      expect(Date.now() - started, name).toBeLessThan(5_000);
    }
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });

  it('recognises the category and the palette of an image', async () => {
    const work = originals[6]!;
    const res = await call<{
      categories: { kid: number; score: number }[];
      palette: { color: string; ratio: number }[];
      query: { url: string };
    }>(patternRecognize, { files: [file('w.png', work.png)] });
    expect(res.body.code, res.body.msg).toBe(1);
    expect(res.body.data.categories[0]?.kid).toBe(work.kid);
    expect(res.body.data.palette.length).toBeGreaterThan(1);
    for (const p of res.body.data.palette) expect(p.color).toMatch(/^#[0-9a-f]{6}$/);
    const sum = res.body.data.palette.reduce((s, p) => s + p.ratio, 0);
    expect(sum).toBeGreaterThan(0.8);
    expect(sum).toBeLessThanOrEqual(1.001);
  });

  it('answers the AI chat: one list, 同款 first', async () => {
    const work = originals[7]!;
    const res = await call<{ list: { id: number; match: string }[]; total: number }>(
      aiImageSearch,
      { files: [file('w.png', work.png)], pageSize: 5 },
    );
    expect(res.body.code, res.body.msg).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({ id: work.id, match: 'same' });
    expect(res.body.data.list).toHaveLength(5);
    expect(res.body.data.total).toBe(10);
  });

  it('details a purchase-catalogue work with its palette and similar works, not itself', async () => {
    const work = originals[8]!;
    const res = await call<{ work: { id: number }; similar: { id: number }[]; palette: unknown[] }>(
      procurementCatalogDetail,
      { id: work.id, pageSize: 4 },
    );
    expect(res.body.code, res.body.msg).toBe(1);
    expect(res.body.data.work.id).toBe(work.id);
    expect(res.body.data.similar).toHaveLength(4);
    expect(res.body.data.similar.map((s) => s.id)).not.toContain(work.id);
    expect(res.body.data.palette.length).toBeGreaterThan(0);
    const missing = await call(procurementCatalogDetail, { id: 999_999 });
    expect(missing.body.msg).toBe('作品不存在或已下架');
  });

  it('gives the merge category with the purchase catalogue (id 11) appended', async () => {
    const res = await call<Record<string, unknown>>(getDictByKeys, {
      keys: ['vectorSearchMergeCategory', 'no-such-key'],
    });
    expect(res.body.code).toBe(1);
    const merge = res.body.data.vectorSearchMergeCategory as { id: number; name: string }[];
    expect(merge.length).toBeGreaterThan(1);
    expect(merge.at(-1)).toEqual({ id: 11, name: '采购目录', kids: [] });
    expect(res.body.data['no-such-key']).toBeNull();
  });

  it('drops a withdrawn work at once and brings it back when republished', async () => {
    const work = originals[9]!;
    await t.deps.db
      .updateTable('works')
      .set({ status: 'offline' })
      .where('id', '=', work.id)
      .execute();
    t.app.worksChanged.notify([work.id]);
    await t.app.imageIndex.whenIdle();
    const gone = await searchFor(work.png);
    expect([...gone.same, ...gone.similar].map((h) => h.id)).not.toContain(work.id);

    await t.deps.db
      .updateTable('works')
      .set({ status: 'published' })
      .where('id', '=', work.id)
      .execute();
    await t.app.imageIndex.indexWork(work.id);
    const back = await searchFor(work.png);
    expect(back.same[0]?.id).toBe(work.id);
  });

  it('keeps its index across a restart without describing works again', async () => {
    const before = await t.deps.db
      .selectFrom('work_image_descriptors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBe(10);
    // A second server on the same database (the first one's index is not shared).
    const restarted = await buildApp({
      deps: t.deps,
      config: { webRoot: t.webRoot, nodeEnv: 'test' },
    });
    try {
      await restarted.ready();
      const index = restarted.imageIndex;
      await index.whenIdle();
      expect(index.status()).toMatchObject({ indexed: 10, pending: 0, loaded: true });
      expect(index.describedCount).toBe(0);
      const res = await restarted.inject({
        method: 'POST',
        url: searchImage.path,
        payload: { files: [file('q.png', originals[0]!.png)] },
      });
      expect(res.json<Body<ImageSearchResult>>().data.same[0]?.id).toBe(originals[0]!.id);
    } finally {
      await restarted.close();
    }
  });

  it('past its threshold, keeps the stage-one graph in its file and loads it at the next start', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'wenyang-image-graph-'));
    const graphFile = join(folder, 'image-search', 'graph');
    // 10 works are 30 rows: past a threshold of 5, as a million works are past 300,000.
    const open = async () => {
      const index = new ImageSearchIndex(t.deps, { graphFile, approximateFromRows: 5 });
      await index.start();
      await index.whenIdle();
      await index.whenGraphBuilt();
      return index;
    };
    try {
      const first = await open();
      expect(first.graphStatus()).toMatchObject({
        mode: 'approximate',
        timing: { source: 'built' },
      });
      const second = await open();
      expect(second.graphStatus()).toMatchObject({
        mode: 'approximate',
        timing: { source: 'loaded', patchedRows: 0 },
      });
      const query = await extractQuery(originals[2]!.png);
      const options = { ignoreColor: false, limit: 10 };
      expect(second.search(query, options).same[0]?.id).toBe(originals[2]!.id);
      expect(second.search(query, options)).toEqual(first.search(query, options));
      first.stop();
      second.stop();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('describes again, after an upgrade, the works stored with an older descriptor version', async () => {
    const stale = originals.slice(0, 3).map((o) => o.id);
    await t.deps.db
      .updateTable('work_image_descriptors')
      .set({ version: DESCRIPTOR_VERSION - 1 })
      .where('work_id', 'in', stale)
      .execute();
    const restarted = await buildApp({
      deps: t.deps,
      config: { webRoot: t.webRoot, nodeEnv: 'test' },
    });
    try {
      await restarted.ready();
      const index = restarted.imageIndex;
      await index.whenIdle();
      expect(index.status()).toMatchObject({ indexed: 10, pending: 0, loaded: true });
      expect(index.describedCount).toBe(3);
      const versions = await t.deps.db
        .selectFrom('work_image_descriptors')
        .select(['version'])
        .where('work_id', 'in', stale)
        .execute();
      expect(versions.map((v) => v.version)).toEqual([
        DESCRIPTOR_VERSION,
        DESCRIPTOR_VERSION,
        DESCRIPTOR_VERSION,
      ]);
      const res = await restarted.inject({
        method: 'POST',
        url: searchImage.path,
        payload: { files: [file('q.png', originals[1]!.png)] },
      });
      expect(res.json<Body<ImageSearchResult>>().data.same[0]?.id).toBe(originals[1]!.id);
    } finally {
      await restarted.close();
    }
  });
});
