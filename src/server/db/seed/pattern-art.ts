import { WORK_STYLES, WORK_STYLE_TITLES } from '@shared/contract/works';
import type { WorkStyle } from '@shared/contract/works';
import { createRandom } from '../../platform/seeded-random';
import { svgToPng } from './seed-render-cache';

/** The demo art draws one painter per work style of the contract. */
export type PatternStyle = WorkStyle;

export type Palette = { name: string; colors: string[] };

export type PatternSpec = {
  style: PatternStyle;
  palette: Palette;
  seed: number;
  seamless: boolean;
};

export const PATTERN_STYLES: readonly PatternStyle[] = WORK_STYLES;

export const STYLE_TITLES: Record<PatternStyle, string> = WORK_STYLE_TITLES;

export const PALETTES: readonly Palette[] = [
  { name: '青花瓷', colors: ['#f5f2e9', '#1f3f8f', '#3d6cc0', '#8fb0e0', '#0d2350'] },
  { name: '胭脂', colors: ['#fbeff0', '#9d2933', '#d05a6e', '#f2a7b0', '#5a1e24'] },
  { name: '莫兰迪', colors: ['#e8e2d9', '#a39e93', '#8c9c95', '#c4a69f', '#6b7b8c'] },
  { name: '薄荷', colors: ['#eaf7f1', '#3fb58f', '#9ad9c0', '#1d6f5a', '#f6c177'] },
  { name: '藏青', colors: ['#1b2a47', '#e8d9b5', '#c9a45c', '#6e87b5', '#f2efe6'] },
  { name: '琥珀', colors: ['#2b1a0e', '#e39b2d', '#f5c969', '#a35a1f', '#f7e6c4'] },
  { name: '靛蓝扎染', colors: ['#22386b', '#e9eef5', '#8fa6cc', '#4b67a0', '#c4d2e8'] },
  { name: '苗绣', colors: ['#1a1614', '#d7263d', '#f4b41a', '#2e86ab', '#1b998b'] },
  { name: '蜡染', colors: ['#1d3557', '#f1faee', '#a8dadc', '#457b9d', '#e8e0c8'] },
  { name: '珊瑚', colors: ['#fff3ee', '#ff6f61', '#ffb199', '#2a9d8f', '#f4a261'] },
  { name: '墨绿', colors: ['#1e3b2f', '#d9c8a0', '#8fb08a', '#4f7a5e', '#efe6cf'] },
  { name: '樱粉', colors: ['#fff0f3', '#f7a1b5', '#e75480', '#9bc1a3', '#ffd6e0'] },
  { name: '橄榄', colors: ['#f1efe0', '#6b7a2b', '#a3a85a', '#c98b3a', '#3e4a1c'] },
  { name: '姜黄', colors: ['#f9e9bd', '#d99a13', '#8a4f1c', '#3d5a4c', '#e8b93c'] },
  { name: '雾霾蓝', colors: ['#e6ecf0', '#7d98b3', '#a9bccf', '#4b6580', '#d3b8a8'] },
  { name: '砖红', colors: ['#f3e4d6', '#b5452e', '#d77a5c', '#5d2c20', '#e9b48f'] },
  { name: '奶茶', colors: ['#efe3d3', '#c8a98a', '#8d6e52', '#e0c3a3', '#5b4636'] },
  { name: '松石', colors: ['#e5f5f3', '#30a9a0', '#7fd1c8', '#d4572a', '#1f5f5b'] },
  { name: '玫瑰金', colors: ['#f8ebe4', '#b76e79', '#e0b1a6', '#d4a373', '#7a4451'] },
  { name: '黛紫', colors: ['#2c2140', '#9d7cc1', '#d7c4ec', '#e8a5c7', '#6a55a0'] },
  { name: '孔雀', colors: ['#0b3b3c', '#1c9c9c', '#e0b64b', '#6fd1c6', '#3f6fc4'] },
  { name: '秋香', colors: ['#efe8cf', '#b8a44d', '#7a6a2a', '#d8c47a', '#a0522d'] },
  { name: '黑金', colors: ['#141414', '#c9a227', '#e6c565', '#8a6d1d', '#f3e3b0'] },
  { name: '彩虹糖', colors: ['#fffaf2', '#ff6b6b', '#ffd93d', '#6bcb77', '#4d96ff'] },
  { name: '朱砂', colors: ['#fbf3e6', '#c0392b', '#e67e22', '#2c3e50', '#f1c40f'] },
  { name: '竹青', colors: ['#eef3e6', '#5a8f4e', '#a5c48f', '#2f5d3a', '#d9b44a'] },
  { name: '月白', colors: ['#f2f6f9', '#8aa4c8', '#c5d3e6', '#4a5f7e', '#e3c8a8'] },
  { name: '杏花', colors: ['#fdf6ec', '#f0a868', '#f6d2a8', '#7fa66b', '#c45b4a'] },
];

// The demo art's random stream: one generator for the seed, the benchmarks and the hash planes.
export { createRandom };

// Internal user-space size; the viewBox maps it to any pixel size so geometry is size-independent.
const S = 1000;
const TAU = Math.PI * 2;

type Rng = () => number;
type Pt = { x: number; y: number };
type Ctx = {
  rnd: Rng;
  seamless: boolean;
  bg: string;
  fg: string[];
  ink: string;
  darkBg: boolean;
  defs: string[];
};
type Painter = (ctx: Ctx) => string;

// ---------- small helpers ----------

function at<T>(items: readonly T[], index: number): T {
  const n = items.length;
  const v = items[((index % n) + n) % n];
  if (v === undefined) throw new Error('pattern-art: empty list');
  return v;
}

function pick<T>(rnd: Rng, items: readonly T[]): T {
  return at(items, Math.floor(rnd() * items.length));
}

function range(rnd: Rng, a: number, b: number): number {
  return a + (b - a) * rnd();
}

function int(rnd: Rng, a: number, b: number): number {
  return a + Math.floor(rnd() * (b - a + 1));
}

function chance(rnd: Rng, p: number): boolean {
  return rnd() < p;
}

function shuffle<T>(rnd: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    const tmp = at(out, i);
    out[i] = at(out, j);
    out[j] = tmp;
  }
  return out;
}

function mod(v: number, m: number): number {
  return ((v % m) + m) % m;
}

// One decimal keeps the SVG small while staying far below a pixel at 800px.
function f(v: number): string {
  const r = Math.round(v * 10) / 10;
  return r === 0 ? '0' : String(r);
}

// Scales need more precision than coordinates.
function f3(v: number): string {
  const r = Math.round(v * 1000) / 1000;
  return r === 0 ? '0' : String(r);
}

function hashSeed(seed: number, text: string): number {
  let h = (Math.floor(Number.isFinite(seed) ? seed : 0) ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

// ---------- colour ----------

function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m || m[1] === undefined) return [128, 128, 128];
  const v = parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function hex(r: number, g: number, b: number): string {
  const c = (v: number): string =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return hex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

function shade(c: string, t: number): string {
  return mix(c, '#000000', t);
}

function tint(c: string, t: number): string {
  return mix(c, '#ffffff', t);
}

function luma(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

function col(ctx: Ctx, i: number): string {
  return at(ctx.fg, i);
}

// ---------- geometry helpers ----------

function tr(x: number, y: number, rot = 0, sx = 1, sy = sx): string {
  let t = `translate(${f(x)} ${f(y)})`;
  if (rot !== 0) t += ` rotate(${f(rot)})`;
  if (sx !== 1 || sy !== 1) t += ` scale(${f3(sx)} ${f3(sy)})`;
  return t;
}

function g(transform: string, body: string, attrs = ''): string {
  return `<g transform="${transform}"${attrs}>${body}</g>`;
}

/** Draws a motif at (x, y); in seamless mode copies crossing an edge are repeated at ±S. */
function place(ctx: Ctx, x: number, y: number, r: number, body: string): string {
  const xs = [0];
  const ys = [0];
  if (ctx.seamless) {
    if (x - r < 0) xs.push(S);
    if (x + r > S) xs.push(-S);
    if (y - r < 0) ys.push(S);
    if (y + r > S) ys.push(-S);
  }
  let out = '';
  for (const dx of xs) for (const dy of ys) out += g(tr(x + dx, y + dy), body);
  return out;
}

/** Jittered n×n grid: even coverage without looking mechanical; periodic by construction. */
function jitterGrid(ctx: Ctx, n: number, jitter: number, brick = false): Pt[] {
  const step = S / n;
  const pts: Pt[] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const off = brick && j % 2 === 1 ? 0.5 : 0;
      const x = mod((i + 0.5 + off + (ctx.rnd() - 0.5) * jitter) * step, S);
      const y = mod((j + 0.5 + (ctx.rnd() - 0.5) * jitter) * step, S);
      pts.push({ x, y });
    }
  }
  return pts;
}

/** Repeat count for grid styles: an integer divides the tile exactly, a fraction crops at edges. */
function count(ctx: Ctx, n: number): number {
  return ctx.seamless ? n : n + range(ctx.rnd, 0.3, 0.7);
}

function poly(pts: readonly Pt[], close = true): string {
  return (
    pts.map((p, i) => `${i === 0 ? 'M' : 'L'}${f(p.x)} ${f(p.y)}`).join('') + (close ? 'Z' : '')
  );
}

/** Closed Catmull-Rom spline through the points, converted to cubic Béziers. */
function smoothClosed(pts: readonly Pt[]): string {
  const n = pts.length;
  const first = at(pts, 0);
  let d = `M${f(first.x)} ${f(first.y)}`;
  for (let i = 0; i < n; i++) {
    const p0 = at(pts, i - 1);
    const p1 = at(pts, i);
    const p2 = at(pts, i + 1);
    const p3 = at(pts, i + 2);
    d += `C${f(p1.x + (p2.x - p0.x) / 6)} ${f(p1.y + (p2.y - p0.y) / 6)} ${f(p2.x - (p3.x - p1.x) / 6)} ${f(p2.y - (p3.y - p1.y) / 6)} ${f(p2.x)} ${f(p2.y)}`;
  }
  return d + 'Z';
}

/** Open Catmull-Rom spline (end points duplicated). */
function smoothOpen(pts: readonly Pt[]): string {
  const n = pts.length;
  const first = at(pts, 0);
  let d = `M${f(first.x)} ${f(first.y)}`;
  for (let i = 0; i < n - 1; i++) {
    const p0 = at(pts, Math.max(0, i - 1));
    const p1 = at(pts, i);
    const p2 = at(pts, i + 1);
    const p3 = at(pts, Math.min(n - 1, i + 2));
    d += `C${f(p1.x + (p2.x - p0.x) / 6)} ${f(p1.y + (p2.y - p0.y) / 6)} ${f(p2.x - (p3.x - p1.x) / 6)} ${f(p2.y - (p3.y - p1.y) / 6)} ${f(p2.x)} ${f(p2.y)}`;
  }
  return d;
}

/** Organic closed shape of mean radius r; irr is the relative wobble of the outline. */
function blob(rnd: Rng, r: number, k: number, irr: number, sx = 1): string {
  const pts: Pt[] = [];
  const a0 = rnd() * TAU;
  for (let i = 0; i < k; i++) {
    const a = a0 + (i / k) * TAU + (rnd() - 0.5) * (TAU / k) * 0.5;
    const rr = r * (1 - irr + 2 * irr * rnd());
    pts.push({ x: Math.cos(a) * rr * sx, y: Math.sin(a) * rr });
  }
  return smoothClosed(pts);
}

/** Tapered brush stroke along a gentle wave, returned as a filled outline. */
function brush(rnd: Rng, len: number, width: number): string {
  const steps = 14;
  const amp = range(rnd, 0.05, 0.18) * len;
  const freq = range(rnd, 0.6, 1.4);
  const ph = rnd() * TAU;
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const x = (t - 0.5) * len;
    const y = Math.sin(t * TAU * freq + ph) * amp;
    const dy = (Math.cos(t * TAU * freq + ph) * amp * TAU * freq) / len;
    const nl = Math.hypot(1, dy);
    const w = (width / 2) * Math.pow(Math.sin(Math.PI * t), 0.55) * (0.85 + 0.3 * rnd());
    left.push({ x: x - (dy / nl) * w, y: y + (1 / nl) * w });
    right.push({ x: x + (dy / nl) * w, y: y - (1 / nl) * w });
  }
  return smoothOpen([...left, ...right.reverse()]) + 'Z';
}

/** Scales every number of a unit-sized path by r (callers never pass arc flags through here). */
function unit(d: string, r: number): string {
  return d.replace(/-?\d*\.?\d+/g, (n) => f(Number(n) * r));
}

function circle(x: number, y: number, r: number, attrs: string): string {
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" ${attrs}/>`;
}

function ellipse(x: number, y: number, rx: number, ry: number, attrs: string): string {
  return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" ${attrs}/>`;
}

function path(d: string, attrs: string): string {
  return `<path d="${d}" ${attrs}/>`;
}

function rect(x: number, y: number, w: number, h: number, attrs: string): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" ${attrs}/>`;
}

function fill(c: string, opacity = 1): string {
  return opacity < 1 ? `fill="${c}" fill-opacity="${f3(opacity)}"` : `fill="${c}"`;
}

function stroke(c: string, w: number, extra = ''): string {
  return `fill="none" stroke="${c}" stroke-width="${f(w)}" stroke-linecap="round" stroke-linejoin="round"${extra}`;
}

/** Repeats a shape around the origin. */
function around(k: number, start: number, body: (deg: number, i: number) => string): string {
  let out = '';
  for (let i = 0; i < k; i++) {
    const deg = start + (360 / k) * i;
    out += `<g transform="rotate(${f(deg)})">${body(deg, i)}</g>`;
  }
  return out;
}

// ---------- shared motif painters (drawn around the origin, size r) ----------

function petal(len: number, w: number, notch: boolean): string {
  if (notch) {
    return `M0 0C${f(w)} ${f(-len * 0.3)} ${f(w * 1.1)} ${f(-len)} ${f(w * 0.3)} ${f(-len)}L0 ${f(-len * 0.86)}L${f(-w * 0.3)} ${f(-len)}C${f(-w * 1.1)} ${f(-len)} ${f(-w)} ${f(-len * 0.3)} 0 0Z`;
  }
  return `M0 0C${f(w)} ${f(-len * 0.35)} ${f(w)} ${f(-len)} 0 ${f(-len)}C${f(-w)} ${f(-len)} ${f(-w)} ${f(-len * 0.35)} 0 0Z`;
}

function leaf(len: number, w: number, c: string, vein: string): string {
  const d = `M0 0Q${f(w)} ${f(-len * 0.5)} 0 ${f(-len)}Q${f(-w)} ${f(-len * 0.5)} 0 0Z`;
  return (
    path(d, fill(c)) + path(`M0 ${f(-len * 0.08)}L0 ${f(-len * 0.8)}`, stroke(vein, len * 0.04))
  );
}

function fivePetal(r: number, c: string, inner: string, centre: string): string {
  let out = around(5, 0, () => path(petal(r, r * 0.5, true), fill(c)));
  out += around(5, 0, () => path(petal(r * 0.55, r * 0.22, false), fill(inner)));
  out += circle(0, 0, r * 0.2, fill(centre));
  out += around(5, 36, () => circle(0, -r * 0.33, r * 0.05, fill(centre)));
  return out;
}

function daisy(rnd: Rng, r: number, c: string, c2: string, centre: string): string {
  const k = int(rnd, 12, 16);
  let out = around(k, 0, (_deg, i) =>
    ellipse(0, -r * 0.55, r * 0.13, r * 0.45, fill(i % 2 === 0 ? c : c2)),
  );
  out += circle(0, 0, r * 0.27, fill(centre));
  out += circle(0, 0, r * 0.14, fill(shade(centre, 0.25)));
  return out;
}

function rose(r: number, c: string, centre: string): string {
  const dark = shade(c, 0.3);
  let out = around(6, 0, () => circle(0, -r * 0.5, r * 0.42, fill(tint(c, 0.12))));
  out += around(6, 0, () => path(unit('M0 -0.15Q0.3 -0.6 0 -0.9', r), stroke(dark, r * 0.04)));
  out += circle(0, 0, r * 0.68, fill(c));
  const pts: Pt[] = [];
  const turns = 2.6;
  for (let i = 0; i <= 34; i++) {
    const t = i / 34;
    const a = t * turns * TAU;
    const rr = r * (0.6 * (1 - t) + 0.05);
    pts.push({ x: Math.cos(a) * rr, y: Math.sin(a) * rr });
  }
  out += path(smoothOpen(pts), stroke(dark, r * 0.08));
  out += circle(0, 0, r * 0.07, fill(centre));
  return out;
}

function tulip(r: number, c: string, leafC: string): string {
  const vein = shade(leafC, 0.25);
  let out = path(unit('M0 -0.2Q0.15 0.4 0 1', r), stroke(leafC, r * 0.08));
  out += g(tr(0, r * 0.95, -32), leaf(r * 0.75, r * 0.2, leafC, vein));
  out += g(tr(0, r * 0.95, 28), leaf(r * 0.65, r * 0.18, leafC, vein));
  const cup = unit(
    'M-0.5 -0.95L-0.22 -0.62L0 -1.05L0.22 -0.62L0.5 -0.95C0.62 -0.3 0.35 0.02 0 0.02C-0.35 0.02 -0.62 -0.3 -0.5 -0.95Z',
    r,
  );
  out += path(
    cup,
    `${fill(c)} stroke="${shade(c, 0.25)}" stroke-width="${f(r * 0.03)}" stroke-linejoin="round"`,
  );
  out += path(
    unit('M0 -0.95C0.22 -0.6 0.15 -0.1 0 0C-0.15 -0.1 -0.22 -0.6 0 -0.95Z', r),
    fill(tint(c, 0.3)),
  );
  return out;
}

function star8(r: number, c1: string, c2: string, mid: string, line: string): string {
  const a = r / (2 * Math.cos(Math.PI / 8));
  let out = '';
  for (let i = 0; i < 8; i++) {
    const t1 = (i * Math.PI) / 4 - Math.PI / 2;
    const t2 = t1 + Math.PI / 4;
    const A = { x: a * Math.cos(t1), y: a * Math.sin(t1) };
    const C = { x: a * Math.cos(t2), y: a * Math.sin(t2) };
    const B = { x: A.x + C.x, y: A.y + C.y };
    out += path(
      poly([{ x: 0, y: 0 }, A, B, C]),
      `${fill(i % 2 === 0 ? c1 : c2)} stroke="${line}" stroke-width="${f(r * 0.035)}" stroke-linejoin="round"`,
    );
  }
  const q = r * 0.22;
  out += path(
    poly([
      { x: 0, y: -q },
      { x: q, y: 0 },
      { x: 0, y: q },
      { x: -q, y: 0 },
    ]),
    fill(line),
  );
  out += circle(0, 0, r * 0.08, fill(mid));
  return out;
}

/** Cross-stitch stepped diamond rings built from squares, one path per colour. */
function steppedDiamond(r: number, rings: number, colours: readonly string[]): string {
  const u = r / (rings + 0.5);
  const paths: string[] = colours.map(() => '');
  for (let k = 0; k <= rings; k++) {
    const ci = k % colours.length;
    let d = '';
    for (let i = -k; i <= k; i++) {
      const js = k - Math.abs(i) === 0 ? [0] : [k - Math.abs(i), -(k - Math.abs(i))];
      for (const j of js)
        d += `M${f((i - 0.45) * u)} ${f((j - 0.45) * u)}h${f(u * 0.9)}v${f(u * 0.9)}h${f(-u * 0.9)}z`;
    }
    paths[ci] = (paths[ci] ?? '') + d;
  }
  return paths.map((d, i) => (d ? path(d, fill(at(colours, i))) : '')).join('');
}

function folkButterfly(r: number, wing: string, inner: string, dot: string, body: string): string {
  const half =
    path(
      poly([
        { x: 0, y: -r * 0.05 },
        { x: r * 0.55, y: -r * 0.85 },
        { x: r, y: -r * 0.7 },
        { x: r * 0.85, y: -r * 0.05 },
      ]),
      fill(wing),
    ) +
    path(
      poly([
        { x: 0, y: r * 0.02 },
        { x: r * 0.8, y: r * 0.12 },
        { x: r * 0.6, y: r * 0.7 },
        { x: r * 0.2, y: r * 0.6 },
      ]),
      fill(wing),
    ) +
    path(
      poly([
        { x: r * 0.2, y: -r * 0.15 },
        { x: r * 0.55, y: -r * 0.62 },
        { x: r * 0.8, y: -r * 0.55 },
        { x: r * 0.7, y: -r * 0.15 },
      ]),
      fill(inner),
    ) +
    path(
      poly([
        { x: r * 0.2, y: r * 0.12 },
        { x: r * 0.6, y: r * 0.2 },
        { x: r * 0.48, y: r * 0.52 },
        { x: r * 0.26, y: r * 0.46 },
      ]),
      fill(inner),
    ) +
    path(
      poly([
        { x: r * 0.62, y: -r * 0.42 },
        { x: r * 0.7, y: -r * 0.34 },
        { x: r * 0.62, y: -r * 0.26 },
        { x: r * 0.54, y: -r * 0.34 },
      ]),
      fill(dot),
    ) +
    circle(r * 0.4, r * 0.35, r * 0.06, fill(dot)) +
    path(unit('M0.04 -0.45L0.28 -0.95', r), stroke(body, r * 0.04)) +
    circle(r * 0.28, -r * 0.95, r * 0.05, fill(body));
  return half + g('scale(-1 1)', half) + ellipse(0, 0, r * 0.08, r * 0.5, fill(body));
}

function cartoonFace(s: number, ink: string, mouth: number): string {
  let out = '';
  for (const sx of [-1, 1]) {
    out += circle(sx * s * 0.3, 0, s * 0.1, fill(ink));
    out += circle(sx * s * 0.3 + s * 0.035, -s * 0.04, s * 0.035, fill('#ffffff'));
    out += ellipse(sx * s * 0.52, s * 0.2, s * 0.12, s * 0.07, fill('#ff7f96', 0.55));
  }
  if (mouth === 0)
    out += path(
      `M${f(-s * 0.14)} ${f(s * 0.15)}Q0 ${f(s * 0.32)} ${f(s * 0.14)} ${f(s * 0.15)}`,
      stroke(ink, s * 0.06),
    );
  else if (mouth === 1)
    out += path(
      `M${f(-s * 0.16)} ${f(s * 0.15)}Q${f(-s * 0.08)} ${f(s * 0.28)} 0 ${f(s * 0.15)}Q${f(s * 0.08)} ${f(s * 0.28)} ${f(s * 0.16)} ${f(s * 0.15)}`,
      stroke(ink, s * 0.06),
    );
  else out += ellipse(0, s * 0.2, s * 0.08, s * 0.08, fill(ink));
  return out;
}

// ---------- styles ----------

const floral: Painter = (ctx) => {
  const { rnd } = ctx;
  const n = pick(rnd, [3, 4, 4, 5, 6]);
  const cell = S / n;
  const kinds = shuffle(rnd, ['five', 'daisy', 'rose', 'tulip'] as const).slice(0, int(rnd, 1, 3));
  const leafC = col(ctx, 3);
  const vein = ctx.darkBg ? tint(leafC, 0.3) : shade(leafC, 0.3);
  let leaves = '';
  let flowers = '';
  let fillers = '';
  // Sprigs sit in the gaps between flowers (offset half a cell) so the ground is covered evenly.
  for (const p of jitterGrid(ctx, n, 0.4)) {
    const x = mod(p.x + cell / 2, S);
    const y = mod(p.y + cell / 2, S);
    const len = cell * range(rnd, 0.4, 0.55);
    let body = path(
      `M0 ${f(len / 2)}Q${f(len * 0.25)} 0 0 ${f(-len / 2)}`,
      stroke(leafC, len * 0.035),
    );
    const k = int(rnd, 2, 4);
    for (let i = 0; i < k; i++) {
      const t = (i + 0.5) / k;
      const lt = tr(len * 0.12 * Math.sin(Math.PI * t), len / 2 - t * len, i % 2 === 0 ? -55 : 55);
      body += g(lt, leaf(len * 0.38, len * 0.13, leafC, vein));
    }
    body += circle(0, -len / 2, len * 0.06, fill(col(ctx, 1)));
    leaves += place(ctx, x, y, len * 0.75, g(`rotate(${f(rnd() * 360)})`, body));
  }
  const brick = n % 2 === 0 && chance(rnd, 0.5);
  for (const p of jitterGrid(ctx, n, 0.3, brick)) {
    const kind = pick(rnd, kinds);
    const r = cell * range(rnd, 0.28, 0.4);
    const main = col(ctx, int(rnd, 0, 1));
    const other = col(ctx, 2);
    let body = '';
    let bound = r * 1.05;
    if (kind === 'five') body = fivePetal(r, main, tint(main, 0.35), other);
    else if (kind === 'daisy') body = daisy(rnd, r, main, tint(main, 0.2), other);
    else if (kind === 'rose') body = rose(r, main, other);
    else {
      body = tulip(r * 0.9, main, leafC);
      bound = r * 1.3;
    }
    const rot = kind === 'tulip' ? range(rnd, -25, 25) : rnd() * 360;
    flowers += place(ctx, p.x, p.y, bound, g(`rotate(${f(rot)})`, body));
  }
  for (const p of jitterGrid(ctx, n * 2, 0.9)) {
    if (!chance(rnd, 0.45)) continue;
    const c = col(ctx, int(rnd, 0, 2));
    const r = cell * range(rnd, 0.03, 0.05);
    const body = chance(rnd, 0.5)
      ? circle(0, 0, r, fill(c))
      : around(5, 0, () => circle(0, -r, r * 0.6, fill(tint(c, 0.2))));
    fillers += place(ctx, p.x, p.y, r * 2, body);
  }
  return fillers + leaves + flowers;
};

function offsetPts(pts: readonly Pt[], dx: number, dy: number): Pt[] {
  return pts.map((p) => ({ x: p.x + dx, y: p.y + dy }));
}

function hexes(ctx: Ctx, blocks: boolean): string {
  const { rnd } = ctx;
  const n = pick(rnd, blocks ? [5, 7, 9] : [5, 7, 9, 12]);
  const nx = count(ctx, n);
  const dx = S / nx;
  // Rows must be even so half-offset rows line up again after one tile; near-regular for these n.
  const rows = ctx.seamless ? 2 * Math.round(n / Math.sqrt(3)) : (nx * 2) / Math.sqrt(3);
  const dy = S / rows;
  const s = dy / 1.5;
  const hex = (k: number): Pt[] => [
    { x: 0, y: -s * k },
    { x: (dx / 2) * k, y: (-s / 2) * k },
    { x: (dx / 2) * k, y: (s / 2) * k },
    { x: 0, y: s * k },
    { x: (-dx / 2) * k, y: (s / 2) * k },
    { x: (-dx / 2) * k, y: (-s / 2) * k },
  ];
  const ni = Math.ceil(nx);
  const nj = Math.ceil(rows);
  const choices = [
    col(ctx, 0),
    col(ctx, 1),
    col(ctx, 2),
    col(ctx, 3),
    mix(ctx.bg, col(ctx, 0), 0.25),
  ];
  const table = Array.from({ length: ni * nj }, () => pick(rnd, choices));
  const tones = [...ctx.fg].sort((a, b) => luma(b) - luma(a));
  const inner = pick(rnd, ['hex', 'dot', 'none'] as const);
  const gap = range(rnd, 0.86, 0.94);
  let out = '';
  for (let j = -1; j <= nj + 1; j++) {
    for (let i = -1; i <= ni + 1; i++) {
      const cx = (i + (mod(j, 2) === 1 ? 0.5 : 0)) * dx;
      const cy = j * dy;
      if (blocks) {
        const top = [hex(1)[0], hex(1)[1], { x: 0, y: 0 }, hex(1)[5]];
        const left = [hex(1)[5], { x: 0, y: 0 }, hex(1)[3], hex(1)[4]];
        const right = [hex(1)[1], hex(1)[2], hex(1)[3], { x: 0, y: 0 }];
        const faces = [top, left, right];
        faces.forEach((face, fi) => {
          const pts = face.filter((p): p is Pt => p !== undefined);
          out += path(poly(offsetPts(pts, cx, cy)), fill(at(tones, fi)));
        });
        continue;
      }
      const c = at(table, mod(i, ni) + mod(j, nj) * ni);
      out += path(poly(offsetPts(hex(gap), cx, cy)), fill(c));
      const ic = c === col(ctx, 0) ? col(ctx, 2) : col(ctx, 0);
      if (inner === 'hex') out += path(poly(offsetPts(hex(0.5), cx, cy)), stroke(ic, dx * 0.05));
      else if (inner === 'dot') out += circle(cx, cy, dx * 0.12, fill(ic));
    }
  }
  if (blocks) out += `<g ${stroke(ctx.bg, dx * 0.015)}>${linesForHex(ni, nj, dx, dy, s)}</g>`;
  return out;
}

/** Thin outlines around tumbling blocks so the cubes read crisply. */
function linesForHex(ni: number, nj: number, dx: number, dy: number, s: number): string {
  let d = '';
  for (let j = -1; j <= nj + 1; j++) {
    for (let i = -1; i <= ni + 1; i++) {
      const cx = (i + (mod(j, 2) === 1 ? 0.5 : 0)) * dx;
      const cy = j * dy;
      d += `M${f(cx - dx / 2)} ${f(cy - s / 2)}L${f(cx)} ${f(cy)}L${f(cx + dx / 2)} ${f(cy - s / 2)}M${f(cx)} ${f(cy)}L${f(cx)} ${f(cy + s)}`;
    }
  }
  return path(d, '');
}

function triangles(ctx: Ctx): string {
  const { rnd } = ctx;
  const n = pick(rnd, [4, 5, 6, 8]);
  const nx = count(ctx, n);
  const w = S / nx;
  const rows = ctx.seamless ? 2 * Math.round(n * 0.577) : nx * 1.155;
  const h = S / rows;
  const ni = Math.ceil(nx);
  const nj = Math.ceil(rows);
  const choices = [col(ctx, 0), col(ctx, 1), col(ctx, 2), col(ctx, 3), ctx.bg];
  const table = Array.from({ length: ni * nj * 2 }, () => pick(rnd, choices));
  const sep = w * range(rnd, 0.02, 0.05);
  let out = '';
  let details = '';
  for (let j = -1; j <= nj; j++) {
    const off = mod(j, 2) === 1 ? 0.5 : 0;
    const y0 = j * h;
    const y1 = y0 + h;
    for (let i = -2; i <= ni + 1; i++) {
      const xa = (i + off) * w;
      const tris: Pt[][] = [
        [
          { x: xa, y: y1 },
          { x: xa + w / 2, y: y0 },
          { x: xa + w, y: y1 },
        ],
        [
          { x: xa + w / 2, y: y0 },
          { x: xa + w * 1.5, y: y0 },
          { x: xa + w, y: y1 },
        ],
      ];
      tris.forEach((t, k) => {
        const c = at(table, (mod(i, ni) + mod(j, nj) * ni) * 2 + k);
        out += path(
          poly(t),
          `${fill(c)} stroke="${ctx.bg}" stroke-width="${f(sep)}" stroke-linejoin="round"`,
        );
        if (c !== ctx.bg && (mod(i, ni) + mod(j, nj) + k) % 3 === 0) {
          const cx = t.reduce((a, p) => a + p.x, 0) / 3;
          const cy = t.reduce((a, p) => a + p.y, 0) / 3;
          const small = t.map((p) => ({ x: cx + (p.x - cx) * 0.4, y: cy + (p.y - cy) * 0.4 }));
          details += path(poly(small), fill(c === col(ctx, 0) ? ctx.bg : col(ctx, 0)));
        }
      });
    }
  }
  return out + details;
}

function argyle(ctx: Ctx): string {
  const { rnd } = ctx;
  const n = pick(rnd, [3, 4, 5, 6]);
  const ratio = pick(rnd, [1, 1.5, 2]);
  const nx = count(ctx, n);
  const ny = ctx.seamless ? Math.round(n * ratio) : nx * ratio;
  const w = S / nx;
  const h = S / ny;
  const a = col(ctx, 0);
  const b = chance(rnd, 0.5) ? ctx.bg : col(ctx, 1);
  const lineC = col(ctx, 2);
  let out = '';
  const diamond = (cx: number, cy: number, k: number): Pt[] => [
    { x: cx, y: cy - (h / 2) * k },
    { x: cx + (w / 2) * k, y: cy },
    { x: cx, y: cy + (h / 2) * k },
    { x: cx - (w / 2) * k, y: cy },
  ];
  for (let j = -1; j <= Math.ceil(ny) + 1; j++) {
    for (let i = -1; i <= Math.ceil(nx) + 1; i++) {
      out += path(poly(diamond(i * w, j * h, 1)), fill(a));
      if (b !== ctx.bg) out += path(poly(diamond((i + 0.5) * w, (j + 0.5) * h, 1)), fill(b));
      out += path(poly(diamond((i + 0.5) * w, (j + 0.5) * h, 0.25)), fill(col(ctx, 3)));
    }
  }
  // Overcheck lines run through diamond centres parallel to the edges, like knitted argyle.
  let d = '';
  const kMax = Math.ceil(nx) + Math.ceil(ny) + 2;
  for (let k = -kMax; k <= kMax; k++) {
    d += `M${f((k - 1) * w)} ${f(-h)}L${f((k + (S + h) / h) * w)} ${f(S + h)}`;
    d += `M${f((k + 1) * w)} ${f(-h)}L${f((k - (S + h) / h) * w)} ${f(S + h)}`;
  }
  out += path(d, `${stroke(lineC, Math.min(w, h) * 0.025)} stroke-opacity="0.85"`);
  return out;
}

function rings(ctx: Ctx): string {
  const { rnd } = ctx;
  const n = pick(rnd, [3, 4, 5, 6, 8]);
  const nx = count(ctx, n);
  const d = S / nx;
  const c0 = col(ctx, 0);
  const c1 = col(ctx, 1);
  const c2 = col(ctx, 2);
  const r = d / Math.SQRT2;
  let out = '';
  let top = '';
  const lim = Math.ceil(nx) + 1;
  for (let j = -1; j <= lim; j++) {
    for (let i = -1; i <= lim; i++) {
      out += circle(
        i * d,
        j * d,
        r,
        `${fill(c0, 0.2)} stroke="${c0}" stroke-width="${f(d * 0.04)}"`,
      );
      top += circle((i + 0.5) * d, (j + 0.5) * d, d * 0.11, fill(c1));
      top += circle(
        i * d,
        j * d,
        d * 0.16,
        `fill="none" stroke="${c2}" stroke-width="${f(d * 0.03)}"`,
      );
    }
  }
  return out + top;
}

const geometric: Painter = (ctx) => {
  const kind = pick(ctx.rnd, ['hex', 'blocks', 'triangles', 'diamonds', 'rings'] as const);
  if (kind === 'hex' || kind === 'blocks') return hexes(ctx, kind === 'blocks');
  if (kind === 'triangles') return triangles(ctx);
  if (kind === 'diamonds') return argyle(ctx);
  return rings(ctx);
};

function cubicAt(p0: Pt, p1: Pt, p2: Pt, p3: Pt, t: number): Pt {
  const u = 1 - t;
  return {
    x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
    y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
  };
}

// Unit paisley (boteh) outline: round bulb at the bottom, tail curling to the upper right.
const BOTEH: readonly Pt[] = [
  { x: 0, y: 0.95 },
  { x: -0.8, y: 0.95 },
  { x: -0.85, y: 0.05 },
  { x: -0.5, y: -0.3 },
  { x: -0.25, y: -0.55 },
  { x: 0.1, y: -0.68 },
  { x: 0.48, y: -1.02 },
  { x: 0.32, y: -0.7 },
  { x: 0.72, y: -0.42 },
  { x: 0.63, y: 0.15 },
  { x: 0.58, y: 0.65 },
  { x: 0.3, y: 0.95 },
  { x: 0, y: 0.95 },
];

function botehPath(r: number): string {
  const p = (i: number): string => {
    const q = at(BOTEH, i);
    return `${f(q.x * r)} ${f(q.y * r)}`;
  };
  return `M${p(0)}C${p(1)} ${p(2)} ${p(3)}C${p(4)} ${p(5)} ${p(6)}C${p(7)} ${p(8)} ${p(9)}C${p(10)} ${p(11)} ${p(12)}Z`;
}

function paisleyMotif(r: number, c1: string, c2: string, c3: string, ground: string): string {
  const cy = 0.3 * r;
  const scaled = (k: number, c: string): string =>
    g(`translate(0 ${f(cy)}) scale(${f3(k)}) translate(0 ${f(-cy)})`, path(botehPath(r), fill(c)));
  let fringe = '';
  for (let sgm = 0; sgm < 4; sgm++) {
    const q = (i: number): Pt => at(BOTEH, sgm * 3 + i);
    for (let k = 0; k < 5; k++) {
      const p = cubicAt(q(0), q(1), q(2), q(3), k / 5);
      const x = p.x * r;
      const y = cy + (p.y * r - cy) * 1.13;
      fringe += circle(x * 1.13, y, r * 0.05, fill(c3));
    }
  }
  let out = fringe + path(botehPath(r), fill(c1));
  out += scaled(0.8, ground) + scaled(0.66, c2) + scaled(0.46, ground);
  out += g(tr(0, cy + r * 0.05), fivePetal(r * 0.2, c1, c3, c2));
  for (let k = 0; k < 3; k++)
    out += circle(
      0.05 * r + k * 0.07 * r,
      -0.2 * r - k * 0.22 * r,
      r * (0.06 - k * 0.012),
      fill(c3),
    );
  return out;
}

const paisley: Painter = (ctx) => {
  const { rnd } = ctx;
  const n = pick(rnd, [2, 3, 3, 4, 4]);
  const cell = S / n;
  const brick = n % 2 === 0;
  // Alternating flows need an even count to keep alternating across the tile edge.
  const flow = brick ? pick(rnd, ['rows', 'random', 'pairs'] as const) : 'random';
  const colours = [col(ctx, 0), col(ctx, 1), col(ctx, 2)];
  let out = '';
  let fill_ = '';
  jitterGrid(ctx, n, 0.12, brick).forEach((p, idx) => {
    const row = Math.floor(idx / n);
    const r = cell * range(rnd, 0.36, 0.42);
    let rot = 0;
    if (flow === 'rows') rot = row % 2 === 0 ? -20 : 20;
    else if (flow === 'random') rot = range(rnd, -180, 180);
    else rot = idx % 2 === 0 ? -30 : 150;
    const shift = idx % 3;
    const body = paisleyMotif(
      r,
      at(colours, shift),
      at(colours, shift + 1),
      at(colours, shift + 2),
      ctx.bg,
    );
    out += place(ctx, p.x, p.y, r * 1.25, g(`rotate(${f(rot)})`, body));
  });
  for (const p of jitterGrid(ctx, n, 0.2, brick)) {
    const x = mod(p.x + cell / 2, S);
    const y = mod(p.y + cell / 2, S);
    const r = cell * 0.07;
    fill_ += place(
      ctx,
      x,
      y,
      r * 1.2,
      fivePetal(r, col(ctx, 3), tint(col(ctx, 3), 0.4), col(ctx, 0)),
    );
  }
  return fill_ + out;
};

// ---------- stripes & checks ----------

type Band = { a: number; b: number; c: string; o: number };

function bandShapes(
  bands: readonly Band[],
  period: number,
  orient: 'h' | 'v' | 'd',
  phase = 0,
): string {
  const reps = Math.ceil((orient === 'd' ? 2 * S : S) / period) + 1;
  let out = '';
  for (let t = -2; t <= reps; t++) {
    for (const band of bands) {
      const a = t * period + band.a + phase;
      const b = t * period + band.b + phase;
      const paint = fill(band.c, band.o);
      if (orient === 'h') out += rect(0, a, S, b - a, paint);
      else if (orient === 'v') out += rect(a, 0, b - a, S, paint);
      else {
        // Band a <= x + y <= b: periodic along x and y whenever the period divides the tile.
        const m = 100;
        out += path(
          poly([
            { x: a + m, y: -m },
            { x: b + m, y: -m },
            { x: -m, y: b + m },
            { x: -m, y: a + m },
          ]),
          paint,
        );
      }
    }
  }
  return out;
}

const stripes: Painter = (ctx) => {
  const { rnd } = ctx;
  const orient = pick(rnd, ['h', 'h', 'v', 'd', 'd'] as const);
  const mode = pick(rnd, ['multi', 'multi', 'even', 'pin'] as const);
  const k = mode === 'multi' ? pick(rnd, [1, 2, 2, 3, 4]) : pick(rnd, [4, 5, 6, 8, 10]);
  const period = S / count(ctx, k);
  const start = int(rnd, 0, 3);
  const bands: Band[] = [];
  if (mode === 'even') {
    // Awning / Breton stripes: one coloured band per period, its share of the period varies.
    bands.push({ a: 0, b: period * range(rnd, 0.3, 0.55), c: col(ctx, start), o: 1 });
  } else if (mode === 'pin') {
    // Thin lines need the strongest contrast against the ground to stay visible.
    const strong = [...ctx.fg].sort(
      (p, q) => Math.abs(luma(q) - luma(ctx.bg)) - Math.abs(luma(p) - luma(ctx.bg)),
    );
    const w = period * range(rnd, 0.05, 0.09);
    bands.push({ a: 0, b: w, c: at(strong, 0), o: 1 });
    if (chance(rnd, 0.6)) bands.push({ a: w * 1.8, b: w * 2.4, c: at(strong, 1), o: 1 });
    if (chance(rnd, 0.5))
      bands.push({ a: period * 0.5, b: period * 0.5 + w * 0.5, c: at(strong, 2), o: 1 });
  } else {
    const nb = int(rnd, 4, 7);
    // Ground (even) bands stay narrower than coloured ones so no stripe set looks half empty.
    const weights = Array.from({ length: nb }, (_, i) =>
      i % 2 === 0 ? pick(rnd, [0.25, 0.5, 1, 1.5]) : pick(rnd, [0.3, 0.6, 1, 1.6, 2.5, 4]),
    );
    const seq = chance(rnd, 0.5) ? [...weights, ...[...weights].reverse()] : weights;
    const total = seq.reduce((x, y) => x + y, 0);
    const tonal = chance(rnd, 0.5);
    let u = 0;
    seq.forEach((wgt, i) => {
      const w = (wgt / total) * period;
      // Odd bands carry colour; some even bands get a pale tone so the ground is not all plain.
      if (i % 2 === 1) bands.push({ a: u, b: u + w, c: col(ctx, start + Math.floor(i / 2)), o: 1 });
      else if (tonal && i % 4 === 2)
        bands.push({ a: u, b: u + w, c: mix(ctx.bg, col(ctx, start), 0.2), o: 1 });
      u += w;
    });
  }
  // A random phase (any shift keeps the period) varies the look and the cut at the tile edge.
  const phase = rnd() * period;
  let out = bandShapes(bands, period, orient, phase);
  if (chance(rnd, 0.6)) {
    const pin: Band[] = [];
    const pw = period * range(rnd, 0.006, 0.012);
    const c = ctx.darkBg ? tint(col(ctx, start + 2), 0.3) : shade(col(ctx, start + 2), 0.1);
    const pos = range(rnd, 0, period);
    pin.push({ a: pos, b: pos + pw, c, o: 0.9 });
    if (chance(rnd, 0.5)) pin.push({ a: pos + pw * 3, b: pos + pw * 4, c, o: 0.9 });
    out += bandShapes(pin, period, orient, phase);
  }
  if (orient !== 'd' && chance(rnd, 0.55)) {
    // Dotted or zigzag trim inside the widest band; the repeat count divides the tile width.
    const widest = [...bands].sort((p, q) => q.b - q.a - (p.b - p.a))[0];
    if (widest !== undefined && widest.b - widest.a > period * 0.12) {
      const q = int(rnd, 12, 30);
      const step = S / q;
      const c = luma(widest.c) > 0.55 ? shade(widest.c, 0.45) : tint(widest.c, 0.55);
      const bw = widest.b - widest.a;
      const zig = chance(rnd, 0.5);
      const reps = Math.ceil(S / period) + 1;
      let d = '';
      let dots = '';
      for (let t = -2; t <= reps; t++) {
        const mid = t * period + phase + (widest.a + widest.b) / 2;
        if (zig) {
          const amp = Math.min(bw * 0.25, step * 0.35);
          const pts: Pt[] = [];
          for (let i = 0; i <= q * 2; i++)
            pts.push({ x: (i * step) / 2, y: mid + (i % 2 === 0 ? -amp : amp) });
          d += poly(pts, false);
        } else {
          for (let i = 0; i < q; i++)
            dots += circle((i + 0.5) * step, mid, Math.min(bw * 0.22, step * 0.25), fill(c));
        }
      }
      const trim = (d ? path(d, stroke(c, Math.max(2, bw * 0.08))) : '') + dots;
      out += orient === 'h' ? trim : g('matrix(0 1 1 0 0 0)', trim);
    }
  }
  if (orient === 'd' && chance(rnd, 0.5)) out = g(`matrix(-1 0 0 1 ${S} 0)`, out);
  return out;
};

function twill(ctx: Ctx, opacity: number): string {
  // A 10-unit hatch tile divides the 1000-unit tile, so the weave texture is seamless too.
  ctx.defs.push(
    `<pattern id="twill" width="10" height="10" patternUnits="userSpaceOnUse"><path d="M-2 2L2 -2M0 10L10 0M8 12L12 8" stroke="#000000" stroke-opacity="${f3(opacity)}" stroke-width="2.2"/></pattern>`,
  );
  return `<rect width="${S}" height="${S}" fill="url(#twill)"/>`;
}

const checks: Painter = (ctx) => {
  const { rnd } = ctx;
  const kind = pick(rnd, ['gingham', 'tartan', 'tartan', 'windowpane', 'buffalo'] as const);
  let out = '';
  if (kind === 'gingham' || kind === 'buffalo') {
    const n = kind === 'gingham' ? int(rnd, 6, 14) : int(rnd, 2, 4);
    const period = S / count(ctx, n);
    const phx = rnd() * period;
    const phy = rnd() * period;
    const c = kind === 'buffalo' ? ctx.ink : col(ctx, 0);
    const o = kind === 'buffalo' ? 0.62 : 0.48;
    const band: Band[] = [{ a: 0, b: period / 2, c, o }];
    out += bandShapes(band, period, 'h', phy) + bandShapes(band, period, 'v', phx);
    if (kind === 'buffalo') out = rect(0, 0, S, S, fill(col(ctx, 0))) + out + twill(ctx, 0.12);
    else if (chance(rnd, 0.4)) {
      const thin: Band[] = [{ a: period * 0.74, b: period * 0.76, c: col(ctx, 1), o: 0.8 }];
      out += bandShapes(thin, period, 'h', phy) + bandShapes(thin, period, 'v', phx);
    }
    return out;
  }
  if (kind === 'windowpane') {
    const n = int(rnd, 3, 6);
    const period = S / count(ctx, n);
    const phx = rnd() * period;
    const phy = rnd() * period;
    const wide: Band[] = [{ a: 0, b: period * 0.05, c: col(ctx, 0), o: 0.9 }];
    const thin: Band[] = [{ a: period * 0.5, b: period * 0.515, c: col(ctx, 1), o: 0.9 }];
    const tone: Band[] = [{ a: period * 0.25, b: period * 0.75, c: col(ctx, 2), o: 0.12 }];
    return (
      bandShapes(tone, period, 'h', phy) +
      bandShapes(tone, period, 'v', phx) +
      bandShapes(thin, period, 'h', phy) +
      bandShapes(thin, period, 'v', phx) +
      bandShapes(wide, period, 'h', phy) +
      bandShapes(wide, period, 'v', phx)
    );
  }
  // Tartan: a mirrored sett of coloured bands, woven by drawing it twice with transparency.
  const k = pick(rnd, [1, 2, 2, 3]);
  const period = S / count(ctx, k);
  const phx = rnd() * period;
  const phy = rnd() * period;
  const m = int(rnd, 4, 6);
  const half = Array.from({ length: m }, (_, i) => ({
    w: pick(rnd, [0.03, 0.06, 0.12, 0.2, 0.3]),
    c: i % 3 === 2 ? tint(col(ctx, i), 0.5) : col(ctx, int(rnd, 0, 3)),
  }));
  const sett = [...half, ...[...half].reverse()];
  const total = sett.reduce((a, s) => a + s.w, 0);
  const bands: Band[] = [];
  let u = 0;
  for (const s of sett) {
    const w = (s.w / total) * period;
    bands.push({ a: u, b: u + w, c: s.c, o: 0.55 });
    u += w;
  }
  out += bandShapes(bands, period, 'h', phy) + bandShapes(bands, period, 'v', phx);
  const line: Band[] = [
    { a: period * 0.25, b: period * 0.25 + period * 0.008, c: tint(col(ctx, 2), 0.6), o: 0.9 },
  ];
  out += bandShapes(line, period, 'h', phy) + bandShapes(line, period, 'v', phx);
  return out + twill(ctx, 0.1);
};

// ---------- folk ----------

/** 回纹 hook meander band (single-arm spirals on a baseline, never a swastika). */
function meander(y: number, hTarget: number, c: string): string {
  const units = Math.max(2, Math.round(S / ((hTarget * 8) / 7)));
  const u = S / (8 * units);
  let d = `M${f(-u)} ${f(y + 6.5 * u)}H${f(S + u)}`;
  for (let i = -1; i <= units; i++) {
    const x = i * 8 * u;
    d += `M${f(x + 0.5 * u)} ${f(y + 6.5 * u)}V${f(y + 0.5 * u)}H${f(x + 6.5 * u)}V${f(y + 4.5 * u)}H${f(x + 2.5 * u)}V${f(y + 2.5 * u)}H${f(x + 4.5 * u)}`;
  }
  return path(d, `fill="none" stroke="${c}" stroke-width="${f(u)}" stroke-linecap="square"`);
}

function sawtooth(y: number, h: number, c: string, down: boolean): string {
  const units = Math.max(3, Math.round(S / (h * 1.3)));
  const w = S / units;
  let d = '';
  for (let i = -1; i <= units; i++) {
    const x = i * w;
    d += down
      ? `M${f(x)} ${f(y)}L${f(x + w)} ${f(y)}L${f(x + w / 2)} ${f(y + h)}Z`
      : `M${f(x)} ${f(y + h)}L${f(x + w / 2)} ${f(y)}L${f(x + w)} ${f(y + h)}Z`;
  }
  return path(d, fill(c));
}

function folkMotif(ctx: Ctx, kind: number, r: number, shift: number): string {
  const a = col(ctx, shift);
  const b = col(ctx, shift + 1);
  const c = col(ctx, shift + 2);
  if (kind === 0) return star8(r, a, b, c, ctx.bg);
  if (kind === 1) return steppedDiamond(r, 5, [c, a, b, a, c, b]);
  return folkButterfly(r * 0.95, a, b, c, ctx.ink === ctx.bg ? c : ctx.ink);
}

function folkBands(ctx: Ctx): string {
  const { rnd } = ctx;
  const k = pick(rnd, [1, 2, 2]);
  const period = S / count(ctx, k);
  const m = pick(rnd, k === 1 ? [2, 4] : [4, 6]);
  const m2 = m * 2;
  const kinds = shuffle(rnd, [0, 1, 2]);
  const bandC = col(ctx, 3);
  const reps = Math.ceil(S / period);
  let out = '';
  for (let t = 0; t <= reps; t++) {
    const y0 = t * period;
    out += meander(y0 + period * 0.02, period * 0.1, bandC);
    const r1 = Math.min(period * 0.2, (S / m) * 0.4);
    for (let i = 0; i < m; i++) {
      const kind = at(kinds, i % 2);
      out += place(
        ctx,
        (i + 0.5) * (S / m),
        y0 + period * 0.36,
        r1 * 1.05,
        folkMotif(ctx, kind, r1, i % 2),
      );
    }
    out += sawtooth(y0 + period * 0.6, period * 0.06, col(ctx, 1), false);
    const r2 = Math.min(period * 0.1, (S / m2) * 0.38);
    for (let i = 0; i < m2; i++) {
      out += place(
        ctx,
        i * (S / m2),
        y0 + period * 0.78,
        r2 * 1.05,
        folkMotif(ctx, at(kinds, 2), r2, 2 + (i % 2)),
      );
    }
    out += sawtooth(y0 + period * 0.92, period * 0.06, col(ctx, 1), true);
  }
  return out;
}

function folkLattice(ctx: Ctx): string {
  const { rnd } = ctx;
  const n = pick(rnd, [2, 3, 3, 4]);
  const nx = count(ctx, n);
  const d = S / nx;
  const lineC = col(ctx, 3);
  const lim = Math.ceil(nx) + 1;
  let lines = '';
  for (let k = -lim - 1; k <= 2 * lim + 1; k++) {
    for (const o of [-0.035, 0.035]) {
      const c = (k + o) * d;
      lines += `M${f(c + 200)} -200L${f(-200)} ${f(c + 200)}M${f(c - 200)} -200L${f(c + S + 200)} ${f(S + 200)}`;
    }
  }
  let out = path(lines, stroke(lineC, d * 0.018));
  const kinds = shuffle(rnd, [0, 1, 2]);
  const r = d * 0.27;
  for (let j = 0; j < Math.ceil(nx); j++) {
    for (let i = 0; i < Math.ceil(nx); i++) {
      out += place(ctx, (i + 0.5) * d, j * d, r * 1.05, folkMotif(ctx, at(kinds, 0), r, 0));
      out += place(ctx, i * d, (j + 0.5) * d, r * 1.05, folkMotif(ctx, at(kinds, 1), r, 1));
      const q = d * 0.05;
      const dia = path(
        poly([
          { x: 0, y: -q },
          { x: q, y: 0 },
          { x: 0, y: q },
          { x: -q, y: 0 },
        ]),
        fill(col(ctx, 2)),
      );
      out += place(ctx, i * d, j * d, q, dia) + place(ctx, (i + 0.5) * d, (j + 0.5) * d, q, dia);
    }
  }
  return out;
}

/** Placed (non-repeating) composition: centre medallion framed by sawtooth and meander borders. */
function folkMedallion(ctx: Ctx): string {
  const c = S / 2;
  let out = g(
    tr(c, c, 45),
    steppedDiamond(S * 0.3, 8, [col(ctx, 3), col(ctx, 2), ctx.bg, col(ctx, 0)]),
  );
  out += g(tr(c, c), star8(S * 0.2, col(ctx, 0), col(ctx, 1), col(ctx, 2), ctx.bg));
  const b = ctx.ink === ctx.bg ? col(ctx, 2) : ctx.ink;
  for (let q = 0; q < 4; q++) {
    const a = (q * Math.PI) / 2 + Math.PI / 4;
    out += g(
      tr(c + Math.cos(a) * S * 0.33, c + Math.sin(a) * S * 0.33, q * 90 + 135),
      folkButterfly(S * 0.075, col(ctx, 1), col(ctx, 0), col(ctx, 2), b),
    );
    const e = (q * Math.PI) / 2;
    out += g(
      tr(c + Math.cos(e) * S * 0.33, c + Math.sin(e) * S * 0.33),
      star8(S * 0.05, col(ctx, 2), col(ctx, 0), col(ctx, 1), ctx.bg),
    );
  }
  let border =
    meander(S * 0.02, S * 0.05, col(ctx, 3)) + sawtooth(S * 0.085, S * 0.025, col(ctx, 1), true);
  border = [0, 90, 180, 270].map((deg) => g(`rotate(${deg} ${c} ${c})`, border)).join('');
  const corner = star8(S * 0.06, col(ctx, 0), col(ctx, 1), col(ctx, 2), ctx.bg);
  for (const [x, y] of [
    [0.055, 0.055],
    [0.945, 0.055],
    [0.055, 0.945],
    [0.945, 0.945],
  ] as const) {
    border += g(tr(x * S, y * S), circle(0, 0, S * 0.065, fill(ctx.bg)) + corner);
  }
  return out + border;
}

const folk: Painter = (ctx) => {
  if (!ctx.seamless && chance(ctx.rnd, 0.6)) return folkMedallion(ctx);
  return chance(ctx.rnd, 0.5) ? folkBands(ctx) : folkLattice(ctx);
};

// ---------- animals & cartoon ----------

function fish(r: number, c: string, eye: string): string {
  const u = (x: number, y: number): string => `${f(x * r)} ${f(y * r)}`;
  let out = path(unit('M-0.45 0L-1 -0.42Q-0.82 0 -1 0.42Z', r), fill(shade(c, 0.15)));
  out += path(
    unit('M0.05 -0.38Q-0.15 -0.72 -0.38 -0.55Q-0.28 -0.38 -0.22 -0.3Z', r),
    fill(shade(c, 0.15)),
  );
  out += path(unit('M0.9 0C0.55 -0.58 -0.3 -0.58 -0.58 0C-0.3 0.58 0.55 0.58 0.9 0Z', r), fill(c));
  out += path(unit('M0.32 -0.27Q0.2 0 0.32 0.27', r), stroke(eye, r * 0.04));
  let scales = '';
  for (const [x, y] of [
    [0.05, -0.12],
    [0.05, 0.12],
    [-0.15, 0],
    [-0.15, -0.24],
    [-0.15, 0.24],
  ] as const) {
    scales += `M${u(x, y - 0.1)}Q${u(x - 0.1, y)} ${u(x, y + 0.1)}`;
  }
  out += path(scales, `${stroke(eye, r * 0.03)} stroke-opacity="0.6"`);
  out +=
    circle(0.55 * r, -0.08 * r, 0.08 * r, fill(eye)) +
    circle(0.57 * r, -0.08 * r, 0.035 * r, fill(shade(c, 0.5)));
  return out;
}

function bird(r: number, c: string, eye: string, accent: string): string {
  let out = path(unit('M-0.45 0.12L-1 -0.18L-0.9 0.08L-1 0.3Z', r), fill(shade(c, 0.2)));
  out += path(unit('M0 0.45L-0.03 0.64M0.14 0.45L0.14 0.64', r), stroke(accent, r * 0.04));
  out += path(
    unit(
      'M-0.55 0.15C-0.5 -0.35 0.1 -0.45 0.35 -0.3C0.55 -0.15 0.5 0.35 0.1 0.46C-0.2 0.52 -0.45 0.4 -0.55 0.15Z',
      r,
    ),
    fill(c),
  );
  out += circle(0.45 * r, -0.36 * r, 0.27 * r, fill(c));
  out += path(unit('M0.68 -0.45L0.92 -0.36L0.68 -0.27Z', r), fill(accent));
  out += path(
    unit('M-0.38 0.02C-0.1 -0.26 0.25 -0.2 0.3 0.04C0.1 0.22 -0.15 0.2 -0.38 0.02Z', r),
    fill(shade(c, 0.22)),
  );
  out += circle(0.53 * r, -0.41 * r, 0.05 * r, fill(eye));
  return out;
}

function cat(r: number, c: string, eye: string): string {
  let out = path(unit('M0.3 0.85C0.85 0.92 0.95 0.3 0.68 0.12', r), stroke(c, r * 0.12));
  out += path(
    unit('M-0.42 0.9C-0.62 0.3 -0.35 -0.18 0 -0.18C0.35 -0.18 0.62 0.3 0.42 0.9Z', r),
    fill(c),
  );
  out += path(
    unit('M-0.32 -0.52L-0.3 -0.92L-0.06 -0.72ZM0.32 -0.52L0.3 -0.92L0.06 -0.72Z', r),
    fill(c),
  );
  out += circle(0, -0.45 * r, 0.34 * r, fill(c));
  out +=
    ellipse(-0.13 * r, -0.48 * r, 0.05 * r, 0.075 * r, fill(eye)) +
    ellipse(0.13 * r, -0.48 * r, 0.05 * r, 0.075 * r, fill(eye));
  out += path(unit('M-0.04 -0.36L0.04 -0.36L0 -0.31Z', r), fill(eye));
  out += path(
    unit(
      'M-0.12 -0.3L-0.42 -0.34M-0.12 -0.27L-0.4 -0.22M0.12 -0.3L0.42 -0.34M0.12 -0.27L0.4 -0.22',
      r,
    ),
    `${stroke(eye, r * 0.02)} stroke-opacity="0.7"`,
  );
  return out;
}

function butterfly(r: number, c: string, c2: string, eye: string): string {
  const wing =
    path(unit('M0 -0.05C0.3 -0.95 1.02 -0.88 0.92 -0.3C0.86 0 0.4 0.05 0 0Z', r), fill(c)) +
    path(unit('M0 0.02C0.55 0.05 0.82 0.5 0.52 0.76C0.3 0.92 0.05 0.5 0 0.1Z', r), fill(c2)) +
    circle(0.56 * r, -0.45 * r, 0.13 * r, fill(eye)) +
    circle(0.42 * r, 0.45 * r, 0.08 * r, fill(eye)) +
    path(unit('M0.02 -0.4Q0.1 -0.8 0.3 -0.95', r), stroke(shade(c, 0.4), r * 0.03));
  return wing + g('scale(-1 1)', wing) + ellipse(0, 0, r * 0.07, r * 0.45, fill(shade(c, 0.45)));
}

const animal: Painter = (ctx) => {
  const { rnd } = ctx;
  const theme = pick(rnd, ['fish', 'bird', 'cat', 'butterfly', 'mixed'] as const);
  const n = pick(rnd, [3, 4, 4, 5, 6]);
  const cell = S / n;
  const eye = ctx.bg;
  let fillers = '';
  let out = '';
  for (const p of jitterGrid(ctx, n, 0.35, n % 2 === 0)) {
    const kind =
      theme === 'mixed' ? pick(rnd, ['fish', 'bird', 'cat', 'butterfly'] as const) : theme;
    const r = cell * range(rnd, 0.3, 0.38);
    const c = col(ctx, int(rnd, 0, 2));
    const flip = chance(rnd, 0.5) ? -1 : 1;
    let body = '';
    let rot = 0;
    if (kind === 'fish') {
      body = fish(r, c, eye);
      rot = range(rnd, -35, 35);
    } else if (kind === 'bird') {
      body = bird(r, c, eye, col(ctx, 3));
      rot = range(rnd, -15, 15);
    } else if (kind === 'cat') {
      body = cat(r, c, eye);
      rot = range(rnd, -10, 10);
    } else {
      body = butterfly(r, c, col(ctx, 3), eye);
      rot = range(rnd, -30, 30);
    }
    out += place(ctx, p.x, p.y, r * 1.1, g(`rotate(${f(rot)}) scale(${flip} 1)`, body));
  }
  for (const p of jitterGrid(ctx, n * 2, 0.9)) {
    if (!chance(rnd, 0.5)) continue;
    const c = col(ctx, int(rnd, 1, 3));
    const r = cell * range(rnd, 0.025, 0.05);
    let body = circle(0, 0, r, fill(c, 0.8));
    if (theme === 'fish')
      body =
        circle(0, 0, r, stroke(c, r * 0.3)) +
        circle(r * 1.6, -r * 1.8, r * 0.5, stroke(c, r * 0.25));
    else if (theme === 'bird') body = g(`rotate(${f(rnd() * 360)})`, leaf(r * 3, r, c, c));
    else if (theme === 'butterfly') body = around(5, 0, () => circle(0, -r, r * 0.6, fill(c)));
    else if (theme === 'cat')
      body =
        circle(0, r * 0.4, r * 0.7, fill(c)) +
        around(4, -45, (deg) =>
          deg < 90 && deg > -90 ? circle(0, -r * 0.75, r * 0.3, fill(c)) : '',
        );
    fillers += place(ctx, p.x, p.y, r * 3, body);
  }
  return fillers + out;
};

function cartoonShape(kind: number, r: number, c: string, ink: string, mouth: number): string {
  const u = (x: number, y: number): string => `${f(x * r)} ${f(y * r)}`;
  const line = `stroke="${ink}" stroke-width="${f(r * 0.07)}" stroke-linejoin="round"`;
  const featureInk = luma(c) < 0.35 ? '#ffffff' : ink;
  if (kind === 0) {
    const d = `M${u(-0.82, 0.32)}A${f(r * 0.3)} ${f(r * 0.3)} 0 0 1 ${u(-0.55, -0.15)}A${f(r * 0.38)} ${f(r * 0.38)} 0 0 1 ${u(0.05, -0.45)}A${f(r * 0.35)} ${f(r * 0.35)} 0 0 1 ${u(0.6, -0.1)}A${f(r * 0.3)} ${f(r * 0.3)} 0 0 1 ${u(0.82, 0.32)}Q${u(0, 0.48)} ${u(-0.82, 0.32)}Z`;
    return (
      path(d, `${fill(c)} ${line}`) + g(tr(0, r * 0.1), cartoonFace(r * 0.55, featureInk, mouth))
    );
  }
  if (kind === 1) {
    const d = unit('M0 0.8C-1.1 0.1 -0.6 -0.85 0 -0.35C0.6 -0.85 1.1 0.1 0 0.8Z', r);
    return (
      path(d, `${fill(c)} ${line}`) + g(tr(0, r * 0.02), cartoonFace(r * 0.52, featureInk, mouth))
    );
  }
  if (kind === 2) {
    const pts: Pt[] = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = (i % 2 === 0 ? 0.82 : 0.42) * r;
      pts.push({ x: Math.cos(a) * rr, y: Math.sin(a) * rr });
    }
    const d = poly(pts);
    // A wide ink stroke under a narrower same-colour stroke gives a rounded star with an outline.
    return (
      path(
        d,
        `fill="${ink}" stroke="${ink}" stroke-width="${f(r * 0.3)}" stroke-linejoin="round"`,
      ) +
      path(d, `fill="${c}" stroke="${c}" stroke-width="${f(r * 0.16)}" stroke-linejoin="round"`) +
      g(tr(0, r * 0.08), cartoonFace(r * 0.4, featureInk, mouth))
    );
  }
  if (kind === 3) {
    const d = unit(
      'M-0.88 0.45C-0.95 -0.35 -0.4 -0.7 0 -0.7C0.4 -0.7 0.95 -0.35 0.88 0.45Q0 0.68 -0.88 0.45Z',
      r,
    );
    return (
      path(d, `${fill(c)} ${line}`) + g(tr(0, r * 0.05), cartoonFace(r * 0.6, featureInk, mouth))
    );
  }
  if (kind === 4) {
    const ears = unit('M-0.75 -0.2L-0.62 -0.88L-0.18 -0.55ZM0.75 -0.2L0.62 -0.88L0.18 -0.55Z', r);
    return (
      path(ears, `${fill(c)} ${line}`) +
      ellipse(0, 0, r * 0.85, r * 0.66, `${fill(c)} ${line}`) +
      g(tr(0, r * 0.08), cartoonFace(r * 0.6, featureInk, 1))
    );
  }
  const d = unit(
    'M0 -0.95C0.35 -0.45 0.7 -0.05 0.7 0.3C0.7 0.7 0.35 0.95 0 0.95C-0.35 0.95 -0.7 0.7 -0.7 0.3C-0.7 -0.05 -0.35 -0.45 0 -0.95Z',
    r,
  );
  return (
    path(d, `${fill(c)} ${line}`) + g(tr(0, r * 0.35), cartoonFace(r * 0.5, featureInk, mouth))
  );
}

const cartoon: Painter = (ctx) => {
  const { rnd } = ctx;
  const n = pick(rnd, [3, 4, 4, 5]);
  const cell = S / n;
  const kinds = shuffle(rnd, [0, 1, 2, 3, 4, 5]).slice(0, int(rnd, 2, 4));
  let out = '';
  let sprinkles = '';
  for (const p of jitterGrid(ctx, n, 0.3, n % 2 === 0)) {
    const r = cell * range(rnd, 0.32, 0.4);
    const body = cartoonShape(
      pick(rnd, kinds),
      r,
      col(ctx, int(rnd, 0, 3)),
      ctx.ink,
      int(rnd, 0, 2),
    );
    out += place(ctx, p.x, p.y, r * 1.1, g(`rotate(${f(range(rnd, -22, 22))})`, body));
  }
  for (const p of jitterGrid(ctx, n * 2, 0.8)) {
    if (!chance(rnd, 0.55)) continue;
    const c = col(ctx, int(rnd, 0, 3));
    const r = cell * range(rnd, 0.03, 0.055);
    const kind = int(rnd, 0, 2);
    let body = circle(0, 0, r * 0.6, fill(c));
    if (kind === 1)
      body = path(
        `M0 ${f(-r)}Q0 0 ${f(r)} 0Q0 0 0 ${f(r)}Q0 0 ${f(-r)} 0Q0 0 0 ${f(-r)}Z`,
        fill(c),
      );
    else if (kind === 2) body = path(`M${f(-r)} 0H${f(r)}M0 ${f(-r)}V${f(r)}`, stroke(c, r * 0.35));
    sprinkles += place(ctx, p.x, p.y, r * 1.2, body);
  }
  return sprinkles + out;
};

// ---------- abstract, watercolor, camouflage ----------

const abstract: Painter = (ctx) => {
  const { rnd } = ctx;
  const mode = pick(rnd, ['cutouts', 'strokes', 'terrazzo', 'shapes'] as const);
  let out = '';
  if (mode === 'terrazzo') {
    for (const p of jitterGrid(ctx, int(rnd, 8, 11), 1)) {
      const r = range(rnd, 12, 42);
      out += place(
        ctx,
        p.x,
        p.y,
        r * 1.4,
        path(blob(rnd, r, int(rnd, 5, 6), 0.4), fill(col(ctx, int(rnd, 0, 3)))),
      );
    }
    return out;
  }
  if (mode === 'cutouts' || mode === 'shapes') {
    for (const p of jitterGrid(ctx, int(rnd, 3, 4), 0.9)) {
      const r = range(rnd, 90, 170);
      const sx = chance(rnd, 0.3) ? 0.45 : 1;
      const c = col(ctx, int(rnd, 0, 3));
      const body =
        mode === 'cutouts'
          ? path(blob(rnd, r, int(rnd, 6, 8), 0.3, sx), fill(c))
          : pick(rnd, [
              path(`M${f(-r)} 0A${f(r)} ${f(r)} 0 0 1 ${f(r)} 0Z`, fill(c)),
              circle(0, 0, r * 0.7, stroke(c, r * 0.18)),
              circle(0, 0, r * 0.8, fill(c)),
              path(
                `M${f(-r)} ${f(r * 0.6)}V0A${f(r)} ${f(r)} 0 0 1 ${f(r)} 0V${f(r * 0.6)}`,
                stroke(c, r * 0.22),
              ),
            ]);
      out += place(ctx, p.x, p.y, r * 1.35, g(`rotate(${f(rnd() * 360)})`, body));
    }
  }
  const strokes = mode === 'strokes' ? int(rnd, 8, 12) : int(rnd, 3, 5);
  for (let i = 0; i < strokes; i++) {
    const len = range(rnd, 180, 420);
    const w = range(rnd, 18, mode === 'strokes' ? 70 : 35);
    const c = col(ctx, int(rnd, 0, 3));
    const body = path(brush(rnd, len, w), fill(c, range(rnd, 0.75, 1)));
    out += place(ctx, rnd() * S, rnd() * S, len * 0.6, g(`rotate(${f(rnd() * 360)})`, body));
  }
  for (const p of jitterGrid(ctx, int(rnd, 5, 7), 1)) {
    const c = col(ctx, int(rnd, 0, 3));
    const k = int(rnd, 0, 3);
    const r = range(rnd, 8, 22);
    let body = circle(0, 0, r, fill(c));
    if (k === 1) {
      const pts: Pt[] = [];
      for (let i = 0; i <= 6; i++)
        pts.push({ x: (i - 3) * r * 0.9, y: i % 2 === 0 ? -r * 0.6 : r * 0.6 });
      body = path(smoothOpen(pts), stroke(c, r * 0.35));
    } else if (k === 2) {
      body = '';
      for (let i = 0; i < 3; i++) body += circle((i - 1) * r * 1.4, 0, r * 0.35, fill(c));
    } else if (k === 3) body = circle(0, 0, r, stroke(c, r * 0.3));
    out += place(ctx, p.x, p.y, r * 4, g(`rotate(${f(rnd() * 360)})`, body));
  }
  return out;
};

const watercolor: Painter = (ctx) => {
  const { rnd } = ctx;
  const mode = pick(rnd, ['washes', 'blooms', 'spots'] as const);
  const blur = range(rnd, 3.5, 6);
  const margin = blur * 3;
  // A user-space region just past the tile keeps the blur cheap yet lets wrapped copies bleed in.
  ctx.defs.push(
    `<filter id="wc" filterUnits="userSpaceOnUse" x="${f(-margin)}" y="${f(-margin)}" width="${f(S + 2 * margin)}" height="${f(S + 2 * margin)}" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${f(blur)}"/></filter>`,
  );
  // Pigment pools at the rim of a wet wash: a radial gradient that is paler inside imitates that.
  ctx.fg.forEach((c, i) => {
    ctx.defs.push(
      `<radialGradient id="wg${i}" cx="0.45" cy="0.42" r="0.62"><stop offset="0" stop-color="${c}" stop-opacity="0.35"/><stop offset="0.72" stop-color="${c}" stop-opacity="0.6"/><stop offset="1" stop-color="${shade(c, 0.12)}" stop-opacity="0.95"/></radialGradient>`,
    );
  });
  const wash = (d: string, c: string, o: number): string => {
    const i = ctx.fg.indexOf(c);
    return path(
      d,
      i >= 0 ? `fill="url(#wg${i})" fill-opacity="${f3(Math.min(1, o + 0.25))}"` : fill(c, o),
    );
  };
  let soft = '';
  let crisp = '';
  if (mode === 'washes') {
    for (const p of jitterGrid(ctx, int(rnd, 3, 5), 1)) {
      const r = range(rnd, 70, 170);
      const body = wash(
        blob(rnd, r, 7, 0.3, range(rnd, 0.7, 1.3)),
        col(ctx, int(rnd, 0, 3)),
        range(rnd, 0.3, 0.55),
      );
      soft += place(ctx, p.x, p.y, r * 1.5 + margin, body);
    }
  } else if (mode === 'blooms') {
    const n = pick(rnd, [3, 4]);
    const cell = S / n;
    const leafC = col(ctx, 3);
    for (const p of jitterGrid(ctx, n, 0.35)) {
      const r = cell * range(rnd, 0.24, 0.32);
      const c = col(ctx, int(rnd, 0, 2));
      const rot = rnd() * 360;
      // Stem and leaves share one rotation so they hang off the flower instead of floating.
      let body = '';
      for (const side of [-1, 1]) {
        const lt = `translate(${f(side * r * 0.32)} ${f(r * 1.15)}) rotate(${f(side * 55)})`;
        body += g(lt, wash(blob(rnd, r * 0.42, 6, 0.15, 0.45), leafC, 0.5));
      }
      const k = int(rnd, 5, 7);
      body += around(k, rnd() * 360, () =>
        g(tr(0, -r * 0.5), wash(blob(rnd, r * 0.45, 6, 0.18, 0.75), c, range(rnd, 0.4, 0.6))),
      );
      body += wash(blob(rnd, r * 0.2, 5, 0.2), col(ctx, 3 - (k % 2)), 0.7);
      soft += place(ctx, p.x, p.y, r * 1.9 + margin, g(`rotate(${f(rot)})`, body));
      const stem = path(
        unit('M0 0.72Q0.25 1.1 -0.05 1.75', r),
        `${stroke(shade(leafC, 0.3), 3)} stroke-opacity="0.55"`,
      );
      crisp += place(ctx, p.x, p.y, r * 1.9, g(`rotate(${f(rot)})`, stem));
    }
  } else {
    const n = pick(rnd, [4, 5, 6]);
    const cell = S / n;
    for (const p of jitterGrid(ctx, n, 0.5, n % 2 === 0)) {
      const r = cell * range(rnd, 0.18, 0.32);
      soft += place(
        ctx,
        p.x,
        p.y,
        r * 1.3 + margin,
        wash(blob(rnd, r, 7, 0.15), col(ctx, int(rnd, 0, 3)), range(rnd, 0.35, 0.6)),
      );
    }
  }
  for (const p of jitterGrid(ctx, 6, 1)) {
    if (!chance(rnd, 0.5)) continue;
    const c = col(ctx, int(rnd, 0, 3));
    let body = '';
    for (let i = 0; i < 4; i++)
      body += circle(range(rnd, -20, 20), range(rnd, -20, 20), range(rnd, 2, 6), fill(c, 0.55));
    crisp += place(ctx, p.x, p.y, 30, body);
  }
  // Paper grain: a tiny pattern tile (divides the tile size) is far cheaper than feTurbulence.
  let grain = '';
  const grainC = ctx.darkBg ? '#ffffff' : '#5a4a3a';
  for (let i = 0; i < 36; i++)
    grain += circle(
      rnd() * 100,
      rnd() * 100,
      range(rnd, 0.6, 1.6),
      fill(grainC, range(rnd, 0.05, 0.14)),
    );
  ctx.defs.push(
    `<pattern id="grain" width="100" height="100" patternUnits="userSpaceOnUse">${grain}</pattern>`,
  );
  return `<g filter="url(#wc)">${soft}</g>${crisp}<rect width="${S}" height="${S}" fill="url(#grain)"/>`;
};

/** Periodic value noise on an L×L lattice (wraps at the tile edge). */
function valueNoise(rnd: Rng, lattice: number): (x: number, y: number) => number {
  const vals = Array.from({ length: lattice * lattice }, () => rnd());
  const v = (i: number, j: number): number => at(vals, mod(i, lattice) + mod(j, lattice) * lattice);
  const smooth = (t: number): number => t * t * (3 - 2 * t);
  return (x, y) => {
    const u = (x / S) * lattice;
    const w = (y / S) * lattice;
    const i = Math.floor(u);
    const j = Math.floor(w);
    const fu = smooth(u - i);
    const fw = smooth(w - j);
    const top = v(i, j) + (v(i + 1, j) - v(i, j)) * fu;
    const bottom = v(i, j + 1) + (v(i + 1, j + 1) - v(i, j + 1)) * fu;
    return top + (bottom - top) * fw;
  };
}

const camouflage: Painter = (ctx) => {
  const { rnd } = ctx;
  const layers = [col(ctx, 0), col(ctx, 1), col(ctx, 2), col(ctx, 3)];
  if (chance(rnd, 0.35)) {
    const cells = pick(rnd, [40, 50]);
    const cell = S / cells;
    const n1 = valueNoise(rnd, int(rnd, 4, 6));
    const n2 = valueNoise(rnd, 10);
    const grid: number[] = [];
    for (let j = 0; j < cells; j++) {
      for (let i = 0; i < cells; i++) {
        const x = (i + 0.5) * cell;
        const y = (j + 0.5) * cell;
        grid.push(n1(x, y) + 0.45 * n2(x, y) + 0.12 * rnd());
      }
    }
    const sorted = [...grid].sort((a, b) => a - b);
    const cuts = [0.3, 0.55, 0.78].map((q) => at(sorted, Math.floor(q * sorted.length)));
    let out = '';
    // Each layer covers all cells at or above its level so no background hairlines show between.
    cuts.forEach((cut, li) => {
      let d = '';
      for (let j = 0; j < cells; j++) {
        let i = 0;
        while (i < cells) {
          if (at(grid, i + j * cells) < cut) {
            i++;
            continue;
          }
          const start = i;
          while (i < cells && at(grid, i + j * cells) >= cut) i++;
          d += `M${f(start * cell)} ${f(j * cell)}h${f((i - start) * cell)}v${f(cell)}h${f(-(i - start) * cell)}z`;
        }
      }
      out += path(d, fill(at(layers, li)));
    });
    return out;
  }
  const angle = range(rnd, -35, 35);
  let out = '';
  layers.forEach((c, li) => {
    const n = li === 3 ? int(rnd, 5, 6) : int(rnd, 3, 4);
    for (const p of jitterGrid(ctx, n, 0.9)) {
      const cell = S / n;
      const r = cell * (li === 3 ? range(rnd, 0.12, 0.2) : range(rnd, 0.35, 0.55));
      const sx = range(rnd, 1.3, 2);
      let body = path(blob(rnd, r, int(rnd, 9, 11), 0.38, sx), fill(c));
      if (li < 3)
        body += g(
          tr(r * sx * range(rnd, -0.6, 0.6), r * range(rnd, -0.6, 0.6)),
          path(blob(rnd, r * 0.6, 8, 0.4, sx), fill(c)),
        );
      out += place(
        ctx,
        p.x,
        p.y,
        r * sx * 1.9,
        g(`rotate(${f(angle + range(rnd, -25, 25))})`, body),
      );
    }
  });
  return out;
};

// ---------- text ----------

function xi(dx: number): string[] {
  const x = (v: number): number => v + dx;
  return [
    `M${x(5)} 11H${x(37)}`,
    `M${x(21)} 3V22`,
    `M${x(10)} 22H${x(32)}`,
    `M${x(10)} 30H${x(32)}V42H${x(10)}Z`,
    `M${x(12)} 48L${x(15)} 54`,
    `M${x(30)} 48L${x(27)} 54`,
    `M${x(2)} 59H${x(40)}`,
    `M${x(9)} 67H${x(33)}V93H${x(9)}Z`,
  ];
}

// Stroke outlines of 福 囍 春 纹 on a 100-unit box, so the pattern never depends on installed fonts.
const GLYPHS: Record<string, readonly string[]> = {
  福: [
    'M17 5L22 13',
    'M8 27H32L10 56',
    'M22 42V95',
    'M24 49L32 58',
    'M44 9H92',
    'M51 20H85V35H51Z',
    'M45 46H91V93H45Z',
    'M68 46V93',
    'M45 69H91',
  ],
  囍: [...xi(4), ...xi(54)],
  春: [
    'M24 14H76',
    'M28 28H72',
    'M10 42H90',
    'M50 4Q47 38 8 68',
    'M53 44Q68 64 92 74',
    'M36 60H64V94H36Z',
    'M36 77H64',
  ],
  纹: [
    'M24 5L10 30L26 29L9 55L31 49',
    'M8 80L32 71',
    'M67 4L70 15',
    'M42 27H95',
    'M84 30Q74 70 42 95',
    'M54 38Q70 78 96 94',
  ],
};

function glyph(ch: string, side: number, c: string, weight: number): string {
  const strokes = GLYPHS[ch] ?? [];
  const k = side / 100;
  return g(`scale(${f3(k)}) translate(-50 -50)`, path(strokes.join(''), stroke(c, weight)));
}

type FrameKind = 'circle' | 'square' | 'diamond' | 'octagon' | 'flower' | 'double';

function frameShape(kind: FrameKind, r: number, attrs: string): string {
  if (kind === 'circle') return circle(0, 0, r, attrs);
  if (kind === 'square' || kind === 'double')
    return rect(-r * 0.9, -r * 0.9, r * 1.8, r * 1.8, `rx="${f(r * 0.22)}" ${attrs}`);
  if (kind === 'diamond')
    return path(
      poly([
        { x: 0, y: -r * 1.15 },
        { x: r * 1.15, y: 0 },
        { x: 0, y: r * 1.15 },
        { x: -r * 1.15, y: 0 },
      ]),
      attrs,
    );
  if (kind === 'octagon') {
    const pts: Pt[] = [];
    for (let i = 0; i < 8; i++)
      pts.push({
        x: Math.cos(((i + 0.5) * Math.PI) / 4) * r,
        y: Math.sin(((i + 0.5) * Math.PI) / 4) * r,
      });
    return path(poly(pts), attrs);
  }
  let d = '';
  for (let i = 0; i <= 8; i++) {
    const a = (i * Math.PI) / 4;
    const x = Math.cos(a) * r * 0.92;
    const y = Math.sin(a) * r * 0.92;
    d += i === 0 ? `M${f(x)} ${f(y)}` : `A${f(r * 0.4)} ${f(r * 0.4)} 0 0 1 ${f(x)} ${f(y)}`;
  }
  return path(d + 'Z', attrs);
}

const GLYPH_SIDE: Record<FrameKind, number> = {
  circle: 1.12,
  square: 1.22,
  diamond: 0.95,
  octagon: 1.15,
  flower: 1.05,
  double: 1.1,
};

const text: Painter = (ctx) => {
  const { rnd } = ctx;
  const chars = shuffle(rnd, Object.keys(GLYPHS));
  const n = pick(rnd, [3, 4, 4, 5, 6]);
  const nx = count(ctx, n);
  const cell = S / nx;
  const brick = n % 2 === 0 && chance(rnd, 0.5);
  const frame = pick(rnd, ['circle', 'square', 'diamond', 'octagon', 'flower', 'double'] as const);
  const seal = chance(rnd, 0.55);
  const rotMode = pick(rnd, ['none', 'alt', 'random'] as const);
  const shift = int(rnd, 1, 3);
  const r = cell * (frame === 'diamond' ? 0.36 : 0.38);
  let out = '';
  const lim = Math.ceil(nx);
  for (let j = 0; j < lim; j++) {
    for (let i = 0; i < lim; i++) {
      const ch = at(chars, i + j * shift);
      // Checkerboard parity only survives the wrap with an even count; otherwise key it to the glyph.
      const parity = n % 2 === 0 ? (i + j) % 2 : chars.indexOf(ch) % 2;
      const c = col(ctx, parity);
      const x = mod((i + 0.5 + (brick && j % 2 === 1 ? 0.5 : 0)) * cell, S);
      const y = (j + 0.5) * cell;
      let rot = 0;
      if (rotMode === 'alt') rot = parity === 0 ? 12 : -12;
      else if (rotMode === 'random') rot = range(rnd, -18, 18);
      const side = r * GLYPH_SIDE[frame];
      let body = '';
      if (seal) {
        body += frameShape(frame, r, fill(c));
        body += frameShape(frame, r * 0.86, stroke(ctx.bg, r * 0.03));
        if (frame === 'double') body += frameShape(frame, r * 0.78, stroke(ctx.bg, r * 0.015));
        body += glyph(ch, side * 0.9, ctx.bg, 9);
      } else {
        body += frameShape(
          frame,
          r,
          `${fill(mix(ctx.bg, c, 0.12))} stroke="${c}" stroke-width="${f(r * 0.07)}"`,
        );
        if (frame === 'double') body += frameShape(frame, r * 0.82, stroke(c, r * 0.025));
        body += glyph(ch, side * 0.9, col(ctx, 2 + parity), 8);
      }
      out += place(ctx, x, y, r * 1.35, g(`rotate(${f(rot)})`, body));
    }
  }
  const q = cell * 0.05;
  const orn =
    around(4, 0, () => circle(0, -q * 1.3, q * 0.55, fill(col(ctx, 2)))) +
    circle(0, 0, q * 0.5, fill(col(ctx, 3)));
  for (let j = 0; j < lim; j++) {
    for (let i = 0; i < lim; i++) {
      const x = mod((i + (brick && j % 2 === 1 ? 0.5 : 0)) * cell, S);
      out += place(ctx, x, j * cell, q * 2, orn);
    }
  }
  return out;
};

// ---------- dots & waves ----------

const dots: Painter = (ctx) => {
  const { rnd } = ctx;
  const kind = pick(rnd, ['polka', 'polka', 'halftone', 'halftone', 'confetti', 'rings'] as const);
  let out = '';
  if (kind === 'polka' || kind === 'rings') {
    const n = pick(rnd, [4, 6, 8, 10]);
    const nx = count(ctx, n);
    const d = S / nx;
    const r = d * range(rnd, 0.16, 0.28);
    const scheme = int(rnd, 0, 2);
    const table = Array.from({ length: n * n }, () => col(ctx, int(rnd, 0, 3)));
    const lim = Math.ceil(nx);
    for (let j = -1; j <= lim; j++) {
      for (let i = -1; i <= lim; i++) {
        const x = (i + 0.25 + (mod(j, 2) === 1 ? 0.5 : 0)) * d;
        const y = (j + 0.5) * d;
        let c = col(ctx, 0);
        if (scheme === 1) c = col(ctx, mod(j, 2));
        else if (scheme === 2) c = at(table, mod(i, n) + mod(j, n) * n);
        if (kind === 'rings') {
          out += circle(x, y, r, stroke(c, r * 0.22)) + circle(x, y, r * 0.45, fill(col(ctx, 1)));
        } else {
          out += circle(x, y, r, fill(c));
          if (scheme === 0)
            out += circle(x - r * 0.3, y - r * 0.3, r * 0.22, fill(tint(c, 0.35), 0.8));
        }
      }
    }
    return out;
  }
  if (kind === 'halftone') {
    const n = int(rnd, 12, 22);
    const nx = count(ctx, n);
    const d = S / nx;
    const shape = int(rnd, 0, 2);
    const a = int(rnd, 1, 2);
    const b = int(rnd, 0, 2);
    const ph = rnd() * TAU;
    const centres = Array.from({ length: int(rnd, 2, 3) }, () => ({
      x: rnd() * S,
      y: rnd() * S,
      s: range(rnd, 140, 260),
    }));
    // Intensity functions use whole cosine periods / torus distance so they repeat with the tile.
    const level = (x: number, y: number): number => {
      if (shape === 0) return 0.5 + 0.5 * Math.cos((TAU * (a * x + b * y)) / S + ph);
      if (shape === 1)
        return (
          0.5 + 0.5 * Math.cos((TAU * a * (x + y)) / S + ph) * Math.cos((TAU * a * (x - y)) / S)
        );
      let best = 0;
      for (const c of centres) {
        const dx = Math.min(Math.abs(x - c.x), S - Math.abs(x - c.x));
        const dy = Math.min(Math.abs(y - c.y), S - Math.abs(y - c.y));
        best = Math.max(best, Math.exp(-(dx * dx + dy * dy) / (2 * c.s * c.s)));
      }
      return best;
    };
    const c0 = col(ctx, 0);
    const c1 = col(ctx, 1);
    const lim = Math.ceil(nx);
    for (let j = -1; j <= lim * 2 + 1; j++) {
      for (let i = -1; i <= lim; i++) {
        const x = (i + (mod(j, 2) === 1 ? 0.5 : 0)) * d;
        const y = (j * d) / 2;
        const v = level(mod(x, S), mod(y, S));
        const r = d * 0.46 * (0.08 + 0.92 * v);
        if (r < d * 0.05) continue;
        out += circle(x, y, r, fill(mix(c1, c0, v)));
      }
    }
    return out;
  }
  for (const p of jitterGrid(ctx, int(rnd, 9, 13), 0.9)) {
    const r = range(rnd, 6, 26);
    const c = col(ctx, int(rnd, 0, 3));
    out += place(
      ctx,
      p.x,
      p.y,
      r * 1.2,
      chance(rnd, 0.25) ? circle(0, 0, r, stroke(c, r * 0.35)) : circle(0, 0, r, fill(c)),
    );
  }
  return out;
};

const waves: Painter = (ctx) => {
  const { rnd } = ctx;
  const kind = pick(rnd, ['seigaiha', 'seigaiha', 'lines', 'lines', 'ripples'] as const);
  let out = '';
  if (kind === 'seigaiha') {
    // 青海波: fans of radius R every 2R across, rows every R/2 drawn top-down so each overlaps the last.
    const n = pick(rnd, [3, 4, 5, 6]);
    const nx = count(ctx, n);
    const w = S / nx;
    const R = w / 2;
    const rows = Math.ceil(nx * 4);
    const ringCount = int(rnd, 4, 6);
    const scheme = int(rnd, 0, 2);
    const between = chance(rnd, 0.5) ? ctx.bg : mix(ctx.bg, col(ctx, 2), 0.35);
    const table = Array.from({ length: n * 4 * n }, () => int(rnd, 0, 2));
    for (let j = -2; j <= rows + 2; j++) {
      for (let i = -1; i <= Math.ceil(nx) + 1; i++) {
        const x = (i + (mod(j, 2) === 1 ? 0.5 : 0)) * w;
        const y = (j * w) / 4;
        let main = col(ctx, 0);
        if (scheme === 1) main = col(ctx, mod(j, 2));
        else if (scheme === 2) main = col(ctx, at(table, mod(i, n) + mod(j, n * 4) * n));
        for (let k = 0; k < ringCount; k++) {
          const rr = R * (1 - k / ringCount) * 0.98;
          const c = k % 2 === 0 ? main : between;
          out += circle(
            x,
            y,
            rr,
            k === 0 ? `${fill(c)} stroke="${ctx.bg}" stroke-width="${f(R * 0.05)}"` : fill(c),
          );
        }
      }
    }
    return out;
  }
  if (kind === 'lines') {
    // Line counts are multiples of 4 so the 4-step colour cycle repeats exactly within the tile.
    const m = pick(rnd, [8, 12, 16]);
    const mc = count(ctx, m);
    const sp = S / mc;
    const k = int(rnd, 1, 4);
    const filled = chance(rnd, 0.5);
    // Filled bands keep neighbouring lines nearly parallel so the bands never cross each other.
    const amp = sp * (filled ? range(rnd, 0.3, 0.9) : range(rnd, 0.4, 1.3));
    const q = int(rnd, 1, 2);
    const p = filled ? range(rnd, 0, 0.35) : range(rnd, 0.3, 2.5);
    const cycle = [col(ctx, 0), col(ctx, 1), col(ctx, 2), col(ctx, 1)];
    const line = (j: number): Pt[] => {
      const phase = p * Math.sin((TAU * j * q) / m);
      const pts: Pt[] = [];
      for (let i = 0; i <= 48; i++) {
        const x = (i / 48) * (S + 40) - 20;
        pts.push({ x, y: j * sp + amp * Math.sin((TAU * k * x) / S + phase) });
      }
      return pts;
    };
    const lim = Math.ceil(mc);
    for (let j = -3; j <= lim + 3; j++) {
      const top = line(j);
      if (filled) {
        const bottom = line(j + 1).reverse();
        const c = mod(j, 2) === 0 ? at(cycle, j) : ctx.bg;
        if (c !== ctx.bg)
          out += path(smoothOpen(top) + 'L' + smoothOpen(bottom).slice(1) + 'Z', fill(c));
        out += path(smoothOpen(top), stroke(col(ctx, 2), sp * 0.06));
      } else {
        out += path(smoothOpen(top), stroke(at(cycle, j), sp * (mod(j, 4) === 0 ? 0.22 : 0.1)));
      }
    }
    return out;
  }
  const n = pick(rnd, [3, 4, 5]);
  const cell = S / n;
  for (const pt of jitterGrid(ctx, n, 0.8)) {
    const rings = int(rnd, 3, 6);
    const r0 = cell * range(rnd, 0.35, 0.6);
    const c = col(ctx, int(rnd, 0, 2));
    let body = circle(0, 0, r0 * 0.08, fill(c));
    for (let i = 1; i <= rings; i++) {
      body += circle(
        0,
        0,
        (r0 * i) / rings,
        `${stroke(c, r0 * 0.05 * (1 - i / (rings + 1)) + 2)} stroke-opacity="${f3(1 - (i / (rings + 1)) * 0.7)}"`,
      );
    }
    out += place(ctx, pt.x, pt.y, r0 + 10, body);
  }
  return out;
};

// ---------- south-west folk crafts (the folk base, issue 14) ----------

/** 苗绣 Miao embroidery: butterfly-mother and eight-point stars on a dark ground, stitched borders. */
const miaoEmbroidery: Painter = (ctx) => {
  const n = pick(ctx.rnd, [2, 3]);
  const d = S / n;
  let out = '';
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const x = (i + 0.5) * d;
      const y = (j + 0.5) * d;
      out += g(
        tr(x, y),
        folkButterfly(d * 0.3, col(ctx, j % 2), col(ctx, 1 + (i % 2)), col(ctx, 3), col(ctx, 2)),
      );
      out += place(
        ctx,
        i * d,
        j * d,
        d * 0.16,
        star8(d * 0.15, col(ctx, 2), col(ctx, 0), col(ctx, 3), ctx.bg),
      );
    }
  }
  let bands = '';
  for (let j = 0; j < n; j++) {
    bands += sawtooth(j * d + d * 0.94, d * 0.05, col(ctx, 1), false);
    bands += meander(j * d + d * 0.005, d * 0.045, col(ctx, 3));
  }
  return bands + out;
};

function firTree(h: number, c: string): string {
  let d = '';
  for (let k = 0; k < 4; k++) {
    const y = -h / 2 + (k * h) / 4.5;
    const w = h * (0.18 + k * 0.1);
    d += `M0 ${f(y)}L${f(w)} ${f(y + h / 3)}L${f(-w)} ${f(y + h / 3)}Z`;
  }
  d += `M${f(-h * 0.04)} ${f(h * 0.3)}h${f(h * 0.08)}v${f(h * 0.2)}h${f(-h * 0.08)}z`;
  return path(d, fill(c));
}

/** 侗锦 Dong brocade: woven eight-point flowers and fir-tree rows on a twill ground, two-tone. */
const dongBrocade: Painter = (ctx) => {
  const n = pick(ctx.rnd, [3, 4]);
  const d = S / n;
  const light = ctx.darkBg ? tint(col(ctx, 0), 0.6) : shade(col(ctx, 0), 0.2);
  let out = twill(ctx, 0.12);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const x = (i + 0.5) * d;
      const y = (j + 0.5) * d;
      if ((i + j) % 2 === 0) {
        out += g(
          tr(x, y, 45),
          steppedDiamond(d * 0.34, 5, [light, col(ctx, 1), light, col(ctx, 2)]),
        );
      } else {
        out +=
          g(tr(x - d * 0.2, y), firTree(d * 0.5, light)) +
          g(tr(x + d * 0.2, y), firTree(d * 0.5, col(ctx, 1)));
      }
    }
    out += sawtooth(j * d, d * 0.04, light, true);
  }
  return out;
};

function hornSpiral(r: number, c: string, w: number): string {
  let d = 'M0 0';
  for (let t = 0; t <= 1.0001; t += 0.05) {
    const a = t * TAU * 1.25;
    const rr = r * (1 - t * 0.85);
    d += `L${f(Math.cos(a) * rr - r)} ${f(Math.sin(a) * rr)}`;
  }
  return path(d, stroke(c, w)) + g('scale(-1 1)', path(d, stroke(c, w)));
}

/** 彝族漆器纹 Yi lacquer: sun discs, ox-eye and ram-horn motifs in red and yellow on black. */
const yiLacquer: Painter = (ctx) => {
  const red = mix(col(ctx, 0), '#b3261e', 0.6);
  const yellow = mix(col(ctx, 1), '#e8b02a', 0.6);
  const n = pick(ctx.rnd, [2, 3]);
  const d = S / n;
  let out = '';
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const x = (i + 0.5) * d;
      const y = (j + 0.5) * d;
      const sun =
        circle(0, 0, d * 0.3, stroke(red, d * 0.035)) +
        around(16, 0, () =>
          path(
            `M0 ${f(-d * 0.34)}L${f(d * 0.025)} ${f(-d * 0.4)}L${f(-d * 0.025)} ${f(-d * 0.4)}Z`,
            fill(yellow),
          ),
        ) +
        circle(0, 0, d * 0.2, stroke(yellow, d * 0.02)) +
        g(tr(0, -d * 0.02), hornSpiral(d * 0.07, red, d * 0.02)) +
        circle(0, d * 0.08, d * 0.04, fill(yellow)) +
        circle(0, d * 0.08, d * 0.015, fill(ctx.bg));
      out += g(tr(x, y), sun);
      // 牛眼纹 ox eyes at the corners between discs.
      out += place(
        ctx,
        i * d,
        j * d,
        d * 0.08,
        ellipse(0, 0, d * 0.08, d * 0.05, fill(red)) + circle(0, 0, d * 0.025, fill(yellow)),
      );
    }
    out += sawtooth(j * d + d * 0.96, d * 0.04, yellow, false);
  }
  return out;
};

/** 布依族蜡染 Bouyei batik: bronze-drum medallions and spirals in white on indigo, with wax crackle. */
const bouyeiBatik: Painter = (ctx) => {
  const { rnd } = ctx;
  const indigo = ctx.darkBg ? ctx.bg : '#1f3a68';
  const white = '#eef2f7';
  const n = pick(rnd, [2, 3]);
  const d = S / n;
  let out = rect(0, 0, S, S, fill(indigo));
  let crackle = '';
  for (let k = 0; k < 60; k++) {
    let x = rnd() * S;
    let y = rnd() * S;
    crackle += `M${f(x)} ${f(y)}`;
    for (let s = 0; s < 4; s++) {
      x += (rnd() - 0.5) * 90;
      y += (rnd() - 0.5) * 90;
      crackle += `L${f(x)} ${f(y)}`;
    }
  }
  out += path(crackle, stroke(tint(indigo, 0.35), 1.6));
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const drum =
        circle(0, 0, d * 0.36, stroke(white, d * 0.02)) +
        circle(0, 0, d * 0.3, stroke(white, d * 0.008, ' stroke-dasharray="6 6"')) +
        around(12, 0, () =>
          path(
            `M0 ${f(-d * 0.12)}L${f(d * 0.03)} ${f(-d * 0.26)}L${f(-d * 0.03)} ${f(-d * 0.26)}Z`,
            fill(white),
          ),
        ) +
        star8(d * 0.1, white, tint(indigo, 0.5), indigo, indigo);
      out += g(tr((i + 0.5) * d, (j + 0.5) * d), drum);
      out += place(ctx, i * d, j * d, d * 0.12, hornSpiral(d * 0.06, white, d * 0.012));
    }
  }
  return out;
};

/** The folk base's craft styles (issue 14), drawn by the same generator as the catalogue. */
export const FOLK_ART_STYLES = [
  'miaoEmbroidery',
  'dongBrocade',
  'yiLacquer',
  'bouyeiBatik',
] as const;
export type FolkArtStyle = (typeof FOLK_ART_STYLES)[number];
const FOLK_PAINTERS: Record<FolkArtStyle, Painter> = {
  miaoEmbroidery,
  dongBrocade,
  yiLacquer,
  bouyeiBatik,
};

/** Palettes of the four crafts: their ground first. */
export const FOLK_PALETTES: Record<FolkArtStyle, readonly Palette[]> = {
  miaoEmbroidery: [
    { name: '苗绣', colors: ['#1a1614', '#d7263d', '#f4b41a', '#2e86ab', '#1b998b'] },
    { name: '雷山红', colors: ['#231815', '#c0392b', '#f39c12', '#8e44ad', '#27ae60'] },
    { name: '锡绣', colors: ['#14213d', '#e5e5e5', '#bfc5cc', '#fca311', '#8d99ae'] },
  ],
  dongBrocade: [
    { name: '侗锦黑白', colors: ['#16161a', '#f2efe6', '#9a8f7a', '#cfc6b0', '#5c5447'] },
    { name: '侗锦彩', colors: ['#f4efe1', '#1d3557', '#c1121f', '#2a9d8f', '#e9c46a'] },
  ],
  yiLacquer: [
    { name: '彝漆', colors: ['#0e0b0a', '#b3261e', '#e8b02a', '#f2e6c9', '#7a1c14'] },
    { name: '凉山', colors: ['#121010', '#d0342c', '#f6c445', '#e9e4d4', '#3b6e8f'] },
  ],
  bouyeiBatik: [
    { name: '靛蓝', colors: ['#1f3a68', '#eef2f7', '#8fa6cc', '#4b67a0', '#c4d2e8'] },
    { name: '蓝靛深', colors: ['#142850', '#f1faee', '#a8dadc', '#457b9d', '#e8e0c8'] },
  ],
};

export type FolkPatternSpec = {
  style: FolkArtStyle;
  palette: Palette;
  seed: number;
  seamless: boolean;
};

export function folkPatternSvg(spec: FolkPatternSpec, sizePx: number): string {
  const size = Math.max(1, Math.round(sizePx));
  const ctx = makeCtx({
    style: 'folk',
    palette: spec.palette,
    seed: spec.seed,
    seamless: spec.seamless,
  });
  const body = FOLK_PAINTERS[spec.style](ctx);
  const defs = ctx.defs.length > 0 ? `<defs>${ctx.defs.join('')}</defs>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${S} ${S}">` +
    `${defs}<rect width="${S}" height="${S}" fill="${ctx.bg}"/>${body}</svg>`
  );
}

export async function renderFolkPattern(spec: FolkPatternSpec, sizePx: number): Promise<Buffer> {
  return svgToPng(folkPatternSvg(spec, sizePx));
}

// ---------- assembly ----------

const PAINTERS: Record<PatternStyle, Painter> = {
  floral,
  geometric,
  paisley,
  stripes,
  checks,
  folk,
  animal,
  cartoon,
  abstract,
  watercolor,
  camouflage,
  text,
  dots,
  waves,
};

function normaliseColour(c: string): string {
  const [r, g2, b] = rgb(c);
  return hex(r, g2, b);
}

function makeCtx(spec: PatternSpec): Ctx {
  const key = `${spec.style}|${spec.palette.name}|${spec.palette.colors.join(',')}`;
  const rnd = createRandom(hashSeed(spec.seed, key));
  const colours = spec.palette.colors.map(normaliseColour);
  const bg = colours[0] ?? '#ffffff';
  const fg = shuffle(rnd, colours.slice(1));
  // Tiny palettes are padded with tints/shades of what exists so every painter has four colours.
  const base = luma(bg) > 0.5 ? shade(bg, 0.6) : tint(bg, 0.6);
  while (fg.length < 4)
    fg.push(mix(bg, fg.length > 0 ? at(fg, fg.length - 1) : base, 0.7 - fg.length * 0.1));
  const darkest = [bg, ...fg].reduce((a, b) => (luma(b) < luma(a) ? b : a));
  return {
    rnd,
    seamless: spec.seamless,
    bg,
    fg,
    ink: luma(darkest) < 0.3 ? darkest : shade(darkest, 0.6),
    darkBg: luma(bg) < 0.45,
    defs: [],
  };
}

export function patternSvg(spec: PatternSpec, sizePx: number): string {
  const size = Math.max(1, Math.round(sizePx));
  const painter = PAINTERS[spec.style];
  if (painter === undefined) throw new Error(`pattern-art: unknown style ${String(spec.style)}`);
  const ctx = makeCtx(spec);
  const body = painter(ctx);
  const defs = ctx.defs.length > 0 ? `<defs>${ctx.defs.join('')}</defs>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${S} ${S}">` +
    `${defs}<rect width="${S}" height="${S}" fill="${ctx.bg}"/>${body}</svg>`
  );
}

export async function renderPattern(spec: PatternSpec, sizePx: number): Promise<Buffer> {
  return svgToPng(patternSvg(spec, sizePx));
}
