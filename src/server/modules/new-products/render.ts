import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import sharp from 'sharp';
import type { NewProductSettings } from '@shared/contract/new-products';
import { NEW_PRODUCT_MSG } from './messages';
import {
  type TemplateDrawing,
  backdropSvg,
  detailsSvg,
  lightSvg,
  maskSvg,
  shadowSvg,
  underlaySvg,
} from './templates';

// Rendering a 新品 with sharp (docs/new-products.md): the pattern is resized to one repeat, tiled
// over a plane large enough to turn, shifted by the offset, turned about the centre and cut to the
// mock-up; the template's outline becomes its alpha; it is laid on the backdrop (with the product's
// shadow and underlay), darkened by the shadow layer (multiply), lit by the highlight layer
// (screen), and the seams are drawn on top. The template layers are rendered once per process.

/** Side of a mock-up in pixels. */
export const MOCKUP_SIDE = 1200;
const JPEG_QUALITY = 80;
/** Largest pattern image decoded (pixels), as for uploads. */
const MAX_SOURCE_PIXELS = 120_000_000;

type Raw = { data: Buffer; width: number; height: number; channels: 1 | 3 | 4 };
const rawInput = (r: Raw) => ({
  raw: { width: r.width, height: r.height, channels: r.channels },
});

type Layers = { background: Raw; mask: Raw; shadow: Raw; light: Raw; details: Raw };

const rasterise = async (svg: Buffer, channels: 1 | 3 | 4, upTo?: number): Promise<Raw> => {
  let image = sharp(svg, { density: 72 });
  // Soft layers (blurred shadows and lights) are drawn small and enlarged: a blur is costly to draw.
  if (upTo) image = sharp(await image.png().toBuffer()).resize(upTo, upTo, { kernel: 'cubic' });
  if (channels === 1) image = image.removeAlpha().toColourspace('b-w');
  else if (channels === 3) image = image.removeAlpha();
  else image = image.ensureAlpha();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels };
};

/** Soft layers are drawn at this fraction of the mock-up's side. */
const SOFT_DRAFT = 4;

const layerCache = new Map<string, Promise<Layers>>();

/** The template's layers at `side` pixels, drawn on first use and kept. */
export function templateLayers(t: TemplateDrawing, side = MOCKUP_SIDE): Promise<Layers> {
  const key = `${t.id}:${side}`;
  let layers = layerCache.get(key);
  if (!layers) {
    layers = (async () => {
      const draft = Math.round(side / SOFT_DRAFT);
      const [backdrop, underlay, mask, shadow, light, details] = await Promise.all([
        rasterise(backdropSvg(t, draft), 3, side),
        rasterise(underlaySvg(t, side), 4),
        rasterise(maskSvg(t, side), 1),
        rasterise(shadowSvg(t, draft), 3, side),
        rasterise(lightSvg(t, draft), 3, side),
        rasterise(detailsSvg(t, side), 4),
      ]);
      const background: Raw = {
        data: await sharp(backdrop.data, rawInput(backdrop))
          .composite([{ input: underlay.data, ...rawInput(underlay) }])
          .removeAlpha()
          .raw()
          .toBuffer(),
        width: side,
        height: side,
        channels: 3,
      };
      return { background, mask, shadow, light, details };
    })();
    layers.catch(() => layerCache.delete(key));
    layerCache.set(key, layers);
  }
  return layers;
}

let glyphsOnce: Promise<{ paths: string[]; advance: number[]; unitsPerEm: number }> | null = null;

/**
 * The outlines of 纹样预览 from the bundled Noto Sans SC (the one the PDF documents use), so the
 * mark is drawn as paths and needs no font installed where sharp runs.
 */
function watermarkGlyphs() {
  if (!glyphsOnce) {
    glyphsOnce = (async () => {
      const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
      const bytes = await readFile(join(dirname(entry), '..', 'fonts', 'NotoSansHans-Bold.otf'));
      const font = fontkit.create(bytes);
      if (!('layout' in font)) throw new Error('font collection, not one font');
      const run = font.layout(NEW_PRODUCT_MSG.watermark);
      return {
        paths: run.glyphs.map((g) => g.path.toSVG()),
        advance: run.positions.map((p) => p.xAdvance),
        unitsPerEm: font.unitsPerEm,
      };
    })();
    glyphsOnce.catch(() => {
      glyphsOnce = null;
    });
  }
  return glyphsOnce;
}

const watermarkCache = new Map<number, Promise<Raw>>();

/** 纹样预览, repeated diagonally over the whole mock-up, white with a dark edge. */
export function watermarkLayer(side = MOCKUP_SIDE): Promise<Raw> {
  let layer = watermarkCache.get(side);
  if (!layer) {
    layer = (async () => {
      const g = await watermarkGlyphs();
      const size = Math.round(side / 16);
      const s = size / g.unitsPerEm;
      let x = 0;
      const word = g.paths
        .map((d, i) => {
          const at = x;
          x += g.advance[i] ?? g.unitsPerEm;
          return `<path transform="translate(${(at * s).toFixed(2)} 0) scale(${s.toFixed(5)} ${(-s).toFixed(5)})" d="${d}"/>`;
        })
        .join('');
      const wordWidth = x * s;
      const stepX = wordWidth + size * 2;
      const stepY = size * 3.2;
      const marks: string[] = [];
      for (let row = -2; row * stepY < side * 1.6; row++) {
        for (let col = -2; col * stepX < side * 1.6; col++) {
          const dx = row % 2 === 0 ? 0 : stepX / 2;
          marks.push(`<g transform="translate(${col * stepX + dx} ${row * stepY})">${word}</g>`);
        }
      }
      const svg = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
          `<g transform="rotate(-30 ${side / 2} ${side / 2}) translate(${-side * 0.3} ${-side * 0.3})" ` +
          'fill="#fff" fill-opacity="0.55" stroke="#000" stroke-opacity="0.35" stroke-width="40">' +
          `${marks.join('')}</g></svg>`,
      );
      return rasterise(svg, 4);
    })();
    layer.catch(() => watermarkCache.delete(side));
    watermarkCache.set(side, layer);
  }
  return layer;
}

/** Whether `bytes` decode as an image; the pattern's size when they do. */
export async function patternSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
  if (!meta.width || !meta.height) throw new Error('no size');
  return { width: meta.width, height: meta.height };
}

/** The pattern tiled at the settings' scale, offset and rotation, `side` pixels square (RGB). */
async function patternPlane(
  source: Buffer,
  settings: NewProductSettings,
  side: number,
): Promise<Buffer> {
  const meta = await patternSize(source);
  const tileW = Math.max(8, Math.round((side * settings.scale) / 100));
  const tileH = Math.max(8, Math.round((tileW * meta.height) / meta.width));
  const tile = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS })
    .rotate()
    .resize(tileW, tileH, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const turned = settings.rotation % 360 !== 0;
  // A turned plane must still cover the square: a square of side L turned by θ holds an upright
  // one of side L / (|cos θ| + |sin θ|).
  const theta = (settings.rotation * Math.PI) / 180;
  const span = turned
    ? Math.ceil(side * (Math.abs(Math.cos(theta)) + Math.abs(Math.sin(theta)))) + 2
    : side;
  // The centre shows the repeat at the offset, turned or not (the browser preview does the same).
  const mod = (v: number, m: number) => ((v % m) + m) % m;
  const left = Math.round(mod((settings.offsetX / 100) * tileW - (span - side) / 2, tileW));
  const top = Math.round(mod((settings.offsetY / 100) * tileH - (span - side) / 2, tileH));
  const plane = await sharp({
    create: { width: span + tileW, height: span + tileH, channels: 3, background: '#ffffff' },
  })
    .composite([{ input: tile, raw: { width: tileW, height: tileH, channels: 3 }, tile: true }])
    .removeAlpha()
    .raw()
    .toBuffer();
  let image = sharp(plane, {
    raw: { width: span + tileW, height: span + tileH, channels: 3 },
  }).extract({ left, top, width: span, height: span });
  if (!turned) return image.raw().toBuffer();
  image = image.rotate(settings.rotation, { background: '#ffffff' });
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .extract({
      left: Math.floor((info.width - side) / 2),
      top: Math.floor((info.height - side) / 2),
      width: side,
      height: side,
    })
    .raw()
    .toBuffer();
}

export type Mockup = {
  /** JPEG of the product with the pattern. */
  clean: Buffer;
  /** The same with 纹样预览 over it, when asked for. */
  watermarked: Buffer | null;
};

/** Renders the mock-up of `source` (the pattern's bytes) on template `t`. */
export async function renderMockup(
  source: Buffer,
  t: TemplateDrawing,
  settings: NewProductSettings,
  options: { watermark: boolean; side?: number } = { watermark: true },
): Promise<Mockup> {
  const side = options.side ?? MOCKUP_SIDE;
  const [layers, mark, plane] = await Promise.all([
    templateLayers(t, side),
    watermarkLayer(side),
    patternPlane(source, settings, side),
  ]);
  const print = await sharp(plane, { raw: { width: side, height: side, channels: 3 } })
    .joinChannel(layers.mask.data, { raw: { width: side, height: side, channels: 1 } })
    .raw()
    .toBuffer();
  const composed = await sharp(layers.background.data, rawInput(layers.background))
    .composite([
      { input: print, raw: { width: side, height: side, channels: 4 } },
      { input: layers.shadow.data, ...rawInput(layers.shadow), blend: 'multiply' },
      { input: layers.light.data, ...rawInput(layers.light), blend: 'screen' },
      { input: layers.details.data, ...rawInput(layers.details) },
    ])
    // Compositing an image with alpha adds one to the result: the mock-up has none.
    .removeAlpha()
    .raw()
    .toBuffer();
  const base = () => sharp(composed, { raw: { width: side, height: side, channels: 3 } });
  const [clean, watermarked] = await Promise.all([
    base().jpeg({ quality: JPEG_QUALITY }).toBuffer(),
    options.watermark
      ? base()
          .composite([{ input: mark.data, ...rawInput(mark) }])
          .jpeg({ quality: JPEG_QUALITY })
          .toBuffer()
      : null,
  ]);
  return { clean, watermarked };
}
