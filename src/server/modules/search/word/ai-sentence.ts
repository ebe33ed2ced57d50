import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import type { ColourSwatchKey } from '@shared/rules/colour-swatch';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import type { WorkStyle } from '@shared/contract/works';
import { WORD_SEARCH_MSG } from './messages';
import { COLOUR_SUFFIX, COLOUR_WORDS, STYLE_WORDS } from './sentence-vocabulary';

// What an AI-search sentence says beyond its words: a colour (蓝色, 藏青) becomes the colour filter
// and a style (小碎花, 格子, 波点) the style filter, so 蓝色小碎花 适合童装 looks for blue florals that
// also match 童装, instead of works that merely contain some of the words.

export type UnderstoodSentence = {
  color?: ColourSwatchKey;
  style?: WorkStyle;
  /** The sentence without the words that became filters. */
  rest: string;
  /** What was understood, to show: 颜色：蓝, 风格：花卉. */
  labels: string[];
};

/** The first colour and the first style the sentence names, and what is left of it. */
export function understandSentence(sentence: string): UnderstoodSentence {
  let rest = sentence;
  const labels: string[] = [];
  const out: UnderstoodSentence = { rest: '', labels };
  const colour = COLOUR_WORDS.find(([word]) => rest.includes(word));
  if (colour) {
    out.color = colour[1];
    // 蓝色 goes whole, not leaving a lone 色.
    rest = rest.replace(new RegExp(`${colour[0]}${COLOUR_SUFFIX}?`), ' ');
    labels.push(
      WORD_SEARCH_MSG.colourLabel(
        COLOUR_SWATCHES.find((s) => s.key === colour[1])?.name ?? colour[0],
      ),
    );
  }
  const style = STYLE_WORDS.find(([word]) => rest.includes(word));
  if (style) {
    out.style = style[1];
    rest = rest.replace(style[0], ' ');
    labels.push(WORD_SEARCH_MSG.styleLabel(WORK_STYLE_TITLES[style[1]]));
  }
  out.rest = rest.replace(/\s+/g, ' ').trim();
  return out;
}
