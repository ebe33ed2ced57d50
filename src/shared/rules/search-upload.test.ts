import { describe, expect, it } from 'vitest';
import {
  FORMAT_LIMIT_MESSAGE,
  fileExtension,
  isAcceptedImageName,
  searchUploadProblem,
} from './search-upload';

describe('image upload for search (§5)', () => {
  it('names the accept list after 格式限制：', () => {
    expect(FORMAT_LIMIT_MESSAGE).toBe(
      '格式限制：bmp,jpg,png,tif,gif,pcx,tga,exif,fpx,svg,psd,cdr,pcd,dxf,ufo,eps,ai,raw,WMF,webp,pdf',
    );
  });

  it('accepts listed extensions whatever their case, and jpeg/tiff as jpg/tif', () => {
    for (const name of ['a.PNG', 'b.jpg', 'c.jpeg', 'd.TIFF', 'e.wmf', 'f.psd', 'g.webp']) {
      expect(isAcceptedImageName(name), name).toBe(true);
    }
    for (const name of ['a.exe', 'b', 'c.', 'd.heic', 'e.png.zip']) {
      expect(isAcceptedImageName(name), name).toBe(false);
    }
    expect(fileExtension('花型.Final.JPG')).toBe('jpg');
  });

  it('reports a second file first, then the format, then the size', () => {
    expect(
      searchUploadProblem([
        { name: 'a.exe', size: 10 },
        { name: 'b.png', size: 10 },
      ]),
    ).toBe('只允许一次上传一张');
    expect(searchUploadProblem([{ name: 'a.exe', size: 10 * 1024 * 1024 }])).toBe(
      FORMAT_LIMIT_MESSAGE,
    );
    expect(searchUploadProblem([{ name: 'a.png', size: 5 * 1024 * 1024 + 1 }])).toBe(
      '上传图片需小于5M',
    );
    expect(searchUploadProblem([{ name: 'a.png', size: 5 * 1024 * 1024 }])).toBeNull();
  });
});
