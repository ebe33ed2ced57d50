import type { PatternStyle } from './pattern-art';

// Fixed demo data: the category tree, designers, accounts and themes a new user sees.

export type DemoCategory = {
  kid: number;
  parentKid: number | null;
  title: string;
  keys3: string;
  keys4: string;
};

const TOP: [number, string, string[]][] = [
  [100, '服装面料', ['女装', '男装', '童装', '运动户外']],
  [200, '家纺床品', ['四件套', '窗帘布艺', '毛巾浴巾']],
  [300, '墙纸墙布', ['墙纸', '墙布']],
  [400, '地毯地垫', ['地毯', '地垫']],
  [500, '包装印刷', ['礼盒包装', '手提袋', '标签贴纸']],
  [600, '文创礼品', ['丝巾', '笔记本', '帆布袋']],
  [700, '箱包鞋帽', ['箱包', '鞋履', '帽子']],
  [800, '数码配件', ['手机壳', '电脑包']],
];

export const DEMO_CATEGORIES: DemoCategory[] = TOP.flatMap(([kid, title, children]) => [
  { kid, parentKid: null, title, keys3: title, keys4: `${title}素材` },
  ...children.map((child, i) => ({
    kid: kid + i + 1,
    parentKid: kid,
    title: child,
    keys3: `${title},${child}`,
    keys4: `${child}素材`,
  })),
]);

/** Leaf categories, where works are filed. */
export const LEAF_CATEGORIES = DEMO_CATEGORIES.filter((c) => c.parentKid !== null);

export type DemoDesigner = {
  phone: string;
  name: string;
  intro: string;
  settled: boolean;
  /** 2 = gallery, 1 = store */
  settledInType: 1 | 2;
  /** 2 = enterprise (design company) */
  orgFlag: 1 | 2;
  styles: PatternStyle[];
};

export const DEMO_DESIGNERS: DemoDesigner[] = [
  {
    phone: '13900000001',
    name: '青禾设计',
    intro: '专注东方花卉与青花纹样。',
    settled: true,
    settledInType: 2,
    orgFlag: 1,
    styles: ['floral', 'watercolor'],
  },
  {
    phone: '13900000002',
    name: '几何研究所',
    intro: '现代几何与建筑感图形。',
    settled: true,
    settledInType: 1,
    orgFlag: 1,
    styles: ['geometric', 'checks'],
  },
  {
    phone: '13900000003',
    name: '苗岭绣坊',
    intro: '苗绣、蜡染等西南民族纹样的再设计。',
    settled: true,
    settledInType: 2,
    orgFlag: 1,
    styles: ['folk', 'paisley'],
  },
  {
    phone: '13900000004',
    name: '织梦纹样工作室',
    intro: '面向家纺与服装面料的设计公司。',
    settled: true,
    settledInType: 1,
    orgFlag: 2,
    styles: ['floral', 'stripes', 'dots', 'waves'],
  },
  {
    phone: '13900000005',
    name: '小鹿插画',
    intro: '童趣卡通与动物插画。',
    settled: true,
    settledInType: 2,
    orgFlag: 1,
    styles: ['cartoon', 'animal'],
  },
  {
    phone: '13900000006',
    name: '墨池',
    intro: '抽象笔触与水墨肌理。',
    settled: true,
    settledInType: 2,
    orgFlag: 1,
    styles: ['abstract', 'watercolor'],
  },
  {
    phone: '13900000007',
    name: '野径迷彩',
    intro: '户外与运动面料的迷彩图案。',
    settled: true,
    settledInType: 1,
    orgFlag: 1,
    styles: ['camouflage', 'stripes'],
  },
  {
    phone: '13900000008',
    name: '福字铺',
    intro: '文字与吉祥纹样。',
    settled: true,
    settledInType: 1,
    orgFlag: 1,
    styles: ['text', 'folk'],
  },
  {
    phone: '13900000009',
    name: '海浪纹设计',
    intro: '日式波纹与海洋主题。',
    settled: true,
    settledInType: 2,
    orgFlag: 1,
    styles: ['waves', 'dots'],
  },
  {
    phone: '13900000010',
    name: '佩斯利之家',
    intro: '佩斯利与复古纹样。',
    settled: true,
    settledInType: 2,
    orgFlag: 1,
    styles: ['paisley', 'floral'],
  },
  {
    phone: '13900000011',
    name: '格子先生',
    intro: '条纹与格纹的经典演绎。',
    settled: false,
    settledInType: 1,
    orgFlag: 1,
    styles: ['checks', 'stripes'],
  },
  {
    phone: '13900000012',
    name: '山野动物志',
    intro: '动物与自然题材。',
    settled: false,
    settledInType: 2,
    orgFlag: 1,
    styles: ['animal', 'geometric'],
  },
];

/** Demo accounts listed in the README. */
export const DEMO_PASSWORD = 'wenyang123';
export const DEMO_ADMIN = { phone: '13800000000', name: '平台管理员' };
export const DEMO_BUYERS = [
  { phone: '13700000001', name: '杭州织造厂' },
  { phone: '13700000002', name: '跨境小店' },
];

export type DemoTheme = { title: string; subtitle: string; styles: PatternStyle[]; hot: boolean };

export const DEMO_THEMES: DemoTheme[] = [
  {
    title: '春日花园',
    subtitle: '柔和花卉，适合女装与家纺',
    styles: ['floral', 'watercolor'],
    hot: true,
  },
  { title: '几何摩登', subtitle: '利落线条与色块', styles: ['geometric', 'checks'], hot: true },
  { title: '西南民族纹样', subtitle: '苗绣、蜡染、侗锦的当代表达', styles: ['folk'], hot: true },
  {
    title: '童趣乐园',
    subtitle: '童装与文创的可爱图案',
    styles: ['cartoon', 'animal'],
    hot: false,
  },
  { title: '复古佩斯利', subtitle: '经典腰果花纹样', styles: ['paisley'], hot: false },
  { title: '海洋与波纹', subtitle: '清爽的夏季图案', styles: ['waves', 'dots'], hot: false },
  { title: '户外迷彩', subtitle: '运动户外面料', styles: ['camouflage', 'stripes'], hot: false },
  {
    title: '水墨与抽象',
    subtitle: '笔触、肌理与留白',
    styles: ['abstract', 'watercolor'],
    hot: true,
  },
  { title: '吉祥文字', subtitle: '福、囍、春等节庆图案', styles: ['text'], hot: false },
  {
    title: '经典条格',
    subtitle: '衬衫、床品常用条纹格纹',
    styles: ['stripes', 'checks'],
    hot: false,
  },
];

export const TITLE_SUFFIX = [
  '连续纹样',
  '满印图案',
  '印花',
  '花型',
  '图案',
  '纹样设计',
  '面料花型',
  '装饰图案',
];
export const USE_TAGS = [
  '春夏',
  '秋冬',
  '复古',
  '清新',
  '国潮',
  '简约',
  '浪漫',
  '高级感',
  '撞色',
  '柔和',
  '节庆',
  '童趣',
];
