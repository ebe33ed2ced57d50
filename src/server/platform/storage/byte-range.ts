// `Range: bytes=…` (RFC 9110 §14) for everything the server sends by byte ranges: stored files
// (/files/, one range, so a download resumes) and the desktop release feed (several ranges:
// electron-updater's differential download asks for up to 1000 blocks in one request and reads the
// multipart/byteranges answer part by part, in the order asked, so ranges are neither merged nor
// reordered).
import type { ByteRange } from './storage';

export type { ByteRange };

/** What a Range header asks of a file of a given size. */
export type RangesAnswer =
  { kind: 'whole' } | { kind: 'unsatisfiable' } | { kind: 'partial'; ranges: ByteRange[] };

/** What a Range header asks when one range is served. */
export type RangeAnswer =
  { kind: 'whole' } | { kind: 'unsatisfiable' } | ({ kind: 'partial' } & ByteRange);

/** More ranges than electron-updater sends in one request are answered with the whole file. */
export const MAX_RANGES = 1000;

const SPEC = /^(\d*)-(\d*)$/;

/**
 * Reads a Range header for a file of `size` bytes. Malformed values, other units, too many ranges
 * or ranges adding up to more than twice the file are ignored (the whole file), as the RFC allows.
 */
export function readRanges(header: string | undefined, size: number): RangesAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match?.[1]) return { kind: 'whole' };
  const specs = match[1].split(',').map((s) => s.trim());
  if (specs.length > MAX_RANGES) return { kind: 'whole' };
  const ranges: ByteRange[] = [];
  let total = 0;
  for (const text of specs) {
    const spec = SPEC.exec(text);
    if (!spec) return { kind: 'whole' };
    const [, first = '', last = ''] = spec;
    if (first === '' && last === '') return { kind: 'whole' };
    let range: ByteRange;
    if (first === '') {
      // A suffix: the last N bytes.
      const length = Number(last);
      if (length === 0 || size === 0) continue;
      range = { start: Math.max(0, size - length), end: size - 1 };
    } else {
      const start = Number(first);
      if (last !== '' && Number(last) < start) return { kind: 'whole' };
      if (start >= size) continue;
      range = { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
    }
    ranges.push(range);
    total += range.end - range.start + 1;
  }
  if (ranges.length === 0) return { kind: 'unsatisfiable' };
  // Overlapping ranges must not turn one request into many copies of the file.
  if (total > 2 * size) return { kind: 'whole' };
  return { kind: 'partial', ranges };
}

/**
 * Reads a Range header where one range is served: several ranges are answered with the whole file,
 * as the RFC allows.
 */
export function readRange(header: string | undefined, size: number): RangeAnswer {
  if (header?.includes(',')) return { kind: 'whole' };
  const answer = readRanges(header, size);
  if (answer.kind !== 'partial') return answer;
  const [range] = answer.ranges;
  return range ? { kind: 'partial', ...range } : { kind: 'whole' };
}

/**
 * Whether an If-Range value still names this file: its strong entity tag, or its Last-Modified date
 * when one is sent (without one, a date never matches).
 */
export function ifRangeHolds(
  ifRange: string | undefined,
  etag: string,
  lastModified?: string,
): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  return lastModified !== undefined && value === lastModified;
}

/** Whether If-None-Match names this entity tag (weak comparison, or `*`). */
export function noneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const value = ifNoneMatch.trim();
  return value === '*' || value.split(',').some((tag) => bare(tag) === bare(etag));
}
