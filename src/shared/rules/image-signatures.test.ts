import { describe, expect, it } from 'vitest';
import { sniffUnreadableFormat } from './image-signatures';

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('sniffUnreadableFormat', () => {
  it('names formats it accepts but cannot read', () => {
    expect(sniffUnreadableFormat(latin1('8BPS\x00\x01\x00\x00'))).toBe('psd');
    expect(sniffUnreadableFormat(latin1('%PDF-1.4\n'))).toBe('pdf');
    expect(sniffUnreadableFormat(latin1('%!PS-Adobe-3.0 EPSF'))).toBe('eps');
    expect(sniffUnreadableFormat(latin1('  0\nSECTION\n  2\nHEADER'))).toBe('dxf');
    expect(sniffUnreadableFormat(latin1('RIFF\x10\x00\x00\x00CDRvrsn'))).toBe('cdr');
  });

  it('says nothing of readable images or of too few bytes', () => {
    expect(sniffUnreadableFormat(latin1('\x89PNG\r\n\x1a\n\x00\x00'))).toBeNull();
    expect(sniffUnreadableFormat(latin1('8BPS'))).toBeNull();
  });
});
