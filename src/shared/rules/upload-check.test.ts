import { describe, expect, it } from 'vitest';
import {
  UPLOAD_CHECK,
  checkUploadContent,
  checkUploadDimensions,
  checkUploadFile,
} from './upload-check';

const KB = 1024;

describe('the generic upload check (§5)', () => {
  it('accepts a png or jpg under 2 MB that is not in the list yet', () => {
    expect(checkUploadFile({ name: '证据.png', size: 300 * KB }, [])).toBeNull();
    expect(checkUploadFile({ name: 'a.JPG', size: 300 * KB }, ['b.png'])).toBeNull();
    expect(checkUploadFile({ name: 'a.jpeg', size: 300 * KB }, [])).toBeNull();
  });

  it('says a name added twice is already added', () => {
    expect(checkUploadFile({ name: '花型原稿.png', size: 300 * KB }, ['花型原稿.png'])).toBe(
      '花型原稿.png 已添加！',
    );
  });

  it('refuses other formats by name', () => {
    expect(checkUploadFile({ name: '原稿.gif', size: 300 * KB }, [])).toBe(
      '原稿.gif 格式不正确，只能上传 png、jpg 格式的图片',
    );
    expect(checkUploadFile({ name: 'noext', size: 300 * KB }, [])).toBe(
      'noext 格式不正确，只能上传 png、jpg 格式的图片',
    );
  });

  it('refuses a file of 2 MB or more, and one under 1 KB', () => {
    expect(checkUploadFile({ name: 'big.png', size: UPLOAD_CHECK.maxBytes }, [])).toBe(
      'big.png 太大了，图片需小于 2M',
    );
    expect(checkUploadFile({ name: 'big.png', size: UPLOAD_CHECK.maxBytes - 1 }, [])).toBeNull();
    expect(checkUploadFile({ name: 'tiny.jpg', size: 100 }, [])).toBe(
      'tiny.jpg 太小了，图片不能小于 1KB',
    );
  });

  it('refuses a tenth file', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `${i}.png`);
    expect(checkUploadFile({ name: 'x.png', size: 300 * KB }, nine)).toBe('最多只能添加 9 张图片');
  });

  it('refuses wrong dimensions with the size it found', () => {
    expect(checkUploadDimensions('strip.png', 50, 900)).toBe(
      'strip.png 尺寸为 50×900 像素，宽和高需在 100 到 8000 像素之间',
    );
    expect(checkUploadDimensions('ok.png', 100, 8000)).toBeNull();
  });

  it('checks the content on the server whatever the file is called', () => {
    const ok = { size: 300 * KB, format: 'jpeg', width: 800, height: 600 };
    expect(checkUploadContent('a.png', ok)).toBeNull();
    expect(checkUploadContent('a.png', { ...ok, format: 'gif' })).toBe(
      'a.png 格式不正确，只能上传 png、jpg 格式的图片',
    );
    expect(checkUploadContent('a.png', { ...ok, format: '' })).toBe(
      'a.png 无法识别为图片，请重新选择',
    );
    expect(checkUploadContent('a.png', { ...ok, size: 3 * KB * KB })).toBe(
      'a.png 太大了，图片需小于 2M',
    );
    expect(checkUploadContent('a.png', { ...ok, width: 9000 })).toBe(
      'a.png 尺寸为 9000×600 像素，宽和高需在 100 到 8000 像素之间',
    );
  });
});
