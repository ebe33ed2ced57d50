import { svgToPng } from './seed-render-cache';
import type { TopicBlockInput, TopicSlug } from '@shared/contract/topics';
import type { AppDeps } from '../../deps';

// Demo content of the eleven /pageChild/* topic pages (docs/topics.md): each composed from the demo
// catalogue (its categories, tags, designers and works) and published, so every page a visitor can
// reach has something to read. Topics an admin already published are left alone.

type Palette = { from: string; to: string };

/** Banner art has no text (the title is laid over it as HTML): a gradient with a light repeat. */
async function topicBannerImage(
  { from, to }: Palette,
  motif: 'dots' | 'grid' | 'waves',
): Promise<Buffer> {
  const shapes = Array.from({ length: 30 }, (_, i) => {
    const x = (i % 15) * 84 + 20;
    const y = i < 15 ? 70 : 200;
    if (motif === 'grid') {
      return `<rect x="${x}" y="${y - 30}" width="44" height="44" fill="none" stroke="white" stroke-width="3" opacity="0.18" transform="rotate(45 ${x + 22} ${y - 8})"/>`;
    }
    if (motif === 'waves') {
      return `<path d="M${x - 40} ${y} q21 -24 42 0 t42 0" fill="none" stroke="white" stroke-width="4" opacity="0.2"/>`;
    }
    return `<circle cx="${x}" cy="${y}" r="${14 + (i % 3) * 8}" fill="white" opacity="0.14"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="260">
<defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="260" fill="url(#g)"/>${shapes}</svg>`;
  return svgToPng(svg);
}

type Catalogue = {
  designerIds: number[];
  /** The most favourited published work of each style, for a hand-picked list. */
  picks: number[];
};

type TopicPlan = {
  title: string;
  summary: string;
  banner: { title: string; link: string; palette: Palette; motif: 'dots' | 'grid' | 'waves' };
  blocks: (c: Catalogue) => TopicBlockInput[];
};

const text = (markdown: string): TopicBlockInput => ({ type: 'text', markdown: markdown.trim() });

const grid = (
  title: string,
  query: Extract<TopicBlockInput, { type: 'works' }>['query'],
  limit = 10,
): TopicBlockInput => ({ type: 'works', title, source: 'query', query, workIds: [], limit });

const TOPICS: Record<TopicSlug, TopicPlan> = {
  case: {
    title: '授权案例',
    summary: '工厂、电商与品牌如何在纹样找到花型、完成授权并投产。',
    banner: {
      title: '从一张花型到一件商品',
      link: '/work',
      palette: { from: '#0f766e', to: '#1d4ed8' },
      motif: 'dots',
    },
    blocks: () => [
      text(`
## 三类买家，三种授权方式

**家纺工厂：品类独家。** 一家做四件套的工厂选中一款花卉花型，购买“家纺床品”品类的独家授权。授权生效后，这款花型在同一品类下不再出售给其他买家，工厂的新品不会在电商平台上撞图；同一花型仍可授权给服装、文创等其他品类。

**跨境电商：单次授权。** 卖家为手机壳和帆布袋选图，需要多、上新快，按件购买普通授权即可；下单后在“我的订单”下载高清原图和授权凭证，平台审核商品时出示凭证。

**服装品牌：先推后买。** 设计团队先把几款花型推给采购确认，确认下单的款式再付费授权，未选中的不产生费用。

## 授权前请确认

1. 用途与品类：授权按用途和品类划分，超出范围的使用需要另行授权；
2. 授权期限与地域：在订单详情中可以查看，续期在“我的订单 → 续费”办理；
3. 凭证：每笔授权都会生成版权证书与交易凭证，可随时下载，遇到侵权投诉时作为证明。
`),
      grid('买家授权最多的作品', { sort: 'bestselling' }, 10),
      text(`
想了解具体条款，请阅读《[纹样作品授权协议](/agreement/licenceAgreement)》；订单与发票问题可在[帮助中心](/help)查询。
`),
    ],
  },
  'category-dialog': {
    title: '按品类找花型',
    summary: '服装、家纺、墙纸、文创……按产品品类浏览适合的花型。',
    banner: {
      title: '先选品类，再挑花型',
      link: '/work',
      palette: { from: '#7c3aed', to: '#db2777' },
      motif: 'grid',
    },
    blocks: () => [
      text(`
同一款图案用在不同产品上，要求并不相同：**服装面料**看重循环尺寸与上身比例，**家纺床品**需要大面积铺开也不显乱，**墙纸墙布**要求对花准确、远看有层次，**文创礼品**则常用定位构图突出主体。

下面按品类列出近期上新的作品，点击作品可查看可授权的品类与价格；在[作品列表](/work)中还可以按风格、颜色和是否四方连续继续筛选。
`),
      grid('服装面料', { kid: 100, sort: 'newest' }, 5),
      grid('家纺床品', { kid: 200, sort: 'newest' }, 5),
      grid('墙纸墙布', { kid: 300, sort: 'newest' }, 5),
      grid('文创礼品', { kid: 600, sort: 'newest' }, 5),
    ],
  },
  four: {
    title: '四方连续',
    summary: '一个单元向上下左右无限重复的图案，面料与墙纸最常用的花型结构。',
    banner: {
      title: '四方连续：一个单元，铺满整匹布',
      link: '/work?seamless=1',
      palette: { from: '#1d4ed8', to: '#0891b2' },
      motif: 'grid',
    },
    blocks: () => [
      text(`
## 什么是四方连续

四方连续是把一个图案单元（也叫“回位”或“循环”）向**上、下、左、右四个方向**重复排列，拼接处看不出接缝，可以无限延伸。数码印花、圆网印花和墙纸生产都按循环单元制版，所以面料、床品、墙纸上的满印图案几乎都是四方连续。

## 常见的接版方式

- **平接**：单元上下左右直接对齐，排列规整，适合格纹、几何；
- **跳接（半跳）**：下一行错开半个单元，花朵分布更自然，碎花和佩斯利常用；
- **自由连续**：元素跨越单元边界穿插，看不出规律，适合写意花卉和水彩。

## 购买前怎么检查

打开作品详情，看预览图的边缘：四方连续作品的左右、上下边缘可以首尾相接。纹样上标注“四方连续”的作品均由设计师按循环单元交付原图，买家可直接用于制版。
`),
      grid('热门四方连续作品', { tag: '四方连续', sort: 'popular' }, 15),
    ],
  },
  pattern: {
    title: '花型精选',
    summary: '花卉花型精选：从写意水彩到规整碎花，适合女装、家纺与包装。',
    banner: {
      title: '花卉花型精选',
      link: '/work?style=floral',
      palette: { from: '#be185d', to: '#f59e0b' },
      motif: 'dots',
    },
    blocks: () => [
      text(`
花卉是面料花型里需求最大的一类。挑选时可以从三个方面比较：

- **花头大小**：小碎花适合衬衫、童装，大花头适合连衣裙、窗帘；
- **底色与套色**：套色越少，印花成本越低；深底花型更耐脏，适合秋冬；
- **排列密度**：满地花显得热闹，清地花更素雅、留白多。

下面是设计师们最新发布的花卉作品。
`),
      grid('最新花卉花型', { keyword: '花卉', sort: 'newest' }, 15),
    ],
  },
  'popular-pattern': {
    title: '热门花型',
    summary: '按收藏与浏览排出的热门作品，看看买家最近在关注什么。',
    banner: {
      title: '大家都在看的热门花型',
      link: '/popularPatterns',
      palette: { from: '#b91c1c', to: '#ea580c' },
      motif: 'waves',
    },
    blocks: () => [
      text(`
热门花型按作品的**收藏数**排序，收藏相同时比较**浏览量**，数据每天随买家的操作更新。热门不等于撞图风险：如果需要在某个品类内独家使用，请选择“品类独家”授权。

完整的排行请看[热门花型榜](/popularPatterns)与[趋势爆款](/trendPop)。
`),
      grid('收藏最多的作品', { sort: 'popular' }, 20),
    ],
  },
  recommend: {
    title: '编辑推荐',
    summary: '平台编辑从各个风格中挑出的代表作品，每种风格一件。',
    banner: {
      title: '编辑推荐：每种风格挑一件',
      link: '/theme',
      palette: { from: '#334155', to: '#0f766e' },
      motif: 'grid',
    },
    blocks: (c) => [
      text(`
花型风格很多，不知道从哪里开始时，可以先看这一组：编辑从花卉、几何、佩斯利、民族、卡通、水彩等每种风格中，各挑选一件收藏最多的作品。喜欢哪一种，点进作品详情后可以继续看“相似作品”。
`),
      ...(c.picks.length > 0
        ? [
            {
              type: 'works',
              title: '各风格代表作',
              source: 'list',
              query: { sort: 'popular' },
              workIds: c.picks,
              limit: Math.min(c.picks.length, 40),
            } satisfies TopicBlockInput,
          ]
        : []),
    ],
  },
  seamless: {
    title: '无缝拼接',
    summary: '无缝拼接的原理、检查方法，以及可直接制版的无缝作品。',
    banner: {
      title: '无缝拼接：接缝处看不出痕迹',
      link: '/work?seamless=1',
      palette: { from: '#0369a1', to: '#4f46e5' },
      motif: 'waves',
    },
    blocks: () => [
      text(`
## 无缝拼接是什么

无缝拼接指图案单元的**右边缘能接上左边缘、下边缘能接上上边缘**，线条、颜色和元素在接缝处完整衔接。只有无缝的图案才能做成满印面料和墙纸，否则成品上每隔一个单元就会出现一道“断线”。

## 三步自查

1. 把单元图复制成 2×2 排列，看十字接缝处是否有断线、色差或重复的元素挤在一起；
2. 缩小到 25% 观察整体，检查是否出现明显的横条或竖条（“排版感”太强）；
3. 确认原图分辨率：面料数码印花一般需要 150–300 dpi 的实际尺寸。

## 在纹样上

作品详情标有“四方连续”的作品都是无缝单元；在[作品列表](/work?seamless=1)中勾选“四方连续”即可只看无缝作品。
`),
      grid('最新的无缝作品', { seamless: true, sort: 'newest' }, 15),
    ],
  },
  stylist: {
    title: '入驻设计师',
    summary: '在纹样开店的设计师与设计公司，各有擅长的风格。',
    banner: {
      title: '认识纹样的设计师',
      link: '/application/spread',
      palette: { from: '#4338ca', to: '#9333ea' },
      motif: 'dots',
    },
    blocks: (c) => [
      text(`
纹样的设计师都经过入驻审核和实名认证，作品由本人原创并享有版权。关注设计师后，TA 发布新作品时你会第一时间看到；有定制需求时，也可以在[图案定制](/demand)发布需求，邀请擅长该风格的设计师投稿。
`),
      ...(c.designerIds.length > 0
        ? [
            {
              type: 'designers',
              title: '已入驻的设计师',
              designerIds: c.designerIds.slice(0, 24),
            } satisfies TopicBlockInput,
          ]
        : []),
      text(`
你也是设计师？[申请入驻](/application/spread)，上传作品，买家授权后即可获得收益。
`),
    ],
  },
  theme: {
    title: '主题灵感',
    summary: '国潮、民族与节庆：按主题整理的图案灵感。',
    banner: {
      title: '西南民族纹样的当代表达',
      link: '/theme',
      palette: { from: '#9a3412', to: '#7c2d12' },
      motif: 'grid',
    },
    blocks: () => [
      text(`
主题把不同设计师、不同风格的作品按一个灵感串在一起：苗绣与蜡染的几何与鸟纹、适合春节礼盒的吉祥文字、童装常用的卡通动物……做产品企划时，先定主题再选花型，系列感会更强。

全部主题见[主题页](/theme)。下面是带有民族元素的作品。
`),
      grid('民族纹样', { keyword: '民族', sort: 'popular' }, 10),
      grid('国潮风格', { tag: '国潮', sort: 'newest' }, 10),
    ],
  },
  trend: {
    title: '流行趋势',
    summary: '下一季面料花型的流行方向：色彩、题材与适用品类。',
    banner: {
      title: '春夏流行趋势：清新色与自然题材',
      link: '/trendPop',
      palette: { from: '#16a34a', to: '#0ea5e9' },
      motif: 'waves',
    },
    blocks: () => [
      text(`
## 春夏季的三个方向

- **自然与植物**：写意花卉、叶片与水彩笔触，底色偏浅，适合女装连衣裙和家纺；
- **清爽撞色**：薄荷绿、天蓝与柠檬黄的小面积撞色，用在童装、泳装和帆布袋上；
- **柔和几何**：圆角色块和波点代替硬朗线条，适合床品与文创。

买家在春夏款开发时通常提前 4–6 个月选花，建议现在就开始收藏和打样。更多数据见[趋势爆款](/trendPop)。
`),
      grid('春夏新作', { tag: '春夏', sort: 'newest' }, 15),
      grid('清新风格', { tag: '清新', sort: 'popular' }, 10),
    ],
  },
  video: {
    title: '视频专区',
    summary: '花型做成产品后是什么样子：看效果要注意什么。',
    banner: {
      title: '看花型在产品上的效果',
      link: '/work',
      palette: { from: '#0f172a', to: '#475569' },
      motif: 'dots',
    },
    blocks: () => [
      text(`
## 静态图看不出的东西

一张花型在屏幕上好看，做成产品后未必同样出彩。评估时请想象它在产品上“动起来”的样子：

- **垂坠与褶皱**：连衣裙、窗帘会形成褶皱，大花头会被折断，小碎花更耐看；
- **比例**：同一单元印在抱枕上和床单上，大小感受完全不同，下单前请确认实际循环尺寸；
- **远近**：墙纸要在三米外看整体节奏，在一米内看细节是否粗糙。

## 怎么预览

在作品详情中放大预览图，并打开“四方连续”作品的平铺效果；如需打样，请先购买授权后下载原图。设计师上传的作品演示视频会在这里陆续展出。
`),
      grid('适合大面积铺开的无缝作品', { seamless: true, sort: 'bestselling' }, 10),
    ],
  },
};

/** Composes and publishes every topic page not yet published, from the demo catalogue. */
export async function seedTopics(deps: Pick<AppDeps, 'db' | 'storage'>): Promise<void> {
  const { db, storage } = deps;
  const designers = await db
    .selectFrom('users')
    .select('id')
    .where('settle_status', '=', 1)
    .where('designer_status', '!=', 0)
    .orderBy('id')
    .execute();
  const works = await db
    .selectFrom('works')
    .select(['id', 'style'])
    .where('status', '=', 'published')
    .orderBy('favourite_count', 'desc')
    .orderBy('id')
    .execute();
  const picks = new Map<string, number>();
  for (const w of works) if (!picks.has(w.style)) picks.set(w.style, w.id);
  const catalogue: Catalogue = {
    designerIds: designers.map((d) => d.id),
    picks: [...picks.values()].slice(0, 40),
  };
  const at = new Date().toISOString();
  for (const [slug, plan] of Object.entries(TOPICS)) {
    const row = await db
      .selectFrom('topics')
      .select(['published_json'])
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (row?.published_json) continue;
    const imageKey = `public/topics/seed-${slug}.png`;
    await storage.put(
      imageKey,
      await topicBannerImage(plan.banner.palette, plan.banner.motif),
      'image/png',
    );
    const blocks: TopicBlockInput[] = [
      { type: 'banner', title: plan.banner.title, imageKey, link: plan.banner.link },
      ...plan.blocks(catalogue),
    ];
    const values = {
      title: plan.title,
      summary: plan.summary,
      draft_json: JSON.stringify(blocks),
      published_json: JSON.stringify(blocks),
      published_title: plan.title,
      published_summary: plan.summary,
      published_at: at,
      revision: 1,
      published_revision: 1,
      updated_at: at,
    };
    if (row) await db.updateTable('topics').set(values).where('slug', '=', slug).execute();
    else
      await db
        .insertInto('topics')
        .values({ slug, ...values })
        .execute();
  }
}
