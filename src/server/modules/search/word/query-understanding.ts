import * as OpenCC from 'opencc-js/t2cn';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import type { WorkStyle } from '@shared/contract/works';
import type { ColourSwatchKey } from '@shared/rules/colour-swatch';
import { MAX_QUERY_CHARS, MAX_QUERY_TERMS, normalizeSearchText, segmentWords } from './segmenter';
import { editDistanceAtMostOne, isLatinWord, pinyinKeys } from './pinyin-lexicon';
import { ENGLISH_WORDS, FILLER_WORDS, GENERIC_WORDS, NEAR_WORDS } from './query-vocabulary';
import { COLOUR_SUFFIX, COLOUR_WORDS, STYLE_WORDS } from './sentence-vocabulary';
import type { QueryAlternative, QueryGroup, WordIndex } from './word-index';

// Query understanding (docs/word-search.md): what a buyer typed becomes groups of alternatives for
// the word index. Traditional characters are read as simplified (紋樣 → 纹样) and English words as
// the catalogue's words (floral → 花卉) at full weight; near words (碎花 → 花卉), pinyin (huahui),
// initials (hh) and small typos (花会, flroal) are added at lower weights, so exact matches rank first.

/** Shares of the field weight: what was typed counts whole, guesses less. */
export const MATCH_FACTOR = {
  exact: 1,
  pinyin: 0.9,
  near: 0.8,
  initials: 0.7,
  typo: 0.7,
  /** Words every pattern could be described by (图案) and lone characters (小). */
  weak: 0.1,
} as const;

/** One word of a query and what it was understood as. */
export type UnderstoodWord = {
  /** The word as searched (simplified, lower case, English read as Chinese). */
  text: string;
  group: QueryGroup;
  /** The colour it names (蓝色, 靛蓝, blue). */
  colour?: ColourSwatchKey;
  /** Every colour it names (黑白: black and white), to rank works where they are main colours. */
  colours?: ColourSwatchKey[];
  /** The styles it names (碎花, 格子, paisley; 卡通 动物 together: either). */
  styles?: WorkStyle[];
  /** Some work has one of its alternatives. */
  known: boolean;
};

export type UnderstoodQuery = {
  words: UnderstoodWord[];
  /** Words no work has, left out because other words found works. */
  ignored: string[];
  /** Every term a work may have matched, for highlighting (typed words first). */
  terms: string[];
  /** The words searched, as the buyer reads them: one a required word (huahui → 花卉, 碎花 → 花卉). */
  shown: string[];
  /** Colours the query names: works where they are main colours rank higher. */
  colours: ColourSwatchKey[];
};

const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });
const HAN = /\p{Script=Han}/u;
const ENGLISH_PHRASES = Object.keys(ENGLISH_WORDS)
  .filter((k) => /[\s-]/.test(k))
  .sort((a, b) => b.length - a.length);
const STYLE_BY_TITLE = new Map<string, WorkStyle>(
  Object.entries(WORK_STYLE_TITLES).map(([key, title]) => [title, key as WorkStyle]),
);
const STYLE_BY_WORD = new Map<string, WorkStyle>(STYLE_WORDS);
const COLOUR_BY_WORD = new Map<string, ColourSwatchKey>(COLOUR_WORDS);

/** The colour a word names: 蓝, 蓝色, 藏青, 天蓝色. */
export function colourOf(word: string): ColourSwatchKey | undefined {
  const bare = word.endsWith(COLOUR_SUFFIX) && word.length > 1 ? word.slice(0, -1) : word;
  return COLOUR_BY_WORD.get(word) ?? COLOUR_BY_WORD.get(bare);
}

/** The style a word names: 花卉, 碎花, 格子. */
export function styleOf(word: string): WorkStyle | undefined {
  return STYLE_BY_TITLE.get(word) ?? STYLE_BY_WORD.get(word);
}

/** Near words of a word (碎花 → 花卉), also through its colour suffix (天蓝色 → 天蓝 → 蓝色). */
function nearWordsOf(word: string): readonly string[] {
  const direct = NEAR_WORDS[word];
  if (direct) return direct;
  if (word.endsWith(COLOUR_SUFFIX) && word.length > 2) return NEAR_WORDS[word.slice(0, -1)] ?? [];
  return [];
}

/** English words and phrases read as Chinese; everything else unchanged. */
function readEnglish(text: string): string {
  let out = ` ${text} `;
  for (const phrase of ENGLISH_PHRASES) {
    out = out.split(` ${phrase} `).join(` ${ENGLISH_WORDS[phrase] ?? phrase} `);
  }
  return out
    .replace(/[a-z]+/g, (word) => {
      const zh =
        ENGLISH_WORDS[word] ?? (word.endsWith('s') ? ENGLISH_WORDS[word.slice(0, -1)] : undefined);
      return zh ? ` ${zh} ` : word;
    })
    .trim();
}

/** The text a query is segmented from: simplified, English read, spaced pinyin joined. */
export function prepareQueryText(keyword: string, index: WordIndex): string {
  let text = normalizeSearchText(keyword, MAX_QUERY_CHARS);
  if (HAN.test(text)) text = toSimplified(text);
  text = readEnglish(text);
  // "hua hui": syllables typed apart are one word when the index has it.
  const lexicon = index.lexicon;
  if (lexicon) {
    text = text.replace(/[a-z]+(?: [a-z]+)+/g, (run) => {
      const joined = run.replace(/ /g, '');
      return lexicon.byPinyin(joined).length > 0 ? joined : run;
    });
  }
  return text;
}

/** The most common of some terms (by how many works carry each). */
function mostCommon(index: WordIndex, terms: readonly string[]): string | undefined {
  let best: string | undefined;
  let size = 0;
  for (const term of terms) {
    const n = index.postingSize(term, false);
    if (n > size) {
      best = term;
      size = n;
    }
  }
  return best;
}

/** Alternatives for a Latin word the index does not have: its pinyin, initials, or a typo of either. */
function latinAlternatives(index: WordIndex, word: string): QueryAlternative[] {
  const lexicon = index.lexicon;
  if (!lexicon) return [];
  const byPinyin = lexicon.byPinyin(word);
  if (byPinyin.length > 0) {
    return byPinyin.map((term) => ({ term, prefix: false, factor: MATCH_FACTOR.pinyin }));
  }
  const byInitials = mostCommon(index, lexicon.byInitials(word));
  if (byInitials && word.length >= 2) {
    return [{ term: byInitials, prefix: false, factor: MATCH_FACTOR.initials }];
  }
  const found: QueryAlternative[] = [];
  if (word.length >= 4) {
    for (const [english, zh] of Object.entries(ENGLISH_WORDS)) {
      if (!/[\s-]/.test(english) && english.length >= 4 && editDistanceAtMostOne(word, english)) {
        found.push({ term: zh, prefix: true, factor: MATCH_FACTOR.typo });
      }
    }
    for (const key of lexicon.nearPinyin(word)) {
      const term = mostCommon(index, lexicon.byPinyin(key));
      if (term) found.push({ term, prefix: false, factor: MATCH_FACTOR.typo });
    }
  }
  return found;
}

/** Understands a keyword: its words with their alternatives, colours and styles. */
export function understandQuery(keyword: string, index: WordIndex): UnderstoodQuery {
  const text = prepareQueryText(keyword, index);
  const raw = segmentWords(text, 'query').filter((w) => !FILLER_WORDS.has(w));
  const words: UnderstoodWord[] = [];
  for (const word of raw.slice(0, MAX_QUERY_TERMS)) {
    const alternatives: QueryAlternative[] = [{ term: word, prefix: true, factor: 1 }];
    const near = nearWordsOf(word);
    for (const term of near) alternatives.push({ term, prefix: true, factor: MATCH_FACTOR.near });
    let known = alternatives.some((a) => index.postingSize(a.term, a.prefix) > 0);
    if (!known && isLatinWord(word)) {
      alternatives.push(...latinAlternatives(index, word));
    } else if (!known && HAN.test(word) && [...word].length >= 2) {
      // A homophone typo (花会 → 花卉, 格文 → 格纹): words of the index that sound the same.
      for (const term of index.lexicon?.byPinyin(pinyinKeys(word).full) ?? []) {
        if (term !== word) alternatives.push({ term, prefix: false, factor: MATCH_FACTOR.typo });
      }
    }
    known = alternatives.some((a) => index.postingSize(a.term, a.prefix) > 0);
    // 黑白, 蓝白: either colour finds the work; works with both as main colours rank first.
    const nearColours = near.flatMap((t) => {
      const c = colourOf(t);
      return c ? [c] : [];
    });
    const colour = colourOf(word) ?? nearColours[0];
    const style = styleOf(word) ?? (near[0] ? styleOf(near[0]) : undefined);
    // A lone character that is no colour (小, 壳, 风) or a word every work could have (图案) only ranks.
    const weak =
      GENERIC_WORDS.has(word) || ([...word].length === 1 && !colour && near.length === 0);
    words.push({
      text: word,
      // A weak word only breaks ties: it must not outrank an exact match over a near word.
      group: weak
        ? {
            alternatives: alternatives.map((a) => ({ ...a, factor: a.factor * MATCH_FACTOR.weak })),
            optional: true,
          }
        : { alternatives },
      ...(colour ? { colour, colours: [...new Set([colour, ...nearColours])] } : {}),
      ...(style ? { styles: [style] } : {}),
      known,
    });
  }
  const merged = mergeStyles(words);
  // A word no work has would empty the result; when other words find works, it is left out.
  const required = merged.filter((w) => !w.group.optional);
  const ignored: string[] = [];
  let kept = merged;
  if (required.some((w) => w.known) && required.some((w) => !w.known)) {
    kept = merged.filter((w) => w.group.optional || w.known);
    ignored.push(...required.filter((w) => !w.known).map((w) => w.text));
  }
  const terms = [
    ...new Set(
      kept.flatMap((w) => w.group.alternatives.map((a) => a.term)).filter((t) => !isLatinWord(t)),
    ),
  ];
  const colours = [...new Set(kept.flatMap((w) => w.colours ?? []))];
  const shown = [
    ...new Set(
      kept
        .filter((w) => !w.group.optional)
        .map(
          (w) =>
            w.group.alternatives.find((a) => index.postingSize(a.term, a.prefix) > 0)?.term ??
            w.text,
        ),
    ),
  ];
  return { words: kept, ignored, terms, shown, colours };
}

/** Several styles in one query (卡通 动物) mean any of them: a work has one style. */
function mergeStyles(words: readonly UnderstoodWord[]): UnderstoodWord[] {
  const styled = words.filter((w) => w.styles && !w.group.optional);
  const styles = [...new Set(styled.flatMap((w) => w.styles ?? []))];
  if (styles.length < 2) return [...words];
  const first = styled[0];
  if (!first) return [...words];
  const union: UnderstoodWord = {
    text: styled.map((w) => w.text).join(' '),
    group: { alternatives: styled.flatMap((w) => w.group.alternatives) },
    styles,
    known: styled.some((w) => w.known),
  };
  return words.flatMap((w) => (w === first ? [union] : styled.includes(w) ? [] : [w]));
}
