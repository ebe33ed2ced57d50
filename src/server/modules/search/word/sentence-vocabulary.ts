import { WORK_STYLE_TITLES } from '@shared/contract/works';
import type { WorkStyle } from '@shared/contract/works';
import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import type { ColourSwatchKey } from '@shared/rules/colour-swatch';

// The colour and style words an AI-search sentence is understood by (ai-sentence.ts), and the
// colour suffix (蓝 → 蓝色) the word index also files a colour under (indexer.ts).

/** 蓝色: a colour name with it is the same colour. */
export const COLOUR_SUFFIX = '色';

/** Colour words beyond the swatch names, longest first so 藏青 wins over 青. */
export const COLOUR_WORDS: readonly [string, ColourSwatchKey][] = [
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
export const STYLE_WORDS: readonly [string, WorkStyle][] = [
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
