import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, WorkCard } from './common';
import { apiPath, defineCall, sapiPath } from './define';

/** A pasted paragraph is still searched (its first 64 characters); only the body limit is beyond. */
const KEYWORD_INPUT_MAX = 100_000;
import { WorkFilters } from './works';

// Word search (§1 "word search", §2 /search/wordSearch and the header's search box).

/** A piece of a text; `hit` pieces are what the search matched, shown highlighted. */
export const HighlightPart = Type.Object({ text: Type.String(), hit: Type.Boolean() });
export type HighlightPart = Static<typeof HighlightPart>;

/** Largest page of search results. */
export const SEARCH_PAGE_SIZE_MAX = 100;

/** A found work: its card, its title cut into highlighted parts, and the tags that matched. */
export const WordSearchHit = Type.Object({
  ...WorkCard.properties,
  titleParts: Type.Array(HighlightPart),
  matchedTags: Type.Array(Type.String()),
});
export type WordSearchHit = Static<typeof WordSearchHit>;

export const getSearchCreationList = defineCall({
  name: 'Creation/GetSearchCreationList',
  path: sapiPath('tu-zp/api/Creation/GetSearchCreationList'),
  tag: 'search',
  summary:
    '按关键词搜索作品：分词后各词同时命中（可前缀；近义词、拼音与首字母、繁体、英文与小的错字亦可，权重较低），按命中位置（标题 3、标签/设计师 2、品类/描述 1）与人气排序；可按品类、颜色、风格、四方连续筛选，或按最新/人气/销量排序',
  request: Type.Object({
    keyword: Type.String({
      default: '',
      maxLength: KEYWORD_INPUT_MAX,
      description: '关键词，任意文字；只取前 64 个字符，最多 8 个词',
    }),
    // The /work filters (headerType, kid, color, style, seamless) and sort; no sort = relevance.
    ...WorkFilters,
    pageIndex: PageQuery.pageIndex,
    pageSize: Type.Integer({
      minimum: 1,
      maximum: SEARCH_PAGE_SIZE_MAX,
      default: 20,
      description: '每页条数（最多 100）',
    }),
  }),
  response: Type.Object({
    list: Type.Array(WordSearchHit),
    total: Type.Integer({ minimum: 0 }),
    /** The words searched for, after segmentation (empty when the keyword has none). */
    terms: Type.Array(Type.String()),
    /** Words no work has, left out because the other words found works. */
    ignored: Type.Optional(Type.Array(Type.String())),
  }),
});

/** What AI search finds by the words of a sentence: all its words, or failing that, most of them. */
export const AiWordHits = Type.Object({
  list: Type.Array(WordSearchHit),
  /** Works meeting every condition of the sentence; they come first in `list`. */
  total: Type.Integer({ minimum: 0 }),
  terms: Type.Array(Type.String()),
  /** `list` goes on past the exact works, with conditions loosened (see `loosened`). */
  relaxed: Type.Boolean(),
  /** Colour, style and use read from the sentence (颜色：蓝, 风格：花卉, 用途：童装). */
  understood: Type.Array(Type.String()),
  /** Conditions loosened, in order, for the works after the exact ones (适合童装, 小碎花). */
  loosened: Type.Optional(Type.Array(Type.String())),
  /** What to tell the buyer about them: 没有同时满足全部条件的作品，已放宽「适合童装」. */
  notice: Type.Optional(Type.String()),
});
export type AiWordHits = Static<typeof AiWordHits>;

export const getAiWordHits = defineCall({
  name: 'Creation/GetAiWordHits',
  path: apiPath('Creation', 'GetAiWordHits'),
  tag: 'search',
  summary:
    'AI 搜索的文字部分：句中的颜色、风格作为筛选，用途（品类、季节）与其余词语须命中，“适合、一些、的”等无义词忽略；完全符合的作品在前，不足一页时依次放宽其余词语、用途、风格、颜色并说明（最多 100 件）',
  request: Type.Object({
    sentence: Type.String({
      default: '',
      maxLength: KEYWORD_INPUT_MAX,
      description: '一句描述，如“蓝色小碎花 适合童装”；分词同关键词搜索',
    }),
  }),
  response: AiWordHits,
});

export const SuggestionKind = Type.Union([
  Type.Literal('keyword'),
  Type.Literal('work'),
  Type.Literal('designer'),
  Type.Literal('category'),
  Type.Literal('theme'),
]);
export type SuggestionKind = Static<typeof SuggestionKind>;

/** One suggestion while typing: a keyword to search, a work (`workId`) or a theme (`themeId`) to open. */
export const SearchSuggestion = Type.Object({
  kind: SuggestionKind,
  /** What to search for (or the work's title). */
  text: Type.String(),
  parts: Type.Array(HighlightPart),
  /** How many works the suggestion finds (0 when not counted). */
  count: Type.Integer({ minimum: 0 }),
  workId: Type.Optional(Type.Integer()),
  themeId: Type.Optional(Type.Integer()),
});
export type SearchSuggestion = Static<typeof SearchSuggestion>;

export const getSearchRecommend = defineCall({
  name: 'Creation/GetSearchRecommend',
  path: apiPath('Creation', 'GetSearchRecommend'),
  tag: 'search',
  summary: '输入联想：补全关键词，并推荐匹配的作品标题、标签、主题、设计师与品类',
  request: Type.Object({
    keyword: Type.String({
      default: '',
      maxLength: KEYWORD_INPUT_MAX,
      description: '已输入的文字（只取前 64 个字符）',
    }),
    limit: Type.Integer({ minimum: 1, maximum: 20, default: 10, description: '最多条数' }),
  }),
  response: Type.Object({ list: Type.Array(SearchSuggestion) }),
});

export const HotTag = Type.Object({
  tag: Type.String(),
  /** How many of the popular works sampled carry it. */
  count: Type.Integer({ minimum: 0 }),
});
export type HotTag = Static<typeof HotTag>;

export const getHotTags = defineCall({
  name: 'Creation/GetHotTags',
  path: apiPath('Creation', 'GetHotTags'),
  tag: 'search',
  summary: '热门标签：人气作品最常用的标签',
  request: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 20, description: '最多条数' }),
  }),
  response: Type.Object({ list: Type.Array(HotTag) }),
});

/** A tag of the tag tree: its title and the keyword it searches. */
export const ThemeTag = Type.Object({ title: Type.String(), keyword: Type.String() });
export type ThemeTag = Static<typeof ThemeTag>;

export const ThemeTagGroup = Type.Object({
  key: Type.Union([Type.Literal('hot'), Type.Literal('style'), Type.Literal('category')]),
  title: Type.String(),
  tags: Type.Array(ThemeTag),
});
export type ThemeTagGroup = Static<typeof ThemeTagGroup>;

export const getThemeTagTree = defineCall({
  name: 'Theme/GetThemeTagTree',
  path: sapiPath('tu-zp/api/Theme/GetThemeTagTree'),
  tag: 'search',
  summary: '标签树：热门搜索词（由人气作品的标签计算）、风格与品类',
  request: Type.Object({}),
  response: Type.Object({
    hotKeywords: Type.Array(Type.String()),
    groups: Type.Array(ThemeTagGroup),
  }),
});
