import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { DOMAIN_WORDS, STOP_WORDS } from './segmenter-vocabulary';
import { FILLER_WORDS, NEAR_WORDS } from './query-vocabulary';

// Word segmentation for the word index and for queries. Han text goes through jieba (chosen over
// Intl.Segmenter by measurement, docs/decisions.md "Word search"); other scripts through Intl.Segmenter.

/** A query is cut to this many characters: longer input is searched by its beginning, never refused. */
export const MAX_QUERY_CHARS = 64;
/** At most this many words of a query are ANDed. */
export const MAX_QUERY_TERMS = 8;
/** Longer words (e.g. a pasted hash) are cut to this length. */
export const MAX_TERM_CHARS = 32;

let jieba: Jieba | undefined;
function engine(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    jieba.loadDict(Buffer.from(DOMAIN_WORDS.map((w) => `${w} 200000 n`).join('\n')));
    // Words query understanding knows (小碎花, 民族风, 我想要) are kept whole, so they are understood.
    const queryWords = [...Object.keys(NEAR_WORDS), ...FILLER_WORDS].filter(
      (w) => /^\p{Script=Han}{2,}$/u.test(w) && !DOMAIN_WORDS.includes(w),
    );
    jieba.loadDict(Buffer.from(queryWords.map((w) => `${w} 100000 n`).join('\n')));
  }
  return jieba;
}

const intlWords = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN_RUN = /(\p{Script=Han}+)/u;
const HAN = /\p{Script=Han}/u;
const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;
// Keep letters, marks and digits; everything else (punctuation, symbols, emoji, controls) separates words.
const NON_WORD = /[^\p{L}\p{M}\p{N}]+/gu;
// Text jieba cuts well in one call: Han, ASCII letters and digits (the common case, and the fast one).
const JIEBA_ONLY = /^[\p{Script=Han}a-z0-9 ]*$/u;

/** NFKC (full-width → half-width), lower case, one space between words. Never throws. */
export function normalizeSearchText(text: string, maxChars = Number.POSITIVE_INFINITY): string {
  let normalized = text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  if (normalized.length > maxChars) {
    // Cut on a code point, never inside a surrogate pair.
    normalized = Array.from(normalized).slice(0, maxChars).join('').trim();
  }
  return normalized;
}

function cleanWord(raw: string): string | null {
  const word = raw.replace(NON_WORD, '');
  if (!word || !HAS_WORD_CHAR.test(word) || STOP_WORDS.has(word)) return null;
  return Array.from(word).slice(0, MAX_TERM_CHARS).join('');
}

/**
 * Words of a text, in order, without repeats. `index` cuts Han text in jieba's search mode (the
 * words and the dictionary words inside them: 青花瓷 → 青花, 青花瓷); `query` keeps the longest words.
 */
export function segmentWords(text: string, mode: 'index' | 'query'): string[] {
  const spaced = normalizeSearchText(text).replace(NON_WORD, ' ').trim();
  const cut = (run: string) =>
    mode === 'index' ? engine().cutForSearch(run, true) : engine().cut(run, true);
  const words: string[] = [];
  if (JIEBA_ONLY.test(spaced)) {
    words.push(...cut(spaced));
  } else {
    // Other scripts (kana, hangul, Cyrillic…) are split by Intl.Segmenter, Han runs still by jieba.
    for (const run of spaced.split(HAN_RUN)) {
      if (!run) continue;
      if (HAN.test(run)) words.push(...cut(run));
      else for (const part of intlWords.segment(run)) if (part.isWordLike) words.push(part.segment);
    }
  }
  const unique = new Set<string>();
  for (const raw of words) {
    const word = cleanWord(raw);
    if (word) unique.add(word);
  }
  return [...unique];
}

/** The words a query searches for: at most MAX_QUERY_TERMS from its first MAX_QUERY_CHARS characters. */
export function queryTerms(keyword: string): string[] {
  return segmentWords(normalizeSearchText(keyword, MAX_QUERY_CHARS), 'query').slice(
    0,
    MAX_QUERY_TERMS,
  );
}
