import type { WorkStyle } from '../../src/shared/contract/works';
import type { ColourSwatchKey } from '../../src/shared/rules/colour-swatch';
import { DEMO_DESIGNERS } from '../../src/server/db/seed/demo-catalogue';
import { planDemoWorks } from '../../src/server/db/seed/seed-demo';

// The judged query set of word search and AI search (docs/word-search.md "Judged queries").
//
// Relevance comes from the seed's deterministic plan (planDemoWorks), never from what the engine
// returns. Each query states a rule over the plan's attributes; a work is relevant when it holds every
// aspect of the rule:
//   style     the work's style (spec.style) is one of these
//   colour    the work's palette is, to a human reader, mainly this colour (PALETTE_COLOURS below,
//             judged from the palette's name and its five hex values, not from the engine's swatches)
//   palette   the work's palette is one of these (青花瓷, 苗绣…: a named colourway or craft)
//   kid       the work is filed under one of these categories (a parent kid covers its children)
//   designer  the work's designer
//   mood      the work's mood tag (USE_TAGS: 春夏, 复古…)
//   seamless  the work is a seamless repeat (四方连续) or a placement print (定位花)
// Word search queries are strict: relevant (gain 1) only when every aspect holds. AI sentences are
// graded: gain 2 when every aspect holds, gain 1 when every aspect but the use aspects (kid, mood)
// holds, since a blue floral print is still what a buyer asking for 蓝色小碎花 适合童装 can use.

/** The main colours of each seed palette as a person reads them (a white ground alone does not count). */
export const PALETTE_COLOURS: Readonly<Record<string, readonly ColourSwatchKey[]>> = {
  青花瓷: ['blue', 'white'],
  胭脂: ['red', 'pink'],
  莫兰迪: ['grey'],
  薄荷: ['green'],
  藏青: ['blue'],
  琥珀: ['orange', 'brown'],
  靛蓝扎染: ['blue'],
  苗绣: ['black', 'red'],
  蜡染: ['blue', 'white'],
  珊瑚: ['orange', 'pink'],
  墨绿: ['green'],
  樱粉: ['pink'],
  橄榄: ['green'],
  姜黄: ['yellow', 'orange'],
  雾霾蓝: ['blue', 'grey'],
  砖红: ['red', 'brown'],
  奶茶: ['brown'],
  松石: ['cyan'],
  玫瑰金: ['pink'],
  黛紫: ['purple'],
  孔雀: ['cyan'],
  秋香: ['yellow', 'brown'],
  黑金: ['black'],
  彩虹糖: [],
  朱砂: ['red'],
  竹青: ['green'],
  月白: ['white', 'blue'],
  杏花: ['orange', 'pink'],
};

export type JudgedRule = {
  style?: readonly WorkStyle[];
  colour?: ColourSwatchKey;
  palette?: readonly string[];
  kid?: readonly number[];
  designer?: string;
  mood?: string;
  seamless?: boolean;
};

export type QueryKind =
  | 'colour'
  | 'style'
  | 'category'
  | 'technique'
  | 'use'
  | 'designer'
  | 'synonym'
  | 'pinyin'
  | 'initials'
  | 'traditional'
  | 'english'
  | 'typo'
  | 'two-word'
  | 'sentence'
  | 'ai';

export type JudgedQuery = { kind: QueryKind; query: string; rule: JudgedRule };

const q = (kind: QueryKind, query: string, rule: JudgedRule): JudgedQuery => ({
  kind,
  query,
  rule,
});

// Categories of the seed (demo-catalogue.ts): parents 100…800, leaves parent + 1…4.
const K = {
  apparel: 100,
  women: 101,
  men: 102,
  kids: 103,
  sports: 104,
  home: 200,
  bedding: 201,
  curtains: 202,
  towels: 203,
  wall: 300,
  wallpaper: 301,
  wallcloth: 302,
  rugs: 400,
  rug: 401,
  mat: 402,
  packaging: 500,
  giftbox: 501,
  bag: 502,
  label: 503,
  gifts: 600,
  scarf: 601,
  notebook: 602,
  tote: 603,
  luggage: 700,
  suitcase: 701,
  shoes: 702,
  hats: 703,
  digital: 800,
  phone: 801,
  laptop: 802,
} as const;

export const JUDGED_QUERIES: readonly JudgedQuery[] = [
  // Colour words (the swatch names, with and without 色, and common colour words)
  q('colour', '蓝色', { colour: 'blue' }),
  q('colour', '蓝', { colour: 'blue' }),
  q('colour', '红色', { colour: 'red' }),
  q('colour', '粉色', { colour: 'pink' }),
  q('colour', '粉红', { colour: 'pink' }),
  q('colour', '绿色', { colour: 'green' }),
  q('colour', '黄色', { colour: 'yellow' }),
  q('colour', '紫色', { colour: 'purple' }),
  q('colour', '黑色', { colour: 'black' }),
  q('colour', '白色', { colour: 'white' }),
  q('colour', '灰色', { colour: 'grey' }),
  q('colour', '棕色', { colour: 'brown' }),
  q('colour', '咖啡色', { colour: 'brown' }),
  q('colour', '橙色', { colour: 'orange' }),
  q('colour', '青色', { colour: 'cyan' }),
  q('colour', '藏青', { palette: ['藏青'] }),
  q('colour', '靛蓝', { colour: 'blue' }),
  q('colour', '天蓝色', { colour: 'blue' }),
  q('colour', '墨绿', { palette: ['墨绿'] }),
  q('colour', '雾霾蓝', { palette: ['雾霾蓝'] }),
  q('colour', '莫兰迪', { palette: ['莫兰迪'] }),
  q('colour', '樱粉', { palette: ['樱粉'] }),
  q('colour', '黑金', { palette: ['黑金'] }),
  q('colour', '玫瑰金', { palette: ['玫瑰金'] }),
  q('colour', '姜黄', { palette: ['姜黄'] }),
  q('colour', '奶茶色', { palette: ['奶茶'] }),
  // Styles by their names
  q('style', '花卉', { style: ['floral'] }),
  q('style', '几何', { style: ['geometric'] }),
  q('style', '佩斯利', { style: ['paisley'] }),
  q('style', '条纹', { style: ['stripes'] }),
  q('style', '格纹', { style: ['checks'] }),
  q('style', '民族', { style: ['folk'] }),
  q('style', '动物', { style: ['animal'] }),
  q('style', '卡通', { style: ['cartoon'] }),
  q('style', '抽象', { style: ['abstract'] }),
  q('style', '水彩', { style: ['watercolor'] }),
  q('style', '迷彩', { style: ['camouflage'] }),
  q('style', '文字', { style: ['text'] }),
  q('style', '波点', { style: ['dots'] }),
  q('style', '波纹', { style: ['waves'] }),
  // Synonyms and near words of styles and crafts
  q('synonym', '花朵', { style: ['floral'] }),
  q('synonym', '碎花', { style: ['floral'] }),
  q('synonym', '小碎花', { style: ['floral'] }),
  q('synonym', '花草', { style: ['floral'] }),
  q('synonym', '格子', { style: ['checks'] }),
  q('synonym', '方格', { style: ['checks'] }),
  q('synonym', '腰果花', { style: ['paisley'] }),
  q('synonym', '圆点', { style: ['dots'] }),
  q('synonym', '点点', { style: ['dots'] }),
  q('synonym', '波浪', { style: ['waves'] }),
  q('synonym', '海浪', { style: ['waves'] }),
  q('synonym', '民族风', { style: ['folk'] }),
  q('synonym', '少数民族', { style: ['folk'] }),
  q('synonym', '动物纹', { style: ['animal'] }),
  q('synonym', '字母', { style: ['text'] }),
  q('synonym', '卡通动漫', { style: ['cartoon'] }),
  q('synonym', '壁纸', { kid: [K.wallpaper] }),
  q('synonym', '床上用品', { kid: [K.bedding] }),
  q('synonym', '围巾', { kid: [K.scarf] }),
  q('synonym', '鞋子', { kid: [K.shoes] }),
  q('synonym', '儿童服装', { kid: [K.kids] }),
  // Categories
  q('category', '女装', { kid: [K.women] }),
  q('category', '男装', { kid: [K.men] }),
  q('category', '童装', { kid: [K.kids] }),
  q('category', '运动户外', { kid: [K.sports] }),
  q('category', '四件套', { kid: [K.bedding] }),
  q('category', '窗帘', { kid: [K.curtains] }),
  q('category', '毛巾', { kid: [K.towels] }),
  q('category', '墙纸', { kid: [K.wallpaper] }),
  q('category', '墙布', { kid: [K.wallcloth] }),
  q('category', '地毯', { kid: [K.rug] }),
  q('category', '地垫', { kid: [K.mat] }),
  q('category', '礼盒包装', { kid: [K.giftbox] }),
  q('category', '手提袋', { kid: [K.bag] }),
  q('category', '标签贴纸', { kid: [K.label] }),
  q('category', '丝巾', { kid: [K.scarf] }),
  q('category', '笔记本', { kid: [K.notebook] }),
  q('category', '帆布袋', { kid: [K.tote] }),
  q('category', '箱包', { kid: [K.suitcase] }),
  q('category', '鞋履', { kid: [K.shoes] }),
  q('category', '帽子', { kid: [K.hats] }),
  q('category', '手机壳', { kid: [K.phone] }),
  q('category', '电脑包', { kid: [K.laptop] }),
  q('category', '服装面料', { kid: [K.apparel] }),
  q('category', '家纺床品', { kid: [K.home] }),
  q('category', '家纺', { kid: [K.home] }),
  q('category', '地毯地垫', { kid: [K.rugs] }),
  q('category', '包装印刷', { kid: [K.packaging] }),
  q('category', '文创礼品', { kid: [K.gifts] }),
  q('category', '数码配件', { kid: [K.digital] }),
  // Techniques and crafts (colourways named after them, seamless or placement prints)
  q('technique', '蜡染', { palette: ['蜡染'] }),
  q('technique', '扎染', { palette: ['靛蓝扎染'] }),
  q('technique', '苗绣', { palette: ['苗绣'] }),
  q('technique', '青花瓷', { palette: ['青花瓷'] }),
  q('technique', '青花', { palette: ['青花瓷'] }),
  q('technique', '四方连续', { seamless: true }),
  q('technique', '无缝拼接', { seamless: true }),
  q('technique', '定位花', { seamless: false }),
  q('technique', '定位印花', { seamless: false }),
  // Uses and moods (the mood tags of the seed)
  q('use', '春夏', { mood: '春夏' }),
  q('use', '秋冬', { mood: '秋冬' }),
  q('use', '复古', { mood: '复古' }),
  q('use', '清新', { mood: '清新' }),
  q('use', '国潮', { mood: '国潮' }),
  q('use', '简约', { mood: '简约' }),
  q('use', '浪漫', { mood: '浪漫' }),
  q('use', '高级感', { mood: '高级感' }),
  q('use', '撞色', { mood: '撞色' }),
  q('use', '柔和', { mood: '柔和' }),
  q('use', '节庆', { mood: '节庆' }),
  q('use', '童趣', { mood: '童趣' }),
  // Designers, whole and in part
  q('designer', '青禾设计', { designer: '青禾设计' }),
  q('designer', '青禾', { designer: '青禾设计' }),
  q('designer', '几何研究所', { designer: '几何研究所' }),
  q('designer', '苗岭绣坊', { designer: '苗岭绣坊' }),
  q('designer', '苗岭', { designer: '苗岭绣坊' }),
  q('designer', '织梦纹样工作室', { designer: '织梦纹样工作室' }),
  q('designer', '织梦', { designer: '织梦纹样工作室' }),
  q('designer', '小鹿插画', { designer: '小鹿插画' }),
  q('designer', '墨池', { designer: '墨池' }),
  q('designer', '野径迷彩', { designer: '野径迷彩' }),
  q('designer', '福字铺', { designer: '福字铺' }),
  q('designer', '海浪纹设计', { designer: '海浪纹设计' }),
  q('designer', '佩斯利之家', { designer: '佩斯利之家' }),
  // Pinyin and initials
  q('pinyin', 'huahui', { style: ['floral'] }),
  q('pinyin', 'jihe', { style: ['geometric'] }),
  q('pinyin', 'peisili', { style: ['paisley'] }),
  q('pinyin', 'tiaowen', { style: ['stripes'] }),
  q('pinyin', 'gewen', { style: ['checks'] }),
  q('pinyin', 'bodian', { style: ['dots'] }),
  q('pinyin', 'micai', { style: ['camouflage'] }),
  q('pinyin', 'katong', { style: ['cartoon'] }),
  q('pinyin', 'dongwu', { style: ['animal'] }),
  q('pinyin', 'shuicai', { style: ['watercolor'] }),
  q('pinyin', 'tongzhuang', { kid: [K.kids] }),
  q('pinyin', 'chuanglian', { kid: [K.curtains] }),
  q('pinyin', 'laran', { palette: ['蜡染'] }),
  q('pinyin', 'miaoxiu', { palette: ['苗绣'] }),
  q('pinyin', 'lanse', { colour: 'blue' }),
  q('pinyin', 'hua hui', { style: ['floral'] }),
  q('initials', 'hh', { style: ['floral'] }),
  q('initials', 'jh', { style: ['geometric'] }),
  q('initials', 'psl', { style: ['paisley'] }),
  q('initials', 'mc', { style: ['camouflage'] }),
  q('initials', 'tz', { kid: [K.kids] }),
  q('initials', 'sjt', { kid: [K.bedding] }),
  q('initials', 'sj', { kid: [K.scarf] }),
  q('initials', 'sjk', { kid: [K.phone] }),
  // Traditional characters
  q('traditional', '紋樣 花卉', { style: ['floral'] }),
  q('traditional', '幾何', { style: ['geometric'] }),
  q('traditional', '條紋', { style: ['stripes'] }),
  q('traditional', '格紋', { style: ['checks'] }),
  q('traditional', '藍色', { colour: 'blue' }),
  q('traditional', '綠色', { colour: 'green' }),
  q('traditional', '紅色', { colour: 'red' }),
  q('traditional', '動物', { style: ['animal'] }),
  q('traditional', '蠟染', { palette: ['蜡染'] }),
  q('traditional', '紮染', { palette: ['靛蓝扎染'] }),
  q('traditional', '童裝', { kid: [K.kids] }),
  q('traditional', '窗簾', { kid: [K.curtains] }),
  q('traditional', '牆紙', { kid: [K.wallpaper] }),
  q('traditional', '禮盒包裝', { kid: [K.giftbox] }),
  // English words
  q('english', 'floral', { style: ['floral'] }),
  q('english', 'flower', { style: ['floral'] }),
  q('english', 'flowers', { style: ['floral'] }),
  q('english', 'geometric', { style: ['geometric'] }),
  q('english', 'paisley', { style: ['paisley'] }),
  q('english', 'stripes', { style: ['stripes'] }),
  q('english', 'plaid', { style: ['checks'] }),
  q('english', 'tartan', { style: ['checks'] }),
  q('english', 'polka dot', { style: ['dots'] }),
  q('english', 'camo', { style: ['camouflage'] }),
  q('english', 'camouflage', { style: ['camouflage'] }),
  q('english', 'watercolor', { style: ['watercolor'] }),
  q('english', 'cartoon', { style: ['cartoon'] }),
  q('english', 'abstract', { style: ['abstract'] }),
  q('english', 'ethnic', { style: ['folk'] }),
  q('english', 'waves', { style: ['waves'] }),
  q('english', 'animal', { style: ['animal'] }),
  q('english', 'blue', { colour: 'blue' }),
  q('english', 'pink', { colour: 'pink' }),
  q('english', 'batik', { palette: ['蜡染'] }),
  q('english', 'tie dye', { palette: ['靛蓝扎染'] }),
  q('english', 'kidswear', { kid: [K.kids] }),
  q('english', 'curtain', { kid: [K.curtains] }),
  q('english', 'wallpaper', { kid: [K.wallpaper] }),
  q('english', 'phone case', { kid: [K.phone] }),
  q('english', 'blue floral', { colour: 'blue', style: ['floral'] }),
  // Small typos: a homophone character, a letter missing, swapped or wrong
  q('typo', '花会', { style: ['floral'] }),
  q('typo', '佩斯丽', { style: ['paisley'] }),
  q('typo', '格文', { style: ['checks'] }),
  q('typo', '迷采', { style: ['camouflage'] }),
  q('typo', '条文', { style: ['stripes'] }),
  q('typo', '卡同', { style: ['cartoon'] }),
  q('typo', '童妆', { kid: [K.kids] }),
  q('typo', 'huahiu', { style: ['floral'] }),
  q('typo', 'jihee', { style: ['geometric'] }),
  q('typo', 'flroal', { style: ['floral'] }),
  q('typo', 'paisly', { style: ['paisley'] }),
  q('typo', 'geometirc', { style: ['geometric'] }),
  q('typo', 'camuflage', { style: ['camouflage'] }),
  // Two words
  q('two-word', '蓝色 花卉', { colour: 'blue', style: ['floral'] }),
  q('two-word', '蓝色花卉', { colour: 'blue', style: ['floral'] }),
  q('two-word', '红色 格纹', { colour: 'red', style: ['checks'] }),
  q('two-word', '绿色 条纹', { colour: 'green', style: ['stripes'] }),
  q('two-word', '粉色 波点', { colour: 'pink', style: ['dots'] }),
  q('two-word', '花卉 女装', { style: ['floral'], kid: [K.women] }),
  q('two-word', '卡通 童趣', { style: ['cartoon'], mood: '童趣' }),
  q('two-word', '几何 地毯', { style: ['geometric'], kid: [K.rug] }),
  q('two-word', '条纹 男装', { style: ['stripes'], kid: [K.men] }),
  q('two-word', '民族 丝巾', { style: ['folk'], kid: [K.scarf] }),
  q('two-word', '动物 笔记本', { style: ['animal'], kid: [K.notebook] }),
  q('two-word', '佩斯利 复古', { style: ['paisley'], mood: '复古' }),
  q('two-word', '水彩 春夏', { style: ['watercolor'], mood: '春夏' }),
  q('two-word', '青花瓷 花卉', { palette: ['青花瓷'], style: ['floral'] }),
  q('two-word', '苗绣 民族', { palette: ['苗绣'], style: ['folk'] }),
  q('two-word', '波纹 家纺', { style: ['waves'], kid: [K.home] }),
  q('two-word', '格子 衬衫', { style: ['checks'], kid: [K.apparel] }),
  q('two-word', '碎花 连衣裙', { style: ['floral'], kid: [K.women] }),
  q('two-word', '四方连续 几何', { style: ['geometric'], seamless: true }),
  q('two-word', '小鹿插画 卡通', { designer: '小鹿插画', style: ['cartoon'] }),
  q('two-word', '墨池 水彩', { designer: '墨池', style: ['watercolor'] }),
  q('two-word', '抽象 高级感', { style: ['abstract'], mood: '高级感' }),
  q('two-word', '文字 节庆', { style: ['text'], mood: '节庆' }),
  // Sentences typed into the word search
  q('sentence', '蓝色的花卉图案', { colour: 'blue', style: ['floral'] }),
  q('sentence', '红色格子纹样', { colour: 'red', style: ['checks'] }),
  q('sentence', '可爱的卡通动物', { style: ['cartoon', 'animal'] }),
  q('sentence', '复古佩斯利花型', { style: ['paisley'], mood: '复古' }),
  q('sentence', '做衣服用的波点面料', { style: ['dots'], kid: [K.apparel] }),
  q('sentence', '四方连续的几何图案', { style: ['geometric'], seamless: true }),
  q('sentence', '黑白条纹', { colour: 'black', style: ['stripes'] }),
  q('sentence', '民族风的苗绣纹样', { palette: ['苗绣'], style: ['folk'] }),
  // AI search sentences (/ai-search)
  q('ai', '蓝色小碎花 适合童装', { colour: 'blue', style: ['floral'], kid: [K.kids] }),
  q('ai', '我想要一些红色的格子图案', { colour: 'red', style: ['checks'] }),
  q('ai', '适合女装的粉色花卉', { colour: 'pink', style: ['floral'], kid: [K.women] }),
  q('ai', '找迷彩图案，用于运动户外', { style: ['camouflage'], kid: [K.sports] }),
  q('ai', '给男装用的蓝色条纹', { colour: 'blue', style: ['stripes'], kid: [K.men] }),
  q('ai', '可爱的卡通图案适合童装', { style: ['cartoon'], kid: [K.kids] }),
  q('ai', '复古的佩斯利腰果花', { style: ['paisley'], mood: '复古' }),
  q('ai', '适合做窗帘的几何图案', { style: ['geometric'], kid: [K.curtains] }),
  q('ai', '我想找黄色的波点', { colour: 'yellow', style: ['dots'] }),
  q('ai', '一些粉色的水彩', { colour: 'pink', style: ['watercolor'] }),
  q('ai', '民族风苗绣 适合丝巾', { palette: ['苗绣'], style: ['folk'], kid: [K.scarf] }),
  q('ai', '蓝白青花瓷风格的花卉', { palette: ['青花瓷'], style: ['floral'] }),
  q('ai', '适合墙纸的抽象水墨', { style: ['abstract'], kid: [K.wallpaper] }),
  q('ai', '春夏清新的花朵图案', { style: ['floral'], mood: '清新' }),
  q('ai', '秋冬用的棕色格纹', { colour: 'brown', style: ['checks'], mood: '秋冬' }),
  q('ai', '我想要一些动物图案做手机壳', { style: ['animal'], kid: [K.phone] }),
  q('ai', '节庆用的红色文字图案', { colour: 'red', style: ['text'], mood: '节庆' }),
  q('ai', '海浪波纹 适合家纺', { style: ['waves'], kid: [K.home] }),
  q('ai', '适合地毯的民族纹样', { style: ['folk'], kid: [K.rugs] }),
  q('ai', '帮我找一下蜡染风格的图案', { palette: ['蜡染'] }),
  q('ai', '扎染效果的蓝色图案', { palette: ['靛蓝扎染'] }),
  q('ai', '适合礼盒包装的国潮文字图案', { style: ['text'], mood: '国潮', kid: [K.giftbox] }),
  q('ai', '黑金配色 高级感', { palette: ['黑金'], mood: '高级感' }),
  q('ai', '粉色波点 适合女装', { colour: 'pink', style: ['dots'], kid: [K.women] }),
  q('ai', '我要绿色的条纹用于男装', { colour: 'green', style: ['stripes'], kid: [K.men] }),
  q('ai', '可以做帆布袋的卡通动物', { style: ['cartoon', 'animal'], kid: [K.tote] }),
  q('ai', '无缝拼接的蓝色几何', { colour: 'blue', style: ['geometric'], seamless: true }),
  q('ai', '橙色的抽象图案 适合笔记本', {
    colour: 'orange',
    style: ['abstract'],
    kid: [K.notebook],
  }),
  q('ai', '一些浪漫的花卉 适合四件套', { style: ['floral'], mood: '浪漫', kid: [K.bedding] }),
  q('ai', '墨池的水彩作品', { designer: '墨池', style: ['watercolor'] }),
];

/** What the judge reads of one planned work. */
export type JudgedWork = {
  index: number;
  style: WorkStyle;
  palette: string;
  kid: number;
  designer: string;
  mood: string;
  seamless: boolean;
};

/** The seed's plan as the judge sees it (the demo catalogue: DEFAULT_DEMO_WORKS works). */
export function judgedWorks(count: number): JudgedWork[] {
  return planDemoWorks(count).map((w) => ({
    index: w.index,
    style: w.spec.style,
    palette: w.spec.palette.name,
    kid: w.categoryKid,
    designer: DEMO_DESIGNERS[w.designerIndex]?.name ?? '',
    mood: w.tags[3] ?? '',
    seamless: w.spec.seamless,
  }));
}

const inKids = (kids: readonly number[], kid: number) =>
  kids.includes(kid) || kids.includes(Math.floor(kid / 100) * 100);

/** Whether a work holds each aspect of a rule: the core aspects and the use aspects apart. */
function holds(rule: JudgedRule, work: JudgedWork): { core: boolean; use: boolean } {
  const core =
    (rule.style === undefined || rule.style.includes(work.style)) &&
    (rule.colour === undefined || (PALETTE_COLOURS[work.palette] ?? []).includes(rule.colour)) &&
    (rule.palette === undefined || rule.palette.includes(work.palette)) &&
    (rule.designer === undefined || rule.designer === work.designer) &&
    (rule.seamless === undefined || rule.seamless === work.seamless);
  const use =
    (rule.kid === undefined || inKids(rule.kid, work.kid)) &&
    (rule.mood === undefined || rule.mood === work.mood);
  return { core, use };
}

/** The gain of a work for a query (0 = not relevant); see the rule at the top of this file. */
export function gainOf(query: JudgedQuery, work: JudgedWork): number {
  const { core, use } = holds(query.rule, work);
  if (query.kind !== 'ai') return core && use ? 1 : 0;
  const hasCore =
    query.rule.style !== undefined ||
    query.rule.colour !== undefined ||
    query.rule.palette !== undefined ||
    query.rule.designer !== undefined ||
    query.rule.seamless !== undefined;
  if (core && use) return 2;
  return core && hasCore ? 1 : 0;
}

export type Judgement = { query: string; kind: QueryKind; gains: Record<number, number> };

/** Every query with the plan indices of its relevant works and their gains. */
export function judge(works: readonly JudgedWork[]): Judgement[] {
  return JUDGED_QUERIES.map((query) => {
    const gains: Record<number, number> = {};
    for (const work of works) {
      const gain = gainOf(query, work);
      if (gain > 0) gains[work.index] = gain;
    }
    return { query: query.query, kind: query.kind, gains };
  });
}
