import type { ByteRange } from './storage';

/** What a Range header asks of a file of a given size (RFC 9110 §14). */
export type RangeAnswer =
  { kind: 'whole' } | { kind: 'unsatisfiable' } | ({ kind: 'partial' } & ByteRange);

const SPEC = /^(\d*)-(\d*)$/;

/**
 * Reads `Range: bytes=…` for a file of `size` bytes. One range is served; several ranges, other
 * units and malformed values are ignored (the whole file), as the RFC allows.
 */
export function readRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match?.[1] || match[1].includes(',')) return { kind: 'whole' };
  const spec = SPEC.exec(match[1].trim());
  if (!spec) return { kind: 'whole' };
  const [, first = '', last = ''] = spec;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', start, end };
}

/** Whether a strong entity tag matches an If-Range value (a date never does: no Last-Modified is sent). */
export function ifRangeMatches(ifRange: string | undefined, etag: string): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  return !value.startsWith('W/') && value === etag;
}

/** Whether If-None-Match names this entity tag (weak comparison, or `*`). */
export function noneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const value = ifNoneMatch.trim();
  return value === '*' || value.split(',').some((tag) => bare(tag) === bare(etag));
}
