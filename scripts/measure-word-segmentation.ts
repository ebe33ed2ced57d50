// Compares word segmenters on the demo catalogue: run `node --import tsx scripts/measure-word-segmentation.ts`.
// The figures are recorded in docs/decisions.md ("Word search").
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import {
  DEMO_CATEGORIES,
  DEMO_DESIGNERS,
  TITLE_SUFFIX,
  USE_TAGS,
} from '../src/server/db/seed/demo-catalogue';
import { PALETTES, STYLE_TITLES } from '../src/server/db/seed/pattern-art';
import { planDemoWorks } from '../src/server/db/seed/seed-demo';
import { segmentWords } from '../src/server/modules/search/word/segmenter';

type Engine = {
  name: string;
  index: (text: string) => string[];
  query: (text: string) => string[];
};

const intl = new Intl.Segmenter('zh', { granularity: 'word' });
const intlWords = (text: string) =>
  Array.from(intl.segment(text))
    .filter((s) => s.isWordLike)
    .map((s) => s.segment);
const plainJieba = Jieba.withDict(dict);
const words = (list: string[]) => list.filter((w) => /[\p{L}\p{N}]/u.test(w));

const engines: Engine[] = [
  { name: 'Intl.Segmenter(zh)', index: intlWords, query: intlWords },
  {
    name: 'jieba (default dict)',
    index: (t) => words(plainJieba.cutForSearch(t, true)),
    query: (t) => words(plainJieba.cut(t, true)),
  },
  {
    name: 'jieba + trade words (chosen)',
    index: (t) => segmentWords(t, 'index'),
    query: (t) => segmentWords(t, 'query'),
  },
];

const plan = planDemoWorks(320);
const designerName = (i: number) => DEMO_DESIGNERS[i]?.name ?? '';
const categoryTitle = (kid: number) => DEMO_CATEGORIES.find((c) => c.kid === kid)?.title ?? '';
// A work's searchable text: title, tags, designer, category and description, as the indexer reads them.
const docs = plan.map((w) =>
  [
    w.title,
    ...w.tags,
    designerName(w.designerIndex),
    categoryTitle(w.categoryKid),
    w.description,
  ].join(' '),
);
const vocabulary = [
  ...new Set([
    ...PALETTES.map((p) => p.name),
    ...Object.values(STYLE_TITLES),
    ...TITLE_SUFFIX,
    ...USE_TAGS,
    ...DEMO_CATEGORIES.map((c) => c.title),
    ...DEMO_DESIGNERS.map((d) => d.name),
  ]),
];
// What a buyer types: the vocabulary, plus the words inside the compound suffixes and partial words.
const queries = [
  ...new Set([
    ...vocabulary,
    '纹样',
    '图案',
    '连续',
    '满印',
    '面料',
    '装饰',
    '原创',
    '配色',
    '无缝',
    '拼接',
  ]),
];

const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)}%`;

console.log(
  `${docs.length} demo works, ${queries.length} query words (${vocabulary.length} catalogue words)`,
);
console.log(
  '| segmenter | 青花瓷花卉连续纹样 | works found that contain the word | works matched that do not | catalogue words kept whole | distinct terms per work | µs per work |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const engine of engines) {
  // Warm up first (dictionary load, JIT), then time three passes.
  const indexed = docs.map((d) => new Set(engine.index(d)));
  const start = performance.now();
  for (let pass = 0; pass < 3; pass += 1) for (const d of docs) engine.index(d);
  const micros = ((performance.now() - start) * 1000) / (3 * docs.length);
  let found = 0;
  let wanted = 0;
  let wrong = 0;
  let others = 0;
  for (const word of queries) {
    const terms = engine.query(word);
    docs.forEach((doc, i) => {
      const hit = terms.length > 0 && terms.every((t) => indexed[i]?.has(t));
      if (doc.includes(word)) {
        wanted += 1;
        if (hit) found += 1;
      } else {
        others += 1;
        if (hit) wrong += 1;
      }
    });
  }
  const whole = vocabulary.filter((w) => {
    const t = engine.query(w);
    return t.length === 1 && t[0] === w;
  }).length;
  const termsPerWork = indexed.reduce((n, s) => n + s.size, 0) / docs.length;
  console.log(
    `| ${engine.name} | ${engine.index('青花瓷花卉连续纹样').join(' / ')} | ${found}/${wanted} = ${pct(found, wanted)} | ${wrong}/${others} = ${pct(wrong, others)} | ${whole}/${vocabulary.length} = ${pct(whole, vocabulary.length)} | ${termsPerWork.toFixed(1)} | ${micros.toFixed(1)} |`,
  );
}
