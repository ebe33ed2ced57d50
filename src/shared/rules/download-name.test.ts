import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DOWNLOAD_NAME_RULE,
  DOWNLOAD_NAME_MAX_LENGTH,
  downloadFileName,
  isDownloadNameRule,
  workNumber,
} from './download-name';

const work = { workId: 123, title: '青花缠枝', orderNo: 'LS20260101000001', extension: 'tif' };

describe('downloadFileName', () => {
  it('names a file by the work name, the work number, or the order number and the name', () => {
    expect(downloadFileName('title', work)).toBe('青花缠枝.tif');
    expect(downloadFileName('workNo', work)).toBe('WY-00000123.tif');
    expect(downloadFileName('orderTitle', work)).toBe('LS20260101000001_青花缠枝.tif');
  });

  it('names by the work name when there is no order number', () => {
    expect(downloadFileName('orderTitle', { ...work, orderNo: null })).toBe('青花缠枝.tif');
  });

  it('replaces characters a file system refuses and keeps names short', () => {
    expect(downloadFileName('title', { ...work, title: 'a/b:c*d?"<>|.  ' })).toBe(
      'a_b_c_d_____.tif',
    );
    const long = downloadFileName('title', { ...work, title: '花'.repeat(300), extension: '' });
    expect([...long]).toHaveLength(DOWNLOAD_NAME_MAX_LENGTH);
  });

  it('falls back to the work number for an empty or reserved name', () => {
    expect(downloadFileName('title', { ...work, title: '  ...  ' })).toBe('WY-00000123.tif');
    expect(downloadFileName('title', { ...work, title: 'CON' })).toBe('_CON.tif');
  });

  it('keeps only a plain extension, lower-cased, with or without its dot', () => {
    expect(downloadFileName('title', { ...work, extension: '.PSD' })).toBe('青花缠枝.psd');
    expect(downloadFileName('title', { ...work, extension: 'tif/../x' })).toBe('青花缠枝');
    expect(downloadFileName('title', { workId: 1, title: '回纹' })).toBe('回纹');
  });
});

describe('naming rules', () => {
  it('knows its rules and defaults to the work name', () => {
    expect(DEFAULT_DOWNLOAD_NAME_RULE).toBe('title');
    expect(isDownloadNameRule('orderTitle')).toBe(true);
    expect(isDownloadNameRule('other')).toBe(false);
    expect(workNumber(5)).toBe('WY-00000005');
  });
});
