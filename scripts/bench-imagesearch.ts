// Image-search benchmark: our descriptors + index against a 64-bit DCT pHash baseline (sharp-phash),
// measured in the same run on the same queries. See docs/benchmarks.md for the recorded numbers.
//
//   npm run bench:imagesearch -- [--corpus DIR] [--distractors N] [--json]
//        [--corpora demo,lowcontrast,cloth,lineart,photographic] [--no-timing]
//        [--search-scale N] [--limit N] [--transforms a,b] [--no-cache]
//        [--scan-compare ROWS] [--scan-only]
//
// Corpora (issue 15): the 320 demo works, and 120 each of four texture corpora drawn by
// bench-imagesearch/corpora.ts — low-contrast (paper, fine noise, fine dots), cloth (woven,
// knitted), line art and photographic textures. With any texture corpus in the run, half of the
// distractors are textures of the same kinds (other seeds). --limit caps every corpus. Results are
// reported per corpus. Transforms include product photo, screen photo and scan
// (bench-imagesearch/transforms.ts).
//
// --scan-compare ROWS times the exact stage-one scan three ways on the same ROWS vectors (real
// descriptors' views repeated with noise), the same query pairs and the same k: our WebAssembly
// SIMD int8 kernel, usearch's exactSearch (f32 and i8, one thread and all cores), and the plain
// JavaScript float loop. --scan-only skips the retrieval and timing sections (use with --limit
// and a small --distractors) so that comparison runs in a minute.
//
// Images (demo corpus, distractors, transformed queries) and index descriptors are cached under
// .tmp/bench-imagesearch, keyed by the source of the extractor, so reruns only pay for what changed.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import phash from 'sharp-phash';
import { planDemoWorks } from '../src/server/db/seed/seed-demo';
import {
  PALETTES,
  PATTERN_STYLES,
  createRandom,
  renderPattern,
} from '../src/server/db/seed/pattern-art';
import type { Palette, PatternSpec } from '../src/server/db/seed/pattern-art';
import {
  COARSE_DIMS,
  DESCRIPTOR_VERSION,
  STRUCTURE_DIMS,
  deserialiseDescriptor,
  extractIndexDescriptor,
  extractQueryDescriptor,
  serialiseDescriptor,
} from '../src/server/modules/search/image/descriptors';
import type { ImageDescriptor } from '../src/server/modules/search/image/descriptors';
import { createRequire } from 'node:module';
import { ScalingCandidateIndex } from '../src/server/modules/search/image/approximate-index';
import { BruteForceIndex } from '../src/server/modules/search/image/vector-index';
import { ImageMatcher, STAGE_ONE_GRAPH_WEIGHTS } from '../src/server/modules/search/image/searcher';
import { extractQuery } from '../src/server/modules/search/image/query-views';
import type { QueryDescriptor } from '../src/server/modules/search/image/query-views';
import { TEXTURE_CORPORA, renderTexture } from './bench-imagesearch/corpora';
import type { TextureCorpus } from './bench-imagesearch/corpora';
import { PHOTO_TRANSFORMS, photoTransform } from './bench-imagesearch/transforms';

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, '.tmp', 'bench-imagesearch');
const DEMO_CORPUS_SIZE = 320;
const CORPUS_PX = 800;
const DISTRACTOR_PX = 400;
/** Targets drawn per texture corpus (issue 15), and their size. */
const TEXTURE_CORPUS_SIZE = 120;
const TEXTURE_PX = 512;
const CORPORA = ['demo', ...TEXTURE_CORPORA] as const;
type CorpusName = (typeof CORPORA)[number];
const RESULTS = 100;

const TRANSFORMS = [
  'identity',
  'jpeg50',
  'jpeg30',
  'resize50',
  'resize25',
  'crop70',
  'crop50',
  'rotate90',
  'rotate180',
  'rotate270',
  'flip',
  'colour',
  'offset',
  'photo',
  ...PHOTO_TRANSFORMS,
] as const;
type Transform = (typeof TRANSFORMS)[number];

type CorpusImage = { key: string; bytes: Buffer; seamless: boolean; group: string; local: number };

// ---------- helpers ----------

const log = (line: string) => process.stderr.write(`${line}\n`);

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function pool<T, R>(
  items: readonly T[],
  size: number,
  run: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await run(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return out;
}

async function cached(
  file: string,
  make: () => Promise<Buffer>,
  useCache: boolean,
): Promise<Buffer> {
  if (useCache && existsSync(file)) return readFile(file);
  const bytes = await make();
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, bytes);
  return bytes;
}

// ---------- corpus and distractors ----------

async function demoCorpus(useCache: boolean): Promise<CorpusImage[]> {
  const plan = planDemoWorks(DEMO_CORPUS_SIZE);
  log(`corpus: ${plan.length} demo works at ${CORPUS_PX}px`);
  return pool(plan, 2, async (work, i) => ({
    key: `seed-${work.index}`,
    group: 'demo',
    local: i,
    seamless: work.spec.seamless,
    bytes: await cached(
      join(CACHE, 'corpus', `seed-${work.index}.png`),
      () => renderPattern(work.spec, CORPUS_PX),
      useCache,
    ),
  }));
}

const IMAGE_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.gif',
  '.tif',
  '.tiff',
  '.bmp',
  '.svg',
]);

async function folderCorpus(dir: string): Promise<CorpusImage[]> {
  const names = (await readdir(dir))
    .filter((n) => IMAGE_EXTENSIONS.has(extname(n).toLowerCase()))
    .sort();
  log(`corpus: ${names.length} images from ${dir}`);
  return Promise.all(
    names.map(async (n, i) => ({
      key: n,
      group: 'dir',
      local: i,
      seamless: true,
      bytes: await readFile(join(dir, n)),
    })),
  );
}

/** A palette hue-rotated and jittered, so distractors are not limited to the demo's 28 palettes. */
function jitterPalette(base: Palette, random: () => number): Palette {
  const turn = random() * 360;
  const colors = base.colors.map((hex) => {
    const v = Number.parseInt(hex.slice(1), 16);
    const [r, g, b] = [(v >> 16) & 255, (v >> 8) & 255, v & 255];
    // Rotate hue in YIQ space: cheap and keeps luminance.
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const i = 0.596 * r - 0.274 * g - 0.322 * b;
    const q = 0.211 * r - 0.523 * g + 0.312 * b;
    const c = Math.cos((turn * Math.PI) / 180);
    const s = Math.sin((turn * Math.PI) / 180);
    const i2 = i * c - q * s;
    const q2 = i * s + q * c;
    const clamp = (x: number) => Math.max(0, Math.min(255, Math.round(x + (random() - 0.5) * 30)));
    const out = [
      y + 0.956 * i2 + 0.621 * q2,
      y - 0.272 * i2 - 0.647 * q2,
      y - 1.106 * i2 + 1.703 * q2,
    ];
    return `#${out.map((x) => clamp(x).toString(16).padStart(2, '0')).join('')}`;
  });
  return { name: `${base.name}-j`, colors };
}

function distractorSpecs(count: number): PatternSpec[] {
  const random = createRandom(4_242_4242);
  return Array.from({ length: count }, (_, i) => {
    const style = PATTERN_STYLES[Math.floor(random() * PATTERN_STYLES.length)]!;
    const base = PALETTES[Math.floor(random() * PALETTES.length)]!;
    const palette = random() < 0.5 ? base : jitterPalette(base, random);
    return { style, palette, seed: 9_000_000 + i, seamless: random() < 0.8 };
  });
}

/** Hash of the texture and photo generators' source: their cached images are keyed by it. */
async function generatorKey(): Promise<string> {
  const hash = createHash('sha1');
  for (const f of ['corpora.ts', 'transforms.ts'])
    hash.update(await readFile(join(ROOT, 'scripts', 'bench-imagesearch', f)));
  return hash.digest('hex').slice(0, 8);
}

/** Targets of a texture corpus (issue 15): drawn by scripts/bench-imagesearch/corpora.ts. */
async function textureCorpus(
  name: TextureCorpus,
  count: number,
  useCache: boolean,
): Promise<CorpusImage[]> {
  log(`corpus: ${count} ${name} textures at ${TEXTURE_PX}px`);
  return pool(
    Array.from({ length: count }, (_, i) => i),
    2,
    async (i) => ({
      key: `${name}-${i}`,
      group: name,
      local: i,
      seamless: true,
      bytes: await cached(
        join(CACHE, `textures-${await generatorKey()}`, name, `${i}.png`),
        () => renderTexture(name, i, TEXTURE_PX),
        useCache,
      ),
    }),
  );
}

/** Texture distractors, spread evenly over the texture corpora (other seeds than the targets). */
async function textureDistractors(count: number, useCache: boolean): Promise<Buffer[]> {
  log(`texture distractors: ${count} at ${DISTRACTOR_PX}px`);
  const k = TEXTURE_CORPORA.length;
  return pool(
    Array.from({ length: count }, (_, i) => i),
    2,
    async (i) => {
      const corpus = TEXTURE_CORPORA[i % k]!;
      const index = Math.floor(i / k);
      return cached(
        join(CACHE, `texture-distractors-${await generatorKey()}`, `${corpus}-${index}.png`),
        () => renderTexture(corpus, index, DISTRACTOR_PX, true),
        useCache,
      );
    },
  );
}

async function distractors(count: number, useCache: boolean): Promise<Buffer[]> {
  const specs = distractorSpecs(count);
  log(`distractors: ${count} at ${DISTRACTOR_PX}px`);
  let done = 0;
  return pool(specs, 2, async (spec, i) => {
    const bytes = await cached(
      join(CACHE, 'distractors', `d-${i}.png`),
      () => renderPattern(spec, DISTRACTOR_PX),
      useCache,
    );
    if (++done % 1000 === 0) log(`  distractors ${done}/${count}`);
    return bytes;
  });
}

// ---------- transforms ----------

async function gammaAdjust(input: Buffer, gamma: number): Promise<Buffer> {
  const { data, info } = await sharp(input)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.round(255 * (v / 255) ** gamma);
  for (let i = 0; i < data.length; i++) data[i] = lut[data[i]!]!;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .png()
    .toBuffer();
}

const isPhoto = (t: Transform): t is (typeof PHOTO_TRANSFORMS)[number] =>
  (PHOTO_TRANSFORMS as readonly string[]).includes(t);

async function transformImage(t: Transform, bytes: Buffer, seed: number): Promise<Buffer> {
  if (isPhoto(t)) return photoTransform(t, bytes, seed);
  const random = createRandom(seed);
  const meta = await sharp(bytes).metadata();
  const w = meta.width ?? 1;
  const h = meta.height ?? 1;
  const crop = (f: number) => {
    const cw = Math.round(w * f);
    const ch = Math.round(h * f);
    return {
      left: Math.floor(random() * (w - cw + 1)),
      top: Math.floor(random() * (h - ch + 1)),
      width: cw,
      height: ch,
    };
  };
  const png = (s: Sharp) => s.png().toBuffer();
  switch (t) {
    case 'identity':
      return bytes;
    case 'jpeg50':
      return sharp(bytes).jpeg({ quality: 50 }).toBuffer();
    case 'jpeg30':
      return sharp(bytes).jpeg({ quality: 30 }).toBuffer();
    case 'resize50':
      return png(sharp(bytes).resize(Math.round(w * 0.5)));
    case 'resize25':
      return png(sharp(bytes).resize(Math.round(w * 0.25)));
    case 'crop70':
      return png(sharp(bytes).extract(crop(0.7)));
    case 'crop50':
      return png(sharp(bytes).extract(crop(0.5)));
    case 'rotate90':
      return png(sharp(bytes).rotate(90));
    case 'rotate180':
      return png(sharp(bytes).rotate(180));
    case 'rotate270':
      return png(sharp(bytes).rotate(270));
    case 'flip':
      return png(sharp(bytes).flop());
    case 'colour':
      return png(sharp(bytes).modulate({ hue: 40, saturation: 0.7, brightness: 1.15 }));
    case 'offset': {
      // Phase shift of a seamless tile: tile 2×2, cut a tile-sized window at a random offset.
      const dx = Math.floor(w * (0.15 + 0.7 * random()));
      const dy = Math.floor(h * (0.15 + 0.7 * random()));
      const tiled = await sharp(bytes)
        .extend({ right: w, bottom: h, extendWith: 'repeat' })
        .png()
        .toBuffer();
      return png(sharp(tiled).extract({ left: dx, top: dy, width: w, height: h }));
    }
    case 'photo': {
      // A phone photo of a printed sample: off-centre crop, 7° turn, gamma, blur, JPEG.
      const region = crop(0.85);
      const turned = await sharp(bytes)
        .extract(region)
        .rotate(7, { background: '#808080' })
        .png()
        .toBuffer();
      const tm = await sharp(turned).metadata();
      const tw = tm.width ?? 1;
      const th = tm.height ?? 1;
      const inner = Math.round(Math.min(region.width, region.height) * 0.8);
      const cut = await sharp(turned)
        .extract({
          left: Math.floor((tw - inner) / 2),
          top: Math.floor((th - inner) / 2),
          width: inner,
          height: inner,
        })
        .png()
        .toBuffer();
      const toned = await gammaAdjust(cut, 1.3);
      return sharp(toned).blur(1.2).jpeg({ quality: 70 }).toBuffer();
    }
  }
}

// ---------- methods ----------

type PhashIndex = { ids: number[]; lo: Uint32Array; hi: Uint32Array };

function phashWords(bits: string): [number, number] {
  return [
    Number.parseInt(bits.slice(0, 32), 2) >>> 0,
    Number.parseInt(bits.slice(32, 64), 2) >>> 0,
  ];
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Rank of `target` by Hamming distance (ties broken at random, seeded), or Infinity past RESULTS. */
function phashRank(
  index: PhashIndex,
  query: [number, number],
  target: number,
  random: () => number,
): number {
  let targetDistance = 65;
  const distances = new Uint8Array(index.ids.length);
  for (let i = 0; i < index.ids.length; i++) {
    const d = popcount(index.lo[i]! ^ query[0]) + popcount(index.hi[i]! ^ query[1]);
    distances[i] = d;
    if (index.ids[i] === target) targetDistance = d;
  }
  let closer = 0;
  let ties = 0;
  for (let i = 0; i < distances.length; i++) {
    if (distances[i]! < targetDistance) closer++;
    else if (distances[i] === targetDistance && index.ids[i] !== target) ties++;
  }
  const rank = closer + 1 + Math.floor(random() * (ties + 1));
  return rank <= RESULTS ? rank : Infinity;
}

/** Rank as the product shows results: 同款 first, then 相似. */
function oursRank(matcher: ImageMatcher, query: ImageDescriptor, target: number): number {
  const { same, similar } = matcher.search(query, { ignoreColor: false, limit: RESULTS });
  const i = [...same, ...similar].findIndex((h) => h.id === target);
  return i < 0 ? Infinity : i + 1;
}

type Scores = { r1: number; r10: number; map: number };

function summarise(ranks: readonly number[]): Scores {
  const n = Math.max(1, ranks.length);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    r1: round(ranks.filter((r) => r <= 1).length / n),
    r10: round(ranks.filter((r) => r <= 10).length / n),
    // One relevant item per query, so average precision is 1/rank (0 when not returned).
    map: round(ranks.reduce((s, r) => s + (Number.isFinite(r) ? 1 / r : 0), 0) / n),
  };
}

// ---------- descriptor cache ----------

async function extractorKey(): Promise<string> {
  const dir = join(ROOT, 'src/server/modules/search/image');
  const hash = createHash('sha1');
  const parts = (await readdir(join(dir, 'descriptors'))).sort().map((f) => `descriptors/${f}`);
  for (const f of ['descriptors.ts', ...parts, 'decode.ts', 'fft.ts'])
    hash.update(await readFile(join(dir, f)));
  return `${DESCRIPTOR_VERSION}-${hash.digest('hex').slice(0, 12)}`;
}

async function describeAll(
  name: string,
  images: readonly Buffer[],
  useCache: boolean,
): Promise<{ ours: ImageDescriptor[]; phash: [number, number][] }> {
  const key = await extractorKey();
  const oursFile = join(CACHE, 'descriptors', `ours-${key}-${name}.bin`);
  const phashFile = join(CACHE, 'descriptors', `phash-${name}.json`);
  let ours: ImageDescriptor[] | null = null;
  if (useCache && existsSync(oursFile)) {
    const buf = await readFile(oursFile);
    const list: ImageDescriptor[] = [];
    for (let o = 0; o < buf.length;) {
      const len = buf.readUInt32LE(o);
      const d = deserialiseDescriptor(buf.subarray(o + 4, o + 4 + len));
      if (!d) break;
      list.push(d);
      o += 4 + len;
    }
    if (list.length === images.length) ours = list;
  }
  if (!ours) {
    log(`describing ${images.length} ${name} images (ours)`);
    let done = 0;
    ours = await pool(images, 2, async (bytes) => {
      const d = await extractIndexDescriptor(bytes);
      if (++done % 2000 === 0) log(`  ${done}/${images.length}`);
      return d;
    });
    const parts = ours.map((d) => {
      const body = serialiseDescriptor(d);
      const head = Buffer.alloc(4);
      head.writeUInt32LE(body.length);
      return Buffer.concat([head, body]);
    });
    await mkdir(join(CACHE, 'descriptors'), { recursive: true });
    await writeFile(oursFile, Buffer.concat(parts));
  }
  let hashes: [number, number][] | null = null;
  if (useCache && existsSync(phashFile)) {
    const parsed = JSON.parse(await readFile(phashFile, 'utf8')) as [number, number][];
    if (parsed.length === images.length) hashes = parsed;
  }
  if (!hashes) {
    log(`describing ${images.length} ${name} images (pHash)`);
    hashes = await pool(images, 2, async (bytes) => phashWords(await phash(bytes)));
    await mkdir(join(CACHE, 'descriptors'), { recursive: true });
    await writeFile(phashFile, JSON.stringify(hashes));
  }
  return { ours, phash: hashes };
}

// ---------- timing ----------

async function extractionTimes(
  corpus: readonly CorpusImage[],
): Promise<{ ours: number[]; oursIndex: number[]; phash: number[] }> {
  const samples = await Promise.all(
    corpus
      .slice(0, 60)
      .map((c) => sharp(c.bytes).resize(1000, 1000).jpeg({ quality: 90 }).toBuffer()),
  );
  const ours: number[] = [];
  const oursIndex: number[] = [];
  const ph: number[] = [];
  for (const bytes of samples.slice(0, 5)) {
    await extractQuery(bytes);
    await extractIndexDescriptor(bytes);
    await phash(bytes);
  }
  for (const bytes of samples) {
    let t0 = performance.now();
    await extractQuery(bytes);
    ours.push(performance.now() - t0);
    t0 = performance.now();
    await extractIndexDescriptor(bytes);
    oursIndex.push(performance.now() - t0);
    t0 = performance.now();
    await phash(bytes);
    ph.push(performance.now() - t0);
  }
  return { ours, oursIndex, phash: ph };
}

/** A matcher holding `n` works: real descriptors repeated with noise stand in for a larger catalogue. */
function matcherAtScale(
  base: readonly ImageDescriptor[],
  n: number,
  matcher: ImageMatcher = new ImageMatcher(),
): ImageMatcher {
  const random = createRandom(99);
  for (let i = 0; i < n; i++) {
    const src = base[i % base.length]!;
    const jitter = (v: Float32Array) => v.map((x) => x + (random() - 0.5) * 0.02);
    matcher.set(
      i + 1,
      {
        ...src,
        views: src.views.map((v) => ({ coarse: jitter(v.coarse), spectrum: jitter(v.spectrum) })),
      },
      { kid: 1, parentKid: 0 },
    );
  }
  return matcher;
}

function timeSearches(
  matcher: ImageMatcher,
  queries: readonly ImageDescriptor[],
): { times: number[]; top10: number[][] } {
  const times: number[] = [];
  const top10: number[][] = [];
  for (const [i, q] of queries.entries()) {
    const t0 = performance.now();
    const found = matcher.search(q, { ignoreColor: i % 2 === 1, limit: RESULTS });
    times.push(performance.now() - t0);
    top10.push([...found.same, ...found.similar].slice(0, 10).map((h) => h.id));
  }
  return { times, top10 };
}

type AtScale = {
  /** Search times with the exact stage one (what ran before the graph was ready). */
  exactTimes: number[];
  /** Search times as the product answers at this size (the graph past 100,000 works). */
  times: number[];
  /** Filtered searches (a category; answered by the exact stage one at every size). */
  filteredTimes: number[];
  graph: null | {
    buildMs: number;
    loadMs: number;
    /** Share of the exact search's final top 10 the graph's search returns (works, then pictures). */
    recall10: number;
    pictureRecall10: number;
    /** The query's own picture first / in the first 10, exact and graph. */
    exactR1: number;
    exactR10: number;
    graphR1: number;
    graphR10: number;
    rows: number;
  };
  rssMb: number;
};

/**
 * Search at `n` works as the server does it: the image index's stage one (exact up to 100,000
 * works, past that an HNSW graph built in a worker and kept in a file), every query with its
 * printed-region views. The exact stage one is timed on the same works first, as the baseline and
 * the truth for recall@10; then the graph is built (timed), dropped and loaded from its file (timed).
 */
async function searchAtScale(
  base: readonly ImageDescriptor[],
  queries: readonly ImageDescriptor[],
  targets: readonly number[],
  n: number,
): Promise<AtScale> {
  const graphFile = join(CACHE, 'graphs', `scale-${n}`);
  await mkdir(join(CACHE, 'graphs'), { recursive: true });
  const candidates = new ScalingCandidateIndex(COARSE_DIMS, {
    graphWeights: STAGE_ONE_GRAPH_WEIGHTS,
    graphFile,
    graphTag: `bench-${DESCRIPTOR_VERSION}-${base.length}`,
    buildOnThreshold: false,
    log,
  });
  const matcher = matcherAtScale(base, n, new ImageMatcher(candidates));
  log(`${n} works in the index (${candidates.size} rows); exact stage one first`);
  const exact = timeSearches(matcher, queries);
  const filteredTimes: number[] = [];
  for (const q of queries.slice(0, 20)) {
    const t0 = performance.now();
    matcher.search(q, { ignoreColor: false, limit: RESULTS, filter: new Set([1]) });
    filteredTimes.push(performance.now() - t0);
  }
  let graph: AtScale['graph'] = null;
  let times = exact.times;
  // A graph left by an earlier run at this size would be loaded: build it fresh to time the build.
  await rm(`${graphFile}.json`, { force: true });
  candidates.buildIfLarge();
  if (candidates.mode !== 'exact') {
    await candidates.whenBuilt();
    const built = candidates.graphTiming;
    if (!built) throw new Error('usearch did not load: no graph was built');
    candidates.forgetGraph();
    candidates.buildIfLarge();
    await candidates.whenBuilt();
    const loaded = candidates.graphTiming;
    if (loaded?.source !== 'loaded') throw new Error('the stored graph was not loaded');
    const approx = timeSearches(matcher, queries);
    times = approx.times;
    const picture = (id: number) => (id - 1) % base.length;
    let shared = 0;
    let sharedPictures = 0;
    let wanted = 0;
    let wantedPictures = 0;
    exact.top10.forEach((ids, i) => {
      const got = new Set(approx.top10[i]);
      wanted += ids.length;
      shared += ids.filter((id) => got.has(id)).length;
      // Noisy copies of one picture nearly tie: which pictures come back, not which copies.
      const gotPictures = new Set([...got].map(picture));
      const want = new Set(ids.map(picture));
      wantedPictures += want.size;
      sharedPictures += [...want].filter((p) => gotPictures.has(p)).length;
    });
    const found = (top10: number[][], within: number) =>
      top10.filter((ids, i) => ids.slice(0, within).some((id) => picture(id) === targets[i]))
        .length / Math.max(1, top10.length);
    graph = {
      exactR1: found(exact.top10, 1),
      exactR10: found(exact.top10, 10),
      graphR1: found(approx.top10, 1),
      graphR10: found(approx.top10, 10),
      buildMs: built.readyMs,
      loadMs: loaded.readyMs,
      recall10: shared / Math.max(1, wanted),
      pictureRecall10: sharedPictures / Math.max(1, wantedPictures),
      rows: candidates.size,
    };
  }
  return {
    exactTimes: exact.times,
    times,
    filteredTimes,
    graph,
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  };
}

// ---------- scan kernel against usearch's exact search ----------

type UsearchExact = {
  exactSearch(
    dataset: Float32Array | Int8Array,
    queries: Float32Array | Int8Array,
    dimensions: number,
    count: number,
    metric: string,
    threads?: number,
  ): { keys: BigUint64Array; distances: Float32Array };
  MetricKind: { IP: string };
};

type ScanRow = { name: string; qps: number; ratio: number; overlap: number };

/**
 * The exact stage-one scan on `rows` vectors, every way on the same vectors, queries and k: our
 * int8 WebAssembly SIMD kernel (BruteForceIndex), usearch's exactSearch over f32 and over i8 rows
 * (one thread, and as many as it likes), and the plain JavaScript float loop. A "query" is one
 * stage-one search: the pair [structure only, structure + colour], top k of each.
 */
function scanComparison(
  base: readonly ImageDescriptor[],
  rows: number,
  queryCount: number,
  k: number,
): ScanRow[] {
  const dims = COARSE_DIMS;
  const random = createRandom(123);
  const views = base.flatMap((d) => d.views.map((v) => v.coarse));
  const flat = new Float32Array(rows * dims);
  for (let r = 0; r < rows; r++) {
    const src = views[r % views.length]!;
    for (let i = 0; i < dims; i++) flat[r * dims + i] = src[i]! + (random() - 0.5) * 0.02;
  }
  const pairs: [Float32Array, Float32Array][] = [];
  for (let q = 0; q < queryCount; q++) {
    const src = views[(q * 7919) % views.length]!.map((x) => x + (random() - 0.5) * 0.05);
    const structure = src.slice();
    structure.fill(0, STRUCTURE_DIMS);
    pairs.push([structure, src]);
  }
  const toI8 = (v: Float32Array) =>
    Int8Array.from(v, (x) => Math.max(-127, Math.min(127, Math.round(x * 127))));
  const flatI8 = toI8(flat);

  const timeIt = (run: (pair: [Float32Array, Float32Array]) => number[][]) => {
    run(pairs[0]!); // warm-up
    const results: number[][][] = [];
    const t0 = performance.now();
    for (const pair of pairs) results.push(run(pair));
    return { qps: pairs.length / ((performance.now() - t0) / 1000), results };
  };
  const viaIndex = (simd: boolean) => {
    const index = new BruteForceIndex(dims, { simd });
    for (let r = 0; r < rows; r++)
      index.upsert(r, flat.subarray(r * dims, (r + 1) * dims), { kid: 1, parentKid: 0 });
    return timeIt((pair) => index.search(pair, k).map((hits) => hits.map((h) => h.id)));
  };
  log(`scan comparison: ${rows} rows × ${dims} dims, ${queryCount} query pairs, k = ${k}`);
  const plain = viaIndex(false);
  const measured: { name: string; qps: number; results: number[][][] }[] = [
    { name: 'WebAssembly SIMD int8 kernel (ours, 1 thread)', ...viaIndex(true) },
  ];
  let usearch: UsearchExact | null = null;
  try {
    const loaded = createRequire(import.meta.url)('usearch') as
      UsearchExact | { default: UsearchExact };
    usearch = 'exactSearch' in loaded ? loaded : loaded.default;
  } catch (err) {
    log(`usearch did not load (${String(err)}): compared with the plain loop only`);
  }
  if (usearch) {
    const u = usearch;
    const exact = (data: Float32Array | Int8Array, i8: boolean, threads: number) =>
      timeIt((pair) => {
        const q = i8
          ? toI8(Float32Array.from([...pair[0], ...pair[1]]))
          : new Float32Array(2 * dims);
        if (!i8) {
          q.set(pair[0]);
          q.set(pair[1], dims);
        }
        const found = u.exactSearch(data, q, dims, k, u.MetricKind.IP, threads);
        const keys = Array.from(found.keys, Number);
        return [keys.slice(0, k), keys.slice(k, 2 * k)];
      });
    measured.push(
      { name: 'usearch exactSearch, f32 rows, 1 thread', ...exact(flat, false, 1) },
      { name: 'usearch exactSearch, f32 rows, 2 threads', ...exact(flat, false, 2) },
      { name: 'usearch exactSearch, i8 rows, 1 thread', ...exact(flatI8, true, 1) },
    );
  }
  measured.push({ name: 'plain JavaScript float loop (1 thread)', ...plain });
  const ours = measured[0]!.qps;
  // How much of the float-exact top k (the plain loop) each one returns.
  const overlap = (results: number[][][]) => {
    let shared = 0;
    let total = 0;
    results.forEach((lists, q) =>
      lists.forEach((ids, j) => {
        const want = new Set(plain.results[q]![j]);
        shared += ids.filter((id) => want.has(id)).length;
        total += want.size;
      }),
    );
    return shared / Math.max(1, total);
  };
  return measured.map((m) => ({
    name: m.name,
    qps: m.qps,
    ratio: m.qps / ours,
    overlap: overlap(m.results),
  }));
}

// ---------- main ----------

type MethodReport = Record<string, Scores>;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string' },
      corpora: { type: 'string' },
      distractors: { type: 'string', default: '10000' },
      json: { type: 'boolean', default: false },
      'search-scale': { type: 'string', default: '100000' },
      limit: { type: 'string' },
      transforms: { type: 'string' },
      'no-cache': { type: 'boolean', default: false },
      'scan-compare': { type: 'string', default: '0' },
      'scan-only': { type: 'boolean', default: false },
      'no-timing': { type: 'boolean', default: false },
      'whole-only': { type: 'boolean', default: false },
    },
  });
  const useCache = !values['no-cache'];
  // --whole-only: queries described whole, without the printed-region view (the version-6 search).
  const wholeOnly = values['whole-only'];
  const distractorCount = Number(values.distractors);
  const scale = Number(values['search-scale']);
  const started = performance.now();

  const limit = values.limit ? Number(values.limit) : Infinity;
  const selected: CorpusName[] = values.corpora
    ? CORPORA.filter((c) => values.corpora!.split(',').includes(c))
    : [...CORPORA];
  const corpus: CorpusImage[] = [];
  if (values.corpus) corpus.push(...(await folderCorpus(resolve(values.corpus))).slice(0, limit));
  else {
    for (const name of selected) {
      const part =
        name === 'demo'
          ? await demoCorpus(useCache)
          : await textureCorpus(name, Math.min(limit, TEXTURE_CORPUS_SIZE), useCache);
      corpus.push(...part.slice(0, limit));
    }
  }
  const groups = [...new Set(corpus.map((c) => c.group))];
  const transforms = values.transforms
    ? TRANSFORMS.filter((t) => values.transforms!.split(',').includes(t))
    : TRANSFORMS;
  const corpusName = values.corpus
    ? `dir-${createHash('sha1').update(resolve(values.corpus)).digest('hex').slice(0, 8)}`
    : groups.join('+') + (groups.some((g) => g !== 'demo') ? `-${await generatorKey()}` : '');

  // With texture corpora in the run, half of the distractors are textures of the same kinds.
  const textureCount = groups.some((g) => g !== 'demo' && g !== 'dir')
    ? Math.floor(distractorCount / 2)
    : 0;
  const patternCount = distractorCount - textureCount;
  const patternImages = await distractors(patternCount, useCache);
  const textureImages = await textureDistractors(textureCount, useCache);
  const distractorImages = [...patternImages, ...textureImages];
  const corpusDesc = await describeAll(
    `${corpusName}-${corpus.length}`,
    corpus.map((c) => c.bytes),
    useCache,
  );
  const patternDesc = await describeAll(`distractors-${patternCount}`, patternImages, useCache);
  const textureDesc = await describeAll(
    `texture-distractors-${await generatorKey()}-${textureCount}`,
    textureImages,
    useCache,
  );
  const distractorDesc = {
    ours: [...patternDesc.ours, ...textureDesc.ours],
    phash: [...patternDesc.phash, ...textureDesc.phash],
  };

  const scanRows = Number(values['scan-compare']);
  const scanLines = (): string[] => {
    if (scanRows <= 0) return [];
    const k = 400; // the searcher's stage one: 4 view slots × 100 candidates
    const table = scanComparison([...corpusDesc.ours, ...distractorDesc.ours], scanRows, 40, k);
    return [
      '',
      `Exact stage-one scan, ${scanRows} rows × ${COARSE_DIMS} dims, k = ${k}, a query = the pair [structure, structure + colour]:`,
      '',
      '| scan | queries/s | × ours | top-k overlap with float exact |',
      '|---|---:|---:|---:|',
      ...table.map(
        (r) =>
          `| ${r.name} | ${r.qps.toFixed(1)} | ${r.ratio.toFixed(2)} | ${(r.overlap * 100).toFixed(1)} % |`,
      ),
    ];
  };
  if (values['scan-only']) {
    console.log(
      [
        `Descriptors: ${corpusDesc.ours.length} corpus + ${distractorDesc.ours.length} distractors.`,
        ...scanLines(),
        '',
        `Run time ${Math.round((performance.now() - started) / 1000)} s.`,
      ].join('\n'),
    );
    return;
  }

  const matcher = new ImageMatcher();
  const phIndex: PhashIndex = {
    ids: [],
    lo: new Uint32Array(corpus.length + distractorCount),
    hi: new Uint32Array(corpus.length + distractorCount),
  };
  const add = (id: number, d: ImageDescriptor, h: [number, number]) => {
    matcher.set(id, d, { kid: 1, parentKid: 0 });
    phIndex.lo[phIndex.ids.length] = h[0];
    phIndex.hi[phIndex.ids.length] = h[1];
    phIndex.ids.push(id);
  };
  corpus.forEach((_, i) => add(i + 1, corpusDesc.ours[i]!, corpusDesc.phash[i]!));
  distractorImages.forEach((_, j) =>
    add(1_000_001 + j, distractorDesc.ours[j]!, distractorDesc.phash[j]!),
  );
  const n = matcher.size;
  log(`index: ${n} images (${corpus.length} corpus + ${distractorCount} distractors)`);

  const generators = await generatorKey();
  const ours: Record<string, MethodReport> = Object.fromEntries(groups.map((g) => [g, {}]));
  const ph: Record<string, MethodReport> = Object.fromEntries(groups.map((g) => [g, {}]));
  const counts: Record<string, Record<string, number>> = Object.fromEntries(
    groups.map((g) => [g, {}]),
  );
  const searchOurs: number[] = [];
  const searchPhash: number[] = [];
  const queryDescriptors: ImageDescriptor[] = [];
  /** The corpus picture each of those queries is a copy of. */
  const queryTargets: number[] = [];
  const tieBreak = createRandom(7);
  for (const t of transforms) {
    const items = corpus.map((c, i) => ({ c, i })).filter(({ c }) => t !== 'offset' || c.seamless);
    const ranks = await pool(items, 2, async ({ c, i }) => {
      const bytes = await cached(
        // Demo queries of the old transforms keep their cache; the rest is keyed by the generators.
        join(
          CACHE,
          'queries',
          c.group === 'demo' && !isPhoto(t) ? 'demo' : `${c.group}-${generators}`,
          t,
          `${c.local}.bin`,
        ),
        () => transformImage(t, c.bytes, 1000 + c.local),
        useCache && !values.corpus,
      );
      const [d, h] = await Promise.all([
        (wholeOnly
          ? extractQueryDescriptor(bytes)
          : extractQuery(bytes)) as Promise<QueryDescriptor>,
        phash(bytes),
      ]);
      return { i, d, h: phashWords(h) };
    });
    const regions: Record<string, number> = Object.fromEntries(groups.map((g) => [g, 0]));
    const oursRanks: Record<string, number[]> = Object.fromEntries(groups.map((g) => [g, []]));
    const phRanks: Record<string, number[]> = Object.fromEntries(groups.map((g) => [g, []]));
    for (const { i, d, h } of ranks) {
      const group = corpus[i]!.group;
      if (d.alternatives?.length) regions[group]!++;
      let t0 = performance.now();
      oursRanks[group]!.push(oursRank(matcher, d, i + 1));
      searchOurs.push(performance.now() - t0);
      t0 = performance.now();
      phRanks[group]!.push(phashRank(phIndex, h, i + 1, tieBreak));
      searchPhash.push(performance.now() - t0);
      if (queryDescriptors.length < 400 && i % 3 === 0) {
        queryDescriptors.push(d);
        queryTargets.push(i);
      }
    }
    for (const g of groups) {
      const o = summarise(oursRanks[g]!);
      const p = summarise(phRanks[g]!);
      ours[g]![t] = o;
      ph[g]![t] = p;
      counts[g]![t] = oursRanks[g]!.length;
      log(
        `${g.padEnd(12)} ${t.padEnd(10)} n=${oursRanks[g]!.length}  ours r1 ${o.r1} r10 ${o.r10} map ${o.map}   pHash r1 ${p.r1} r10 ${p.r10} map ${p.map}   printed region found ${regions[g]}`,
      );
    }
  }

  log('timing extraction on 1000×1000 JPEGs');
  const extract = values['no-timing']
    ? { ours: [], oursIndex: [], phash: [] }
    : await extractionTimes(corpus);
  let atScale: AtScale | null = null;
  if (scale > 0 && queryDescriptors.length > 0) {
    log(`timing search at ${scale} works (synthetic: real descriptors repeated with noise)`);
    atScale = await searchAtScale(
      [...corpusDesc.ours, ...distractorDesc.ours],
      queryDescriptors.slice(0, 200),
      queryTargets.slice(0, 200),
      scale,
    );
  }
  const scaleTimes = atScale?.times ?? [];
  const ms = (x: number) => Math.round(x * 100) / 100;
  const scaleLines = atScale
    ? [
        '',
        `| at ${scale} works (${queryDescriptors.slice(0, 200).length} queries) | p50 (ms) | p95 (ms) |`,
        '|---|---:|---:|',
        `| search, exact stage one | ${ms(percentile(atScale.exactTimes, 50))} | ${ms(percentile(atScale.exactTimes, 95))} |`,
        `| search, with a category filter (exact) | ${ms(percentile(atScale.filteredTimes, 50))} | ${ms(percentile(atScale.filteredTimes, 95))} |`,
        `| search as served (${atScale.graph ? 'HNSW graph' : 'exact'}) | ${ms(percentile(atScale.times, 50))} | ${ms(percentile(atScale.times, 95))} |`,
        '',
        ...(atScale.graph
          ? [
              `Graph of ${atScale.graph.rows} rows built in ${Math.round(atScale.graph.buildMs / 1000)} s (worker), loaded from its file in ${(atScale.graph.loadMs / 1000).toFixed(1)} s; recall@10 against the exact search ${atScale.graph.recall10.toFixed(3)} of its works, ${atScale.graph.pictureRecall10.toFixed(3)} of its pictures (noisy copies of one picture nearly tie); the query's own picture first ${atScale.graph.graphR1.toFixed(3)} (exact ${atScale.graph.exactR1.toFixed(3)}), in the first 10 ${atScale.graph.graphR10.toFixed(3)} (exact ${atScale.graph.exactR10.toFixed(3)}).`,
            ]
          : []),
        `Process RSS ${atScale.rssMb} MB; load average ${loadavg()
          .map((x) => x.toFixed(1))
          .join(' / ')}.`,
      ]
    : [];
  const oursTiming = {
    extract_ms_p50: ms(percentile(extract.ours, 50)),
    extract_ms_p95: ms(percentile(extract.ours, 95)),
    index_extract_ms_p50: ms(percentile(extract.oursIndex, 50)),
    index_extract_ms_p95: ms(percentile(extract.oursIndex, 95)),
    search_ms_p50: ms(percentile(searchOurs, 50)),
    search_ms_p95: ms(percentile(searchOurs, 95)),
    search_ms_p50_at_scale: ms(percentile(scaleTimes, 50)),
    search_ms_p95_at_scale: ms(percentile(scaleTimes, 95)),
  };
  const scaleJson = atScale
    ? {
        exact_ms_p50_at_scale: ms(percentile(atScale.exactTimes, 50)),
        exact_ms_p95_at_scale: ms(percentile(atScale.exactTimes, 95)),
        filtered_ms_p95_at_scale: ms(percentile(atScale.filteredTimes, 95)),
        ...(atScale.graph
          ? {
              graph_build_ms: Math.round(atScale.graph.buildMs),
              graph_load_ms: Math.round(atScale.graph.loadMs),
              graph_recall10: Math.round(atScale.graph.recall10 * 1000) / 1000,
              graph_picture_recall10: Math.round(atScale.graph.pictureRecall10 * 1000) / 1000,
              r1_exact: Math.round(atScale.graph.exactR1 * 1000) / 1000,
              r10_exact: Math.round(atScale.graph.exactR10 * 1000) / 1000,
              r1_graph: Math.round(atScale.graph.graphR1 * 1000) / 1000,
              r10_graph: Math.round(atScale.graph.graphR10 * 1000) / 1000,
            }
          : {}),
        rss_mb: atScale.rssMb,
        load_average: Math.round(loadavg()[0]! * 10) / 10,
      }
    : {};
  const phTiming = {
    extract_ms_p50: ms(percentile(extract.phash, 50)),
    extract_ms_p95: ms(percentile(extract.phash, 95)),
    search_ms_p50: ms(percentile(searchPhash, 50)),
    search_ms_p95: ms(percentile(searchPhash, 95)),
  };
  if (scaleTimes.length === 0) {
    delete (oursTiming as Partial<typeof oursTiming>).search_ms_p50_at_scale;
    delete (oursTiming as Partial<typeof oursTiming>).search_ms_p95_at_scale;
  }

  const fmt = (s: Scores | undefined) => s ?? { r1: 0, r10: 0, map: 0 };
  const lines = [
    `Index: ${n} images (${corpus.length} corpus + ${patternCount} pattern and ${textureCount} texture distractors); ${COARSE_DIMS}-dim stage-one vectors.`,
    '',
    ...groups.flatMap((g) => [
      `Corpus ${g}:`,
      '',
      '| transform | queries | ours R@1 | ours R@10 | ours mAP | pHash R@1 | pHash R@10 | pHash mAP |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...transforms.map((t) => {
        const o = fmt(ours[g]![t]);
        const p = fmt(ph[g]![t]);
        return `| ${t} | ${counts[g]![t]} | ${o.r1.toFixed(3)} | ${o.r10.toFixed(3)} | ${o.map.toFixed(3)} | ${p.r1.toFixed(3)} | ${p.r10.toFixed(3)} | ${p.map.toFixed(3)} |`;
      }),
      '',
    ]),
    '',
    '| timing (ms) | ours p50 | ours p95 | pHash p50 | pHash p95 |',
    '|---|---:|---:|---:|---:|',
    `| extraction of a query, 1000×1000 JPEG | ${oursTiming.extract_ms_p50} | ${oursTiming.extract_ms_p95} | ${phTiming.extract_ms_p50} | ${phTiming.extract_ms_p95} |`,
    `| extraction for the index (3 views), 1000×1000 JPEG | ${oursTiming.index_extract_ms_p50} | ${oursTiming.index_extract_ms_p95} | – | – |`,
    `| search at ${n} | ${oursTiming.search_ms_p50} | ${oursTiming.search_ms_p95} | ${phTiming.search_ms_p50} | ${phTiming.search_ms_p95} |`,
    ...(scaleTimes.length > 0
      ? [
          `| search at ${scale} (ours) | ${oursTiming.search_ms_p50_at_scale} | ${oursTiming.search_ms_p95_at_scale} | – | – |`,
        ]
      : []),
    ...scaleLines,
    ...scanLines(),
    '',
    `Run time ${Math.round((performance.now() - started) / 1000)} s.`,
  ];
  console.log(lines.join('\n'));
  if (values.json) {
    console.log(
      JSON.stringify({
        n,
        ...(scale > 0 ? { scale } : {}),
        ...(atScale ? { at_scale: scaleJson } : {}),
        // `methods` keeps its old shape (the first corpus, demo by default); `corpora` has them all.
        methods: {
          ours: { ...ours[groups[0]!], ...oursTiming },
          phash: { ...ph[groups[0]!], ...phTiming },
        },
        corpora: Object.fromEntries(groups.map((g) => [g, { ours: ours[g], phash: ph[g] }])),
      }),
    );
  }
}

await main();
