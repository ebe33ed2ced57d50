// The tray icon drawn in code (the repository has no icon files): a disc whose colour says the
// queue's state at a glance — blue idle, green uploading, grey paused, red errors. Raw BGRA pixels for
// Electron's nativeImage.createFromBitmap. No Electron.
import { THEME_COLORS } from '../../shared/constants';
import type { TrayMode } from './tray-state';

export const TRAY_ICON_COLORS: Record<TrayMode, string> = {
  idle: THEME_COLORS.primary,
  uploading: '#52c41a',
  paused: '#8c8c8c',
  errors: THEME_COLORS.danger,
};

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** A `size`×`size` BGRA bitmap: the state's disc, edges smoothed, a white ring inside. */
export function trayIconBitmap(mode: TrayMode, size = 32): Buffer {
  const [r, g, b] = rgb(TRAY_ICON_COLORS[mode]);
  const pixels = Buffer.alloc(size * size * 4);
  const centre = (size - 1) / 2;
  const outer = size / 2 - 0.5;
  const ring = outer * 0.55;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x - centre, y - centre);
      const coverage = Math.max(0, Math.min(1, outer - distance + 0.5));
      if (coverage === 0) continue;
      // A thin white ring reads as a pattern mark on any taskbar colour.
      const white = Math.max(0, 1 - Math.abs(distance - ring) / 1.2);
      const offset = (y * size + x) * 4;
      pixels[offset] = Math.round(b + (255 - b) * white);
      pixels[offset + 1] = Math.round(g + (255 - g) * white);
      pixels[offset + 2] = Math.round(r + (255 - r) * white);
      pixels[offset + 3] = Math.round(255 * coverage);
    }
  }
  return pixels;
}
