import { describe, expect, it } from 'vitest';
import { checkPatternDimensions, checkPatternFile, fitBatch } from './publishing';

describe('pattern file checks before upload (§5)', () => {
  it('passes a PNG, JPG, WebP or TIFF under 40 MB', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.webp', 'e.tif', 'f.TIFF']) {
      expect(checkPatternFile({ name, size: 1024 })).toBeNull();
    }
  });

  it('names the duplicate, the format list, the empty and the too-large file', () => {
    expect(checkPatternFile({ name: 'a.png', size: 10 }, new Set(['a.png']))).toBe(
      'a.png 已添加！',
    );
    expect(checkPatternFile({ name: 'a.psd', size: 10 })).toBe(
      '格式限制：png、jpg、jpeg、webp、tif、tiff',
    );
    expect(checkPatternFile({ name: 'noext', size: 10 })).toMatch(/^格式限制：/);
    expect(checkPatternFile({ name: 'a.png', size: 0 })).toBe('文件为空（0 字节），请重新选择');
    expect(checkPatternFile({ name: 'a.png', size: 41 * 1024 * 1024 })).toBe('上传图片需小于40M');
  });

  it('asks for a shorter side of at least 500 px', () => {
    expect(checkPatternDimensions(800, 499)).toBe('图片尺寸过小：最短边需不少于 500 像素');
    expect(checkPatternDimensions(500, 500)).toBeNull();
  });

  it('takes at most 50 files in a batch (§9) and says so', () => {
    expect(fitBatch(0, 10)).toEqual({ accepted: 10, message: null });
    expect(fitBatch(45, 10)).toEqual({ accepted: 5, message: '最多只能上传50张图片' });
    expect(fitBatch(50, 1)).toEqual({ accepted: 0, message: '最多只能上传50张图片' });
  });
});
