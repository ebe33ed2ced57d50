import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import type { ColourSwatchKey } from '@shared/rules/colour-swatch';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import type { WorkStyle } from '@shared/contract/works';

// What an AI-search sentence says beyond its words: a colour (蓝色, 藏青) becomes the colour filter
// and a style (小碎花, 格子, 波点) the style filter, so 蓝色小碎花 适合童装 looks for blue florals that
// also match 童装, instead of works that merely contain some of the words.

/** Colour words beyond the swatch names, longest first so 藏青 wins over 青. */
const COLOUR_WORDS: readonly [string, ColourSwatchKey][] = [
  ['海军蓝', 'blue'],
  ['青花', 'blue'],
  ['宝蓝', 'blue'],
  ['藏青', 'blue'],
  ['藏蓝', 'blue'],
  ['靛蓝', 'blue'],
  ['天蓝', 'blue'],
  ['米白', 'white'],
  ['米色', 'white'],
  ['奶白', 'white'],
  ['咖啡', 'brown'],
  ['卡其', 'brown'],
  ['金黄', 'yellow'],
  ['玫红', 'pink'],
  ['粉红', 'pink'],
  ['墨绿', 'green'],
  ['橘', 'orange'],
  ...COLOUR_SWATCHES.map((s) => [s.name, s.key] as [string, ColourSwatchKey]),
];

/** Style words beyond the style names. */
const STYLE_WORDS: readonly [string, WorkStyle][] = [
  ['小碎花', 'floral'],
  ['碎花', 'floral'],
  ['花朵', 'floral'],
  ['花型', 'floral'],
  ['格子', 'checks'],
  ['千鸟格', 'checks'],
  ['圆点', 'dots'],
  ['点点', 'dots'],
  ['腰果花', 'paisley'],
  ['民族风', 'folk'],
  ['字母', 'text'],
  ['波浪', 'waves'],
  ...Object.entries(WORK_STYLE_TITLES).map(([key, title]) => [title, key] as [string, WorkStyle]),
];

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
    rest = rest.replace(new RegExp(`${colour[0]}色?`), ' ');
    labels.push(`颜色：${COLOUR_SWATCHES.find((s) => s.key === colour[1])?.name ?? colour[0]}`);
  }
  const style = STYLE_WORDS.find(([word]) => rest.includes(word));
  if (style) {
    out.style = style[1];
    rest = rest.replace(style[0], ' ');
    labels.push(`风格：${WORK_STYLE_TITLES[style[1]]}`);
  }
  out.rest = rest.replace(/\s+/g, ' ').trim();
  return out;
}
