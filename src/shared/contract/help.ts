import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { apiPath, defineCall } from './define';

// Help centre and site information (issue 13, docs/help.md): categories of Markdown articles for
// buyers (/help, Help/GetHelpList, GetHelpInfo) and for designers (/helpCenter, GetDesignHelpList,
// GetDesignHelpInfo), searchable by words; Support/GetBasicInfo feeds /about and the footer.
// Admins edit both audiences in /admin/help.

/** Who a help category is written for: buyers (/help) or designers (/helpCenter). */
export const HELP_AUDIENCES = ['buyer', 'designer'] as const;
export type HelpAudience = (typeof HELP_AUDIENCES)[number];

/** A category alias is the `active` segment of /help/{active}/{page} and /helpCenter/{active}. */
export const HELP_ALIAS_PATTERN = '^[a-z][a-z0-9-]{1,31}$';
export const HELP_CATEGORY_TITLE_MAX = 20;
export const HELP_ARTICLE_TITLE_MAX = 60;
export const HELP_BODY_MIN = 10;
export const HELP_BODY_MAX = 30_000;
export const HELP_KEYWORD_MAX = 64;

const Audience = Type.Union([Type.Literal('buyer'), Type.Literal('designer')]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const HelpArticleLink = Type.Object({ id: Type.Integer(), title: Type.String() });
export const HelpCategory = Type.Object({
  alias: Type.String(),
  title: Type.String(),
  articles: Type.Array(HelpArticleLink),
});
export type HelpCategory = Static<typeof HelpCategory>;

export const HelpSearchHit = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  categoryAlias: Type.String(),
  categoryTitle: Type.String(),
  /** A line of the article's text around the first word found (plain text). */
  excerpt: Type.String(),
});
export type HelpSearchHit = Static<typeof HelpSearchHit>;

const HelpListRequest = Type.Object({
  /** Words to search for; empty lists the categories only. */
  keyword: Type.String({ maxLength: HELP_KEYWORD_MAX, default: '' }),
});
export const HelpList = Type.Object({
  categories: Type.Array(HelpCategory),
  /** Published articles containing every word of the keyword, best first (empty without one). */
  hits: Type.Array(HelpSearchHit),
});
export type HelpList = Static<typeof HelpList>;

export const HelpArticle = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  categoryAlias: Type.String(),
  categoryTitle: Type.String(),
  /** The text, rendered from Markdown and sanitised on the server. */
  html: Type.String(),
  updatedAt: Type.String(),
});
export type HelpArticle = Static<typeof HelpArticle>;

export const getHelpList = defineCall({
  name: 'Help/GetHelpList',
  path: apiPath('Help', 'GetHelpList'),
  tag: 'help',
  summary: '买家帮助中心：已发布的分类与文章目录；带关键词时按词搜索文章',
  request: HelpListRequest,
  response: HelpList,
});

export const getHelpInfo = defineCall({
  name: 'Help/GetHelpInfo',
  path: apiPath('Help', 'GetHelpInfo'),
  tag: 'help',
  summary: '买家帮助中心：一篇已发布的文章，正文为服务端渲染并净化的 HTML',
  request: Type.Object({ id: Id }),
  response: HelpArticle,
});

export const getDesignHelpList = defineCall({
  name: 'Help/GetDesignHelpList',
  path: apiPath('Help', 'GetDesignHelpList'),
  tag: 'help',
  summary: '设计师帮助中心：已发布的分类与文章目录；带关键词时按词搜索文章',
  request: HelpListRequest,
  response: HelpList,
});

export const getDesignHelpInfo = defineCall({
  name: 'Help/GetDesignHelpInfo',
  path: apiPath('Help', 'GetDesignHelpInfo'),
  tag: 'help',
  summary: '设计师帮助中心：一篇已发布的文章，正文为服务端渲染并净化的 HTML',
  request: Type.Object({ id: Id }),
  response: HelpArticle,
});

/** Support/GetBasicInfo: the platform's contact block and outside links, from the server's config. */
export const BasicInfo = Type.Object({
  hotline: Type.String(),
  hours: Type.String(),
  /** In-site path of the online consultation entry (在线咨询). */
  consultationPath: Type.String(),
  /** What the mini-program and official-account QR codes open. */
  miniProgramUrl: Type.String(),
  officialAccountUrl: Type.String(),
  /** External design cloud (DESIGN_CLOUD_URL); null hides the link. */
  designCloudUrl: Type.Union([Type.String(), Type.Null()]),
  /** External designer-info site (DESIGNER_INFO_URL); null means our own settle-in page. */
  designerInfoUrl: Type.Union([Type.String(), Type.Null()]),
});
export type BasicInfo = Static<typeof BasicInfo>;

export const getBasicInfo = defineCall({
  name: 'Support/GetBasicInfo',
  path: apiPath('Support', 'GetBasicInfo'),
  tag: 'help',
  summary: '平台联系信息：客服热线、服务时间、在线咨询入口、二维码目标与外部链接',
  request: Type.Object({}),
  response: BasicInfo,
});

// The back office (/admin/help).

export const HelpAdminArticle = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  published: Type.Boolean(),
  updatedAt: Type.String(),
});
export const HelpAdminCategory = Type.Object({
  id: Type.Integer(),
  alias: Type.String(),
  title: Type.String(),
  published: Type.Boolean(),
  articles: Type.Array(HelpAdminArticle),
});
export type HelpAdminCategory = Static<typeof HelpAdminCategory>;

export const getHelpTree = defineCall({
  name: 'Admin/GetHelpTree',
  path: apiPath('Admin', 'GetHelpTree'),
  auth: 'admin',
  tag: 'help',
  summary: '后台：一类读者的全部帮助分类与文章（含未发布），按顺序',
  request: Type.Object({ audience: Audience }),
  response: Type.Array(HelpAdminCategory),
});

export const saveHelpCategory = defineCall({
  name: 'Admin/SaveHelpCategory',
  path: apiPath('Admin', 'SaveHelpCategory'),
  auth: 'admin',
  tag: 'help',
  summary: '后台：新建（不带 id）或修改帮助分类的名称与别名',
  request: Type.Object({
    id: Type.Optional(Id),
    audience: Audience,
    alias: Type.String({ maxLength: 40 }),
    title: Type.String({ maxLength: 40 }),
  }),
  response: Type.Object({ id: Type.Integer() }),
});

export const getHelpArticleSource = defineCall({
  name: 'Admin/GetHelpArticleSource',
  path: apiPath('Admin', 'GetHelpArticleSource'),
  auth: 'admin',
  tag: 'help',
  summary: '后台：一篇帮助文章的 Markdown 原文（含未发布）',
  request: Type.Object({ id: Id }),
  response: Type.Object({
    id: Type.Integer(),
    categoryId: Type.Integer(),
    title: Type.String(),
    markdown: Type.String(),
    published: Type.Boolean(),
  }),
});

export const saveHelpArticle = defineCall({
  name: 'Admin/SaveHelpArticle',
  path: apiPath('Admin', 'SaveHelpArticle'),
  auth: 'admin',
  tag: 'help',
  summary: '后台：新建（不带 id，未发布）或修改帮助文章的分类、标题与 Markdown 正文',
  request: Type.Object({
    id: Type.Optional(Id),
    categoryId: Id,
    title: Type.String({ maxLength: 120 }),
    markdown: Type.String({ maxLength: HELP_BODY_MAX }),
  }),
  response: Type.Object({ id: Type.Integer() }),
});

const HelpItemKind = Type.Union([Type.Literal('category'), Type.Literal('article')]);

export const setHelpPublished = defineCall({
  name: 'Admin/SetHelpPublished',
  path: apiPath('Admin', 'SetHelpPublished'),
  auth: 'admin',
  tag: 'help',
  summary: '后台：发布或下线一个帮助分类或文章',
  request: Type.Object({ kind: HelpItemKind, id: Id, published: Type.Boolean() }),
  response: Type.Object({ published: Type.Boolean() }),
});

export const moveHelpItem = defineCall({
  name: 'Admin/MoveHelpItem',
  path: apiPath('Admin', 'MoveHelpItem'),
  auth: 'admin',
  tag: 'help',
  summary: '后台：把帮助分类或文章在同级中上移或下移一位',
  request: Type.Object({
    kind: HelpItemKind,
    id: Id,
    direction: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  }),
  response: Type.Object({ moved: Type.Boolean() }),
});

export const previewHelpMarkdown = defineCall({
  name: 'Admin/PreviewHelpMarkdown',
  path: apiPath('Admin', 'PreviewHelpMarkdown'),
  auth: 'admin',
  tag: 'help',
  summary: '后台：预览 Markdown 渲染并净化后的 HTML（不保存）',
  request: Type.Object({ markdown: Type.String({ maxLength: HELP_BODY_MAX }) }),
  response: Type.Object({ html: Type.String() }),
});
