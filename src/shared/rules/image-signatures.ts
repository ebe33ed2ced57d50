// Formats on the §5 accept list that no decoder here reads (psd, pdf, eps, cdr, wmf, pcx, fpx, dxf),
// told apart by their first bytes so a message can name what the file really is. Shared by the
// server (search uploads) and the desktop main process (dropped files), which both refuse them.

/** Bytes to read from the start of a file for sniffUnreadableFormat. */
export const SIGNATURE_HEAD_BYTES = 64;

const ascii = (b: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));
const u32be = (b: Uint8Array): number => new DataView(b.buffer, b.byteOffset, 4).getUint32(0);
const u32le = (b: Uint8Array): number => new DataView(b.buffer, b.byteOffset, 4).getUint32(0, true);

/** Magic numbers of accepted-but-unreadable formats. */
const SIGNATURES: readonly { format: string; test: (b: Uint8Array) => boolean }[] = [
  { format: 'psd', test: (b) => ascii(b, 0, 4) === '8BPS' },
  { format: 'pdf', test: (b) => ascii(b, 0, 5) === '%PDF-' },
  { format: 'eps', test: (b) => ascii(b, 0, 4) === '%!PS' },
  { format: 'eps', test: (b) => u32be(b) === 0xc5d0d3c6 },
  {
    format: 'cdr',
    test: (b) => b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 11) === 'CDR',
  },
  { format: 'wmf', test: (b) => u32le(b) === 0x9ac6cdd7 },
  { format: 'pcx', test: (b) => b[0] === 0x0a && (b[1] ?? 9) <= 5 && b[2] === 1 },
  { format: 'fpx', test: (b) => u32be(b) === 0xd0cf11e0 },
  { format: 'dxf', test: (b) => /^\s*0\s*\r?\n\s*SECTION/.test(ascii(b, 0, SIGNATURE_HEAD_BYTES)) },
];

/** The format the bytes really are, when they are one we know we cannot read; null otherwise. */
export function sniffUnreadableFormat(bytes: Uint8Array): string | null {
  if (bytes.length < 8) return null;
  return SIGNATURES.find((s) => s.test(bytes))?.format ?? null;
}
