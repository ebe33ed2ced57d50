import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';
import { FIELD_WEIGHT, workTermWeights } from './indexer';
import {
  MAX_QUERY_TERMS,
  MAX_TERM_CHARS,
  normalizeSearchText,
  queryTerms,
  segmentWords,
} from './segmenter';

describe('word segmentation', () => {
  it('cuts a demo title into the words a buyer searches for', () => {
    const words = segmentWords('青花瓷花卉连续纹样', 'index');
    expect(words).toEqual(expect.arrayContaining(['青花瓷', '花卉', '纹样', '连续']));
    // Search mode also indexes the dictionary words inside a longer word.
    expect(words).toContain('青花');
  });

  it('keeps the longest words of a query and trade words whole', () => {
    expect(queryTerms('青花瓷花卉')).toEqual(['青花瓷', '花卉']);
    expect(queryTerms('雾霾蓝满印图案')).toEqual(['雾霾蓝', '满印', '图案']);
    expect(queryTerms('四方连续')).toEqual(['四方连续']);
  });

  it('folds width and case and keeps Latin words and numbers', () => {
    expect(normalizeSearchText('  ＦＬＯＲＡＬ　Paisley  ')).toBe('floral paisley');
    expect(queryTerms('Paisley 2025 花卉')).toEqual(['paisley', '2025', '花卉']);
  });

  it('splits other scripts into their own words', () => {
    expect(queryTerms('한국어 텍스트')).toEqual(['한국어', '텍스트']);
    expect(queryTerms('Ünïcode café')).toEqual(['ünïcode', 'café']);
    expect(queryTerms('مرحبا بالعالم')).toEqual(['مرحبا', 'بالعالم']);
  });

  it('finds no words in empty, blank, emoji or punctuation input', () => {
    for (const input of ['', '   ', '😀🌸🎉', '，。！？', '\u0000\u0001', '\uD800', '的 和 与']) {
      expect(queryTerms(input)).toEqual([]);
    }
  });

  it('keeps the words around emoji', () => {
    expect(queryTerms('🌸花卉🌸')).toEqual(['花卉']);
  });

  it('reads only the beginning of a very long query', () => {
    const started = performance.now();
    const terms = queryTerms('花卉几何民族'.repeat(50_000) + 'x'.repeat(200_000));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
    for (const term of queryTerms('a'.repeat(1_000))) {
      expect(Array.from(term).length).toBeLessThanOrEqual(MAX_TERM_CHARS);
    }
  });
});

describe('work terms', () => {
  const work = {
    title: '青花瓷花卉连续纹样',
    tags: ['花卉', '青花瓷', '丝巾', '四方连续'],
    designerName: '青禾设计',
    categoryTitles: ['丝巾', '文创礼品'],
    style: 'floral',
    description: '青禾设计原创花卉图案，青花瓷配色，适用于丝巾等品类。',
    colors: ['#f5f2e9', '#1f3f8f'],
  };

  it('weighs each word by the best field it occurs in', () => {
    const weights = workTermWeights(work);
    expect(weights.get('花卉')).toBe(FIELD_WEIGHT.title);
    expect(weights.get('四方连续')).toBe(FIELD_WEIGHT.tag);
    expect(weights.get('青禾设计')).toBe(FIELD_WEIGHT.designer);
    expect(weights.get('文创礼品')).toBe(FIELD_WEIGHT.category);
    expect(weights.get('原创')).toBe(FIELD_WEIGHT.description);
  });

  it('indexes the colour names of the work’s swatches', () => {
    const weights = workTermWeights(work);
    expect(weights.get('蓝')).toBe(FIELD_WEIGHT.colour);
    expect(weights.get('蓝色')).toBe(FIELD_WEIGHT.colour);
  });
});

describe('highlighting', () => {
  it('marks every occurrence of the searched words, longest first', () => {
    expect(highlightParts('青花瓷花卉连续纹样', ['花卉', '青花'])).toEqual([
      { text: '青花', hit: true },
      { text: '瓷', hit: false },
      { text: '花卉', hit: true },
      { text: '连续纹样', hit: false },
    ]);
  });

  it('matches regardless of case and width', () => {
    expect(highlightParts('Paisley 佩斯利', ['paisley'])).toEqual([
      { text: 'Paisley', hit: true },
      { text: ' 佩斯利', hit: false },
    ]);
    expect(highlightParts('', ['x'])).toEqual([]);
  });
});
