// The base's featured collections (spec §1): one people's craft each, with the words the landing
// page shows. Data, not sentences, so it lives beside the code (docs/architecture-notes.md).

export type FolkCollectionWords = { people: string; craft: string; intro: string };

export const FOLK_COLLECTIONS: readonly FolkCollectionWords[] = [
  {
    people: '苗族',
    craft: '苗绣',
    intro:
      '黔东南雷山、台江一带的破线绣、锡绣与数纱绣，蝴蝶妈妈、鹡宇鸟与枫木纹记录着苗族的迁徙史诗。',
  },
  {
    people: '侗族',
    craft: '侗锦',
    intro:
      '通道、三江、黎平的侗家织锦，以黑白或彩色经纬挑出杉树纹、八角花与蜘蛛纹，是鼓楼风雨桥之外的另一种建筑。',
  },
  {
    people: '彝族',
    craft: '彝族漆器纹',
    intro:
      '凉山喜德、布拖的漆器以黑为底、红黄为饰，日月纹、牛眼纹、羊角纹与窗格纹源自崇火尚黑的宇宙观。',
  },
  {
    people: '布依族',
    craft: '布依族蜡染',
    intro:
      '镇宁、安顺、贵阳花溪的布依族以蜂蜡画于土布、靛蓝浸染，螺旋纹、铜鼓纹与冰裂纹在蓝白之间流动。',
  },
];
