import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { WorkCard } from './common';
import { apiPath, defineCall } from './define';
import { DesignerCard } from './designers';
import { Banner } from './home';

// Editorial content (issue 13): the eleven /pageChild/* topic pages, composed in the back office
// from ordered blocks, and the home-top banner carousel served by saas.Advertise (docs/topics.md).

/** The /pageChild/{slug} pages of spec §2, one topic each. */
export const TOPIC_SLUGS = [
  'case',
  'category-dialog',
  'four',
  'pattern',
  'popular-pattern',
  'recommend',
  'seamless',
  'stylist',
  'theme',
  'trend',
  'video',
] as const;
export type TopicSlug = (typeof TOPIC_SLUGS)[number];

const Slug = Type.Union(
  TOPIC_SLUGS.map((s) => Type.Literal(s)),
  { description: '专题页别名（/pageChild/ 之后的部分）' },
);

/** Limits of a topic and its blocks, checked in the editor and again on the server. */
export const TOPIC_LIMITS = {
  titleMax: 40,
  summaryMax: 200,
  blocksMax: 30,
  blockTitleMax: 60,
  markdownMax: 20_000,
  linkMax: 300,
  keyMax: 300,
  workIdsMax: 60,
  designerIdsMax: 24,
  gridLimitMax: 40,
  tagMax: 20,
  keywordMax: 30,
} as const;

export const WORK_GRID_SORTS = ['newest', 'popular', 'bestselling'] as const;

// The strict shape of each block as an editor sends it. The server checks a topic's blocks against
// this union itself (TopicBlockInput) so each refusal names the block; the request carries them
// loosely (see saveTopic) because ajv's removeAdditional would strip fields while trying branches.
const strict = { additionalProperties: false } as const;

export const BannerBlockInput = Type.Object(
  {
    type: Type.Literal('banner'),
    title: Type.String({ maxLength: TOPIC_LIMITS.blockTitleMax }),
    /** A public storage key (public/…) or a fresh upload's fileKey (private/uploads/…). */
    imageKey: Type.String({ maxLength: TOPIC_LIMITS.keyMax }),
    /** Our path (/…) or an https address; '' for none. */
    link: Type.String({ maxLength: TOPIC_LIMITS.linkMax }),
  },
  strict,
);

export const TextBlockInput = Type.Object(
  {
    type: Type.Literal('text'),
    markdown: Type.String({ maxLength: TOPIC_LIMITS.markdownMax }),
  },
  strict,
);

export const WorkGridQuery = Type.Object(
  {
    /** A category (its sub-categories included). */
    kid: Type.Optional(Type.Integer({ minimum: 1 })),
    /** One of the works' tags, exactly (e.g. 四方连续). */
    tag: Type.Optional(Type.String({ maxLength: TOPIC_LIMITS.tagMax })),
    /** Words in the title or tags. */
    keyword: Type.Optional(Type.String({ maxLength: TOPIC_LIMITS.keywordMax })),
    seamless: Type.Optional(Type.Boolean()),
    sort: Type.Union(WORK_GRID_SORTS.map((s) => Type.Literal(s))),
  },
  strict,
);
export type WorkGridQuery = Static<typeof WorkGridQuery>;

export const WorksBlockInput = Type.Object(
  {
    type: Type.Literal('works'),
    title: Type.String({ maxLength: TOPIC_LIMITS.blockTitleMax }),
    /** query: published works matching `query`; list: the works of `workIds`, in that order. */
    source: Type.Union([Type.Literal('query'), Type.Literal('list')]),
    query: WorkGridQuery,
    workIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: TOPIC_LIMITS.workIdsMax }),
    /** How many works a query shows. */
    limit: Type.Integer({ minimum: 1, maximum: TOPIC_LIMITS.gridLimitMax }),
  },
  strict,
);

export const DesignersBlockInput = Type.Object(
  {
    type: Type.Literal('designers'),
    title: Type.String({ maxLength: TOPIC_LIMITS.blockTitleMax }),
    designerIds: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: TOPIC_LIMITS.designerIdsMax,
    }),
  },
  strict,
);

export const VideoBlockInput = Type.Object(
  {
    type: Type.Literal('video'),
    title: Type.String({ maxLength: TOPIC_LIMITS.blockTitleMax }),
    /** An .mp4/.webm file: ours (/files/public/…) or at an https address; never an embed page. */
    src: Type.String({ maxLength: TOPIC_LIMITS.linkMax }),
    /** A still shown before playing: a public key or a fresh upload's fileKey; '' for none. */
    posterKey: Type.String({ maxLength: TOPIC_LIMITS.keyMax }),
  },
  strict,
);

export const TopicBlockInput = Type.Union([
  BannerBlockInput,
  TextBlockInput,
  WorksBlockInput,
  DesignersBlockInput,
  VideoBlockInput,
]);
export type TopicBlockInput = Static<typeof TopicBlockInput>;
export type TopicBlockType = TopicBlockInput['type'];
export const TOPIC_BLOCK_TYPES: readonly TopicBlockType[] = [
  'banner',
  'text',
  'works',
  'designers',
  'video',
];

/** What a reader gets of each block: links resolved, Markdown as sanitised HTML, works as cards. */
export const TopicBlockView = Type.Union([
  Type.Object({
    type: Type.Literal('banner'),
    title: Type.String(),
    imageUrl: Type.String(),
    link: Type.String(),
  }),
  Type.Object({ type: Type.Literal('text'), html: Type.String() }),
  Type.Object({ type: Type.Literal('works'), title: Type.String(), works: Type.Array(WorkCard) }),
  Type.Object({
    type: Type.Literal('designers'),
    title: Type.String(),
    designers: Type.Array(DesignerCard),
  }),
  Type.Object({
    type: Type.Literal('video'),
    title: Type.String(),
    src: Type.String(),
    posterUrl: Type.String(),
  }),
]);
export type TopicBlockView = Static<typeof TopicBlockView>;

export const TopicView = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  blocks: Type.Array(TopicBlockView),
  /** When this version was published (ISO); '' in a preview. */
  publishedAt: Type.String(),
});
export type TopicView = Static<typeof TopicView>;

export const getTopic = defineCall({
  name: 'Topic/GetTopic',
  path: apiPath('Topic', 'GetTopic'),
  auth: 'optional',
  tag: 'topics',
  summary: '专题页（/pageChild/*）的已发布内容：横幅、图文、作品、设计师、视频区块',
  request: Type.Object({ slug: Slug }),
  response: TopicView,
});

export const TopicSummary = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  blockCount: Type.Integer(),
  /** '' when never published. */
  publishedAt: Type.String(),
  updatedAt: Type.String(),
  /** The saved draft differs from what readers see. */
  unpublishedChanges: Type.Boolean(),
});
export type TopicSummary = Static<typeof TopicSummary>;

export const getTopicList = defineCall({
  name: 'Admin/GetTopicList',
  path: apiPath('Admin', 'GetTopicList'),
  auth: 'admin',
  tag: 'topics',
  summary: '后台：全部专题页及其发布状态',
  request: Type.Object({}),
  response: Type.Array(TopicSummary),
});

export const TopicSource = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  blocks: Type.Array(TopicBlockInput),
  /** Increases with every save; a save names the revision it was edited from. */
  revision: Type.Integer(),
  publishedAt: Type.String(),
  unpublishedChanges: Type.Boolean(),
});
export type TopicSource = Static<typeof TopicSource>;

export const getTopicSource = defineCall({
  name: 'Admin/GetTopicSource',
  path: apiPath('Admin', 'GetTopicSource'),
  auth: 'admin',
  tag: 'topics',
  summary: '后台：专题页的草稿（区块原文），用于编辑',
  request: Type.Object({ slug: Slug }),
  response: TopicSource,
});

/** Blocks as the request carries them: checked block by block against TopicBlockInput on the server. */
const LooseBlocks = Type.Array(
  Type.Object(
    { type: Type.String({ maxLength: 20 }) },
    {
      additionalProperties: true,
      description: '区块（按 type 校验：banner/text/works/designers/video）',
    },
  ),
  { maxItems: 100 },
);

const TopicDraft = {
  slug: Slug,
  title: Type.String({ maxLength: 200 }),
  summary: Type.String({ maxLength: 1000, default: '' }),
  blocks: LooseBlocks,
};

export const saveTopic = defineCall({
  name: 'Admin/SaveTopic',
  path: apiPath('Admin', 'SaveTopic'),
  auth: 'admin',
  tag: 'topics',
  summary: '后台：保存专题草稿（区块逐个校验；从旧版本保存会被拒绝）',
  request: Type.Object({ ...TopicDraft, revision: Type.Integer({ minimum: 0 }) }),
  response: TopicSource,
});

export const previewTopic = defineCall({
  name: 'Admin/PreviewTopic',
  path: apiPath('Admin', 'PreviewTopic'),
  auth: 'admin',
  tag: 'topics',
  summary: '后台：按编辑中的区块预览专题页（不保存）',
  request: Type.Object(TopicDraft),
  response: TopicView,
});

export const publishTopic = defineCall({
  name: 'Admin/PublishTopic',
  path: apiPath('Admin', 'PublishTopic'),
  auth: 'admin',
  tag: 'topics',
  summary: '后台：发布专题的已保存草稿（指定修订号）',
  request: Type.Object({ slug: Slug, revision: Type.Integer({ minimum: 1 }) }),
  response: TopicSource,
});

// Home-top banners (saas.Advertise), edited in the back office.

export const BANNER_LIMITS = { titleMax: 60, linkMax: 300, zoneMax: 64 } as const;

export const AdminBanner = Type.Object({
  ...Banner.properties,
  zoneName: Type.String(),
  /** The stored image (public/…). */
  imageKey: Type.String(),
  enabled: Type.Boolean(),
  /** ISO times; '' for open-ended. */
  startsAt: Type.String(),
  endsAt: Type.String(),
  sort: Type.Integer(),
  /** Shown on the site right now (enabled and inside its window). */
  live: Type.Boolean(),
});
export type AdminBanner = Static<typeof AdminBanner>;

const Zone = Type.String({
  minLength: 1,
  maxLength: BANNER_LIMITS.zoneMax,
  description: '广告位名称',
});

export const getBannerList = defineCall({
  name: 'Admin/GetBannerList',
  path: apiPath('Admin', 'GetBannerList'),
  auth: 'admin',
  tag: 'home',
  summary: '后台：广告位的全部横幅（含停用与不在投放时间内的），按顺序',
  request: Type.Object({ zoneName: Zone }),
  response: Type.Array(AdminBanner),
});

export const saveBanner = defineCall({
  name: 'Admin/SaveBanner',
  path: apiPath('Admin', 'SaveBanner'),
  auth: 'admin',
  tag: 'home',
  summary: '后台：新增（无 bannerId）或修改横幅：图片按内容校验，链接限本站路径或 https，投放时间',
  request: Type.Object({
    bannerId: Type.Optional(Type.Integer({ minimum: 1 })),
    zoneName: Zone,
    title: Type.String({ maxLength: 200 }),
    imageKey: Type.String({ maxLength: TOPIC_LIMITS.keyMax }),
    linkUrl: Type.String({ maxLength: 1000 }),
    linkTarget: Type.Union([Type.Literal('_self'), Type.Literal('_blank')]),
    enabled: Type.Boolean(),
    startsAt: Type.String({ maxLength: 40, default: '' }),
    endsAt: Type.String({ maxLength: 40, default: '' }),
  }),
  response: AdminBanner,
});

export const setBannerEnabled = defineCall({
  name: 'Admin/SetBannerEnabled',
  path: apiPath('Admin', 'SetBannerEnabled'),
  auth: 'admin',
  tag: 'home',
  summary: '后台：启用或停用一条横幅',
  request: Type.Object({ bannerId: Type.Integer({ minimum: 1 }), enabled: Type.Boolean() }),
  response: AdminBanner,
});

export const sortBanners = defineCall({
  name: 'Admin/SortBanners',
  path: apiPath('Admin', 'SortBanners'),
  auth: 'admin',
  tag: 'home',
  summary: '后台：按给定顺序排列一个广告位的全部横幅',
  request: Type.Object({
    zoneName: Zone,
    bannerIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 }),
  }),
  response: Type.Array(AdminBanner),
});
