import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import type { WorkStyle } from '@shared/contract/works';
import { WORD_SEARCH_MSG } from './messages';
import { prepareQueryText, understandQuery } from './query-understanding';
import type { UnderstoodQuery, UnderstoodWord } from './query-understanding';
import { MOOD_WORDS, USE_LEADERS } from './query-vocabulary';
import type { WordIndex } from './word-index';

// What an AI-search sentence says beyond its words: a colour (蓝色, 藏青) becomes the colour filter,
// a style (小碎花, 格子, 波点) the style filter, a category or a mood (童装, 窗帘, 春夏) a use that
// must match, and everything else a word. Words with no meaning (适合, 一些, 的) were already dropped
// by query understanding, so they never decide a result.

/** One condition of a sentence, with what the page calls it (适合童装) when it is loosened. */
export type SentencePart = {
  kind: 'colour' | 'style' | 'use' | 'word';
  word: UnderstoodWord;
  styles: WorkStyle[];
  label: string;
};

export type UnderstoodSentence = {
  parts: SentencePart[];
  query: UnderstoodQuery;
  /** What was understood, to show: 颜色：蓝, 风格：花卉, 用途：童装. */
  labels: string[];
};

type Category = { kid: number; title: string };

function isUse(word: UnderstoodWord, categories: readonly Category[]): boolean {
  if (word.group.optional) return false;
  return word.group.alternatives.some(
    (a) =>
      MOOD_WORDS.has(a.term) ||
      ([...a.term].length >= 2 && categories.some((c) => c.title.startsWith(a.term))),
  );
}

/** The sentence's span for a use word, with the word that leads it (适合童装, 用于窗帘). */
function useSpan(text: string, word: string): { start: number; end: number } | null {
  const at = text.indexOf(word);
  if (at < 0) return null;
  const before = text.slice(0, at).replace(/[的 ]+$/u, '');
  const leader = USE_LEADERS.find((l) => before.endsWith(l));
  return { start: leader ? before.length - leader.length : at, end: at + word.length };
}

/** Reads a sentence into conditions: colours, styles, uses and other words. */
export function understandSentence(
  sentence: string,
  index: WordIndex,
  categories: readonly Category[],
): UnderstoodSentence {
  const query = understandQuery(sentence, index);
  const text = prepareQueryText(sentence, index);
  const parts: SentencePart[] = query.words.map((word) => {
    const kind: SentencePart['kind'] = word.colour
      ? 'colour'
      : word.styles && !word.group.optional
        ? 'style'
        : isUse(word, categories)
          ? 'use'
          : 'word';
    return { kind, word, styles: kind === 'style' ? (word.styles ?? []) : [], label: word.text };
  });
  // Uses next to each other in the sentence read as one (用于运动户外), led by their word (适合).
  const uses = parts
    .filter((p) => p.kind === 'use')
    .map((p) => ({ part: p, span: useSpan(text, p.word.text) }))
    .sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  for (let i = 0; i < uses.length; i += 1) {
    const first = uses[i];
    if (!first?.span) continue;
    const { start } = first.span;
    let { end } = first.span;
    const joined = [first.part];
    while (uses[i + 1]?.span?.start === end) {
      const next = uses[i + 1];
      if (!next?.span) break;
      end = next.span.end;
      joined.push(next.part);
      i += 1;
    }
    const label = text.slice(start, end);
    for (const part of joined) part.label = label;
  }
  const labels: string[] = [];
  const colours = new Set(parts.flatMap((p) => (p.kind === 'colour' ? [p.word.colour] : [])));
  for (const key of colours) {
    const name = COLOUR_SWATCHES.find((s) => s.key === key)?.name;
    if (name) labels.push(WORD_SEARCH_MSG.colourLabel(name));
  }
  const styles = new Set(parts.flatMap((p) => p.styles));
  if (styles.size > 0) {
    labels.push(WORD_SEARCH_MSG.styleLabel([...styles].map((s) => WORK_STYLE_TITLES[s]).join('/')));
  }
  const useLabels = new Set(parts.filter((p) => p.kind === 'use').map((p) => p.word.text));
  if (useLabels.size > 0) labels.push(WORD_SEARCH_MSG.useLabel([...useLabels].join('、')));
  // One label per condition shown to the user when loosened (a use of two words is one).
  const labelled = new Set<string>();
  for (const part of parts) {
    if (labelled.has(`${part.kind}:${part.label}`)) part.label = '';
    else labelled.add(`${part.kind}:${part.label}`);
  }
  return { parts, query, labels };
}
