import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { SearchSuggestion } from '@shared/contract/word-search';
import type { Database } from '../../../db/schema';
import { publishedCardsQuery } from '../../works/work-cards';
import { highlightParts } from './highlight';
import { isLatinWord } from './pinyin-lexicon';
import { prepareQueryText, understandQuery } from './query-understanding';
import { normalizeSearchText, queryTerms } from './segmenter';
import type { WordIndex } from './word-index';

/** At most this many designers, categories and works among the suggestions. */
const MAX_NAMED = { designer: 2, category: 2, theme: 2, work: 3 } as const;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Suggestions while typing: the query with its last word completed (by how many works each
 * completion finds; a Latin word also by pinyin and initials: huah, hh → 花卉), hot keywords that
 * start with it, then designers and categories whose names contain the text, themes whose title
 * contains it (opened as a theme, not searched), then works.
 */
export async function suggest(
  db: Kysely<Database>,
  index: WordIndex,
  keyword: string,
  limit: number,
  hotKeywords: readonly string[] = [],
): Promise<SearchSuggestion[]> {
  await index.ready();
  // Simplified and with English read (紋樣 → 纹样, floral → 花卉), as a search reads it.
  const typed = prepareQueryText(keyword, index);
  const terms = queryTerms(typed);
  const last = terms.at(-1);
  if (!last) return [];
  const earlier = terms.slice(0, -1);
  const base = typed.endsWith(last) ? typed.slice(0, typed.length - last.length) : null;
  const pattern = likePattern(typed);

  const [designers, categories, themes] = await Promise.all([
    db
      .selectFrom('users')
      .select('user_name')
      .where('designer_status', '!=', 0)
      .where(sql<boolean>`lower(user_name) like ${pattern} escape '\\'`)
      .orderBy('id')
      .limit(MAX_NAMED.designer)
      .execute(),
    db
      .selectFrom('categories')
      .select('title')
      .where(sql<boolean>`lower(title) like ${pattern} escape '\\'`)
      .orderBy('sort')
      .orderBy('kid')
      .limit(MAX_NAMED.category)
      .execute(),
    db
      .selectFrom('themes')
      .select(['id', 'title'])
      .where(sql<boolean>`lower(title) like ${pattern} escape '\\'`)
      .orderBy('is_hot', 'desc')
      .orderBy('sort')
      .orderBy('id')
      .limit(MAX_NAMED.theme)
      .execute(),
  ]);
  const named = new Map<string, SearchSuggestion['kind']>([
    ...designers.map((d) => [d.user_name, 'designer'] as const),
    ...categories.map((c) => [c.title, 'category'] as const),
  ]);
  const countOf = (words: readonly string[]) =>
    index.search({ words, filters: {}, offset: 0, limit: 0 }).total;

  const suggestions: SearchSuggestion[] = [];
  const seen = new Set<string>();
  const add = (suggestion: SearchSuggestion) => {
    const key = normalizeSearchText(suggestion.text);
    if (seen.has(key) || suggestions.length >= limit) return;
    seen.add(key);
    suggestions.push(suggestion);
  };

  const namedCount = named.size + themes.length;
  const room = Math.max(1, limit - namedCount - MAX_NAMED.work);
  if (base !== null) {
    for (const { term } of index.completions(last, room)) {
      const text = `${base}${term}`;
      const count = countOf([...earlier, term]);
      if (count === 0) continue;
      add({ kind: named.get(text) ?? 'keyword', text, parts: highlightParts(text, terms), count });
    }
    const lexicon = index.lexicon;
    if (lexicon && isLatinWord(last)) {
      const spoken = new Set([
        ...lexicon.byPinyin(last),
        ...(last.length >= 2 ? lexicon.byInitials(last) : []),
        ...lexicon.startingWith(last, room),
      ]);
      const counted = [...spoken]
        .map((term) => ({ term, count: countOf([...earlier, term]) }))
        .filter((c) => c.count > 0)
        .sort((a, b) => b.count - a.count || a.term.length - b.term.length)
        .slice(0, room);
      for (const { term, count } of counted) {
        const text = `${base}${term}`;
        add({ kind: 'keyword', text, parts: highlightParts(text, [term]), count });
      }
    }
  }
  for (const hot of hotKeywords) {
    if (suggestions.length >= limit - MAX_NAMED.work) break;
    if (!normalizeSearchText(hot).startsWith(typed) || hot === typed) continue;
    add({
      kind: 'keyword',
      text: hot,
      parts: highlightParts(hot, terms),
      count: countOf(queryTerms(hot)),
    });
  }
  for (const [name, kind] of named) {
    add({ kind, text: name, parts: highlightParts(name, terms), count: countOf(queryTerms(name)) });
  }
  for (const theme of themes) {
    if (suggestions.length >= limit) break;
    // A theme is its own page, so it is listed even when a keyword reads the same.
    suggestions.push({
      kind: 'theme',
      text: theme.title,
      parts: highlightParts(theme.title, terms),
      count: 0,
      themeId: theme.id,
    });
  }
  const understood = understandQuery(typed, index);
  const top = index.search({
    words: [],
    groups: understood.words.map((w) => w.group),
    filters: {},
    offset: 0,
    limit: MAX_NAMED.work,
  });
  if (top.ids.length > 0) {
    const works = await publishedCardsQuery(db).where('w.id', 'in', top.ids).execute();
    const byId = new Map(works.map((w) => [w.id, w]));
    for (const id of top.ids) {
      const work = byId.get(id);
      if (!work) continue;
      add({
        kind: 'work',
        text: work.title,
        parts: highlightParts(work.title, understood.terms),
        count: 0,
        workId: id,
      });
    }
  }
  return suggestions;
}
