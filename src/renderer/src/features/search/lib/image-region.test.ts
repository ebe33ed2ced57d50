import { describe, expect, it } from 'vitest';
import {
  REGION_MIN_SIDE,
  dragRegion,
  isWholeImage,
  keyRegion,
  regionBetween,
} from './image-region';

const box = { x: 0.2, y: 0.2, w: 0.6, h: 0.6 };

describe('框选区域', () => {
  it('moves the box without leaving the image', () => {
    expect(dragRegion(box, 'move', 0.1, -0.05)).toEqual({ x: 0.3, y: 0.15, w: 0.6, h: 0.6 });
    expect(dragRegion(box, 'move', 0.9, 0.9)).toEqual({ x: 0.4, y: 0.4, w: 0.6, h: 0.6 });
  });

  it('resizes from a corner, keeping the opposite corner and a minimum size', () => {
    expect(dragRegion(box, 'nw', -0.1, -0.1)).toEqual({ x: 0.1, y: 0.1, w: 0.7, h: 0.7 });
    expect(dragRegion(box, 'se', -1, -1)).toEqual({
      x: 0.2,
      y: 0.2,
      w: REGION_MIN_SIDE,
      h: REGION_MIN_SIDE,
    });
  });

  it('draws a box between two points in either order, inside the image', () => {
    expect(regionBetween({ x: 0.8, y: 0.9 }, { x: 0.3, y: -0.2 })).toEqual({
      x: 0.3,
      y: 0,
      w: 0.5,
      h: 0.9,
    });
  });

  it('moves with arrows and resizes with Shift+arrows; other keys do nothing', () => {
    expect(keyRegion(box, 'ArrowLeft', { shift: false, alt: false })).toEqual({ ...box, x: 0.18 });
    expect(keyRegion(box, 'ArrowRight', { shift: true, alt: false })).toEqual({ ...box, w: 0.62 });
    expect(keyRegion(box, 'ArrowUp', { shift: false, alt: true })).toEqual({ ...box, y: 0.196 });
    expect(keyRegion(box, 'Enter', { shift: false, alt: false })).toBeNull();
  });

  it('treats a box over the whole image as no region', () => {
    expect(isWholeImage({ x: 0, y: 0, w: 1, h: 1 })).toBe(true);
    expect(isWholeImage(box)).toBe(false);
  });
});
