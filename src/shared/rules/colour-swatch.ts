// The fixed swatch palette of the colour filter. A work's colours are mapped to swatches when it is
// seeded or published, so filtering is an indexed lookup instead of colour maths at query time.

export const COLOUR_SWATCHES = [
  { key: 'red', name: '红', hex: '#e53935' },
  { key: 'orange', name: '橙', hex: '#fb8c00' },
  { key: 'yellow', name: '黄', hex: '#fdd835' },
  { key: 'green', name: '绿', hex: '#43a047' },
  { key: 'cyan', name: '青', hex: '#00acc1' },
  { key: 'blue', name: '蓝', hex: '#1e63d6' },
  { key: 'purple', name: '紫', hex: '#8e44ad' },
  { key: 'pink', name: '粉', hex: '#f48fb1' },
  { key: 'brown', name: '棕', hex: '#8d5a2b' },
  { key: 'black', name: '黑', hex: '#1a1a1a' },
  { key: 'white', name: '白', hex: '#f7f7f2' },
  { key: 'grey', name: '灰', hex: '#9e9e9e' },
] as const;

export type ColourSwatch = (typeof COLOUR_SWATCHES)[number];
export type ColourSwatchKey = ColourSwatch['key'];
export const COLOUR_SWATCH_KEYS: readonly ColourSwatchKey[] = COLOUR_SWATCHES.map((s) => s.key);

const HEX = /^#?([0-9a-f]{6})$/i;

/** Hue in degrees, saturation and lightness in 0–1 (HSL) of a `#rrggbb` colour; null if not one. */
export function hexToHsl(hex: string): { h: number; s: number; l: number } | null {
  const match = HEX.exec(hex.trim());
  if (!match?.[1]) return null;
  const n = Number.parseInt(match[1], 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h *= 60;
  if (h < 0) h += 360;
  return { h, s, l };
}

/** The swatch a colour reads as: near-white, near-black and unsaturated colours first, then by hue. */
export function swatchOf(hex: string): ColourSwatchKey | null {
  const hsl = hexToHsl(hex);
  if (!hsl) return null;
  const { h, s, l } = hsl;
  // Creams and ivories read as white.
  if (l >= 0.93 || (l >= 0.85 && s < 0.35) || (l >= 0.8 && s < 0.65 && h >= 20 && h < 60)) {
    return 'white';
  }
  if (l <= 0.13) return 'black';
  if (s < 0.15) return l >= 0.8 ? 'white' : l <= 0.2 ? 'black' : 'grey';
  // Dark or muted reds, oranges and yellows read as brown.
  if (h >= 10 && h < 55 && (l < 0.45 || (s < 0.55 && l < 0.8))) return 'brown';
  if (h >= 345 || h < 15) return l >= 0.72 ? 'pink' : 'red';
  if (h < 45) return 'orange';
  if (h < 70) return 'yellow';
  if (h < 165) return 'green';
  if (h < 195) return 'cyan';
  if (h < 255) return 'blue';
  if (h < 290) return 'purple';
  return l < 0.3 ? 'purple' : 'pink';
}

/** The distinct swatches of a palette, in swatch order. */
export function swatchesOf(colours: readonly string[]): ColourSwatchKey[] {
  const found = new Set(colours.map(swatchOf).filter((k): k is ColourSwatchKey => k !== null));
  return COLOUR_SWATCH_KEYS.filter((k) => found.has(k));
}
