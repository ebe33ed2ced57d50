import type { FastifyInstance } from 'fastify';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import type { WorkCard } from '@shared/contract/common';
import type { ThemeTagGroup } from '@shared/contract/word-search';
import {
  getAiWordHits,
  getHotTags,
  getSearchCreationList,
  getSearchRecommend,
  getThemeTagTree,
} from '@shared/contract/word-search';
import { registerCall } from '../../../http/register-call';
import { createTtlCache } from '../../../platform/cache/ttl-cache';
import { serviceOf } from '../../../plugins/services';
import { findAiWordHits } from './ai-words-service';
import { createHotTagsCache } from './hot-tags';
import { searchUnderstood } from './search-works';
import type { WordSearchInput, WordSearchResult } from './search-works';
import { understandQuery } from './query-understanding';
import { suggest } from './suggestions';
import { WORD_SEARCH_MSG } from './messages';

/** Hot keywords shown in the tag tree and the search box. */
const HOT_KEYWORD_COUNT = 10;
/**
 * A page of results is kept this long (popular keywords are searched again and again); any work
 * published, edited or withdrawn drops them all, so only counters and popularity order can lag.
 */
const RESULT_CACHE_MS = 10_000;
/** Cards are kept a little longer: only their counters can lag. */
const CARD_CACHE_MS = 30_000;

export function registerWordSearchRoutes(app: FastifyInstance): void {
  const { db } = app.deps;
  const index = serviceOf(app, 'wordIndex');
  const worksChanged = serviceOf(app, 'worksChanged');
  const hotTags = createHotTagsCache(db, app.deps.now);
  const results = createTtlCache<WordSearchResult>({
    ttlMs: RESULT_CACHE_MS,
    maxEntries: 2_000,
    now: app.deps.now,
  });
  // Cards of found works (title, designer, images…) change only with the work itself.
  const cards = createTtlCache<WorkCard>({
    ttlMs: CARD_CACHE_MS,
    maxEntries: 20_000,
    now: app.deps.now,
  });
  const stopListening = worksChanged.on(() => {
    results.clear();
    cards.clear();
  });
  app.addHook('onClose', async () => {
    stopListening();
  });

  const searchCached = async (input: WordSearchInput): Promise<WordSearchResult> => {
    await index.ready();
    // Keywords understood alike share one entry (花卉 and 花卉 🌸, 紋樣 and 纹样, floral and 花卉).
    const understood = understandQuery(input.keyword, index);
    const key = JSON.stringify({
      ...input,
      keyword: [understood.words.map((w) => w.group), understood.ignored],
      v: index.version,
    });
    // The query understood once, for the key and the search.
    return results.getOrLoad(key, () => searchUnderstood(db, index, understood, input, cards));
  };

  registerCall(app, getSearchCreationList, searchCached);

  registerCall(app, getAiWordHits, (input) => findAiWordHits({ db, index, cards }, input.sentence));

  registerCall(app, getSearchRecommend, async (input) => ({
    list: await suggest(
      db,
      index,
      input.keyword,
      input.limit,
      (await hotTags()).slice(0, HOT_KEYWORD_COUNT).map((t) => t.tag),
    ),
  }));

  registerCall(app, getHotTags, async (input) => ({
    list: (await hotTags()).slice(0, input.limit),
  }));

  registerCall(app, getThemeTagTree, async () => {
    const [tags, categories] = await Promise.all([
      hotTags(),
      db
        .selectFrom('categories')
        .select('title')
        .where('parent_kid', 'is', null)
        .orderBy('sort')
        .orderBy('kid')
        .execute(),
    ]);
    const hotKeywords = tags.slice(0, HOT_KEYWORD_COUNT).map((t) => t.tag);
    const groups: ThemeTagGroup[] = [
      {
        key: 'hot',
        title: WORD_SEARCH_MSG.groups.hot,
        tags: hotKeywords.map((k) => ({ title: k, keyword: k })),
      },
      {
        key: 'style',
        title: WORD_SEARCH_MSG.groups.style,
        tags: Object.values(WORK_STYLE_TITLES).map((t) => ({ title: t, keyword: t })),
      },
      {
        key: 'category',
        title: WORD_SEARCH_MSG.groups.category,
        tags: categories.map((c) => ({ title: c.title, keyword: c.title })),
      },
    ];
    return { hotKeywords, groups };
  });
}
