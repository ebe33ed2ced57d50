import type { Kysely, Transaction } from 'kysely';
import {
  HELP_ALIAS_PATTERN,
  HELP_ARTICLE_TITLE_MAX,
  HELP_BODY_MAX,
  HELP_BODY_MIN,
  HELP_CATEGORY_TITLE_MAX,
} from '@shared/contract/help';
import type {
  HelpAdminCategory,
  HelpArticle,
  HelpAudience,
  HelpCategory,
  HelpList,
  HelpSearchHit,
} from '@shared/contract/help';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { renderAgreementHtml } from '../agreements/render-markdown';
import { queryTerms, segmentWords } from '../search/word/segmenter';
import { HELP_MSG } from './messages';

// The help centre (docs/help.md): categories per audience with ordered Markdown articles. Users see
// what is published (the article and its category); admins see and edit everything.

type Db = Pick<AppDeps, 'db'>;
type Conn = Kysely<Database> | Transaction<Database>;

/** /help/bqshengming/1 is the copyright statement's address, so no buyer category may take it. */
const RESERVED_ALIASES = new Set(['bqshengming']);
const TITLE_WEIGHT = 3;
const TEXT_WEIGHT = 1;
const EXCERPT_CHARS = 80;
const MAX_HITS = 30;

const chars = (s: string): number => [...s].length;
const iso = (deps: Pick<AppDeps, 'now'>) => new Date(deps.now()).toISOString();

/** Markdown without its marks: link targets, images, emphasis, headings, tables and code fences. */
export function markdownToText(md: string): string {
  return md
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`|~]+/g, ' ')
    .replace(/-{3,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every word of an article with its weight (title 3, text 1), for the help search. */
export function articleTermWeights(title: string, markdown: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const word of segmentWords(markdownToText(markdown), 'index'))
    weights.set(word, TEXT_WEIGHT);
  for (const word of segmentWords(title, 'index')) weights.set(word, TITLE_WEIGHT);
  return weights;
}

async function indexArticle(db: Conn, id: number, title: string, markdown: string): Promise<void> {
  await db.deleteFrom('help_article_terms').where('article_id', '=', id).execute();
  const rows = [...articleTermWeights(title, markdown)].map(([term, weight]) => ({
    term,
    article_id: id,
    weight,
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('help_article_terms')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/** The plain text around the first word of the search found in it. */
function excerptOf(markdown: string, terms: readonly string[]): string {
  const text = markdownToText(markdown);
  const lower = text.toLowerCase();
  const at = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0);
  const first = at.length > 0 ? Math.min(...at) : 0;
  const start = Math.max(0, first - 20);
  const slice = [...text.slice(start)].slice(0, EXCERPT_CHARS).join('');
  return `${start > 0 ? '…' : ''}${slice}${chars(text) - start > EXCERPT_CHARS ? '…' : ''}`;
}

/** Published categories of one audience, with their published articles, in order. */
async function publishedCategories(db: Kysely<Database>, audience: HelpAudience) {
  const rows = await db
    .selectFrom('help_categories as c')
    .leftJoin('help_articles as a', (join) =>
      join.onRef('a.category_id', '=', 'c.id').on('a.published', '=', 1),
    )
    .select([
      'c.id as categoryId',
      'c.alias',
      'c.title as categoryTitle',
      'c.sort as categorySort',
      'a.id as articleId',
      'a.title as articleTitle',
      'a.sort as articleSort',
    ])
    .where('c.audience', '=', audience)
    .where('c.published', '=', 1)
    .orderBy('c.sort')
    .orderBy('c.id')
    .orderBy('a.sort')
    .orderBy('a.id')
    .execute();
  const categories = new Map<number, HelpCategory>();
  for (const row of rows) {
    let category = categories.get(row.categoryId);
    if (!category) {
      category = { alias: row.alias, title: row.categoryTitle, articles: [] };
      categories.set(row.categoryId, category);
    }
    if (row.articleId !== null && row.articleTitle !== null) {
      category.articles.push({ id: row.articleId, title: row.articleTitle });
    }
  }
  return [...categories.values()];
}

/** Published articles of one audience holding every word of the keyword, best first. */
export async function searchHelp(
  deps: Db,
  audience: HelpAudience,
  keyword: string,
): Promise<HelpSearchHit[]> {
  const terms = queryTerms(keyword);
  if (terms.length === 0) return [];
  const matches = await deps.db
    .selectFrom('help_article_terms as t')
    .innerJoin('help_articles as a', 'a.id', 't.article_id')
    .innerJoin('help_categories as c', 'c.id', 'a.category_id')
    .select((eb) => [
      't.article_id as id',
      eb.fn.count<number>('t.term').as('found'),
      eb.fn.sum<number>('t.weight').as('score'),
    ])
    .where('t.term', 'in', terms)
    .where('a.published', '=', 1)
    .where('c.published', '=', 1)
    .where('c.audience', '=', audience)
    .groupBy('t.article_id')
    .execute();
  const best = matches
    .filter((m) => Number(m.found) === terms.length)
    .sort((x, y) => Number(y.score) - Number(x.score) || x.id - y.id)
    .slice(0, MAX_HITS);
  if (best.length === 0) return [];
  const articles = await deps.db
    .selectFrom('help_articles as a')
    .innerJoin('help_categories as c', 'c.id', 'a.category_id')
    .select(['a.id', 'a.title', 'a.body_md', 'c.alias', 'c.title as categoryTitle'])
    .where(
      'a.id',
      'in',
      best.map((m) => m.id),
    )
    .execute();
  const byId = new Map(articles.map((a) => [a.id, a]));
  return best.flatMap((m) => {
    const a = byId.get(m.id);
    if (!a) return [];
    return [
      {
        id: a.id,
        title: a.title,
        categoryAlias: a.alias,
        categoryTitle: a.categoryTitle,
        excerpt: excerptOf(a.body_md, terms),
      },
    ];
  });
}

/** GetHelpList / GetDesignHelpList: the published table of contents, and the search's hits. */
export async function helpList(
  deps: Db,
  audience: HelpAudience,
  keyword: string,
): Promise<HelpList> {
  const [categories, hits] = await Promise.all([
    publishedCategories(deps.db, audience),
    searchHelp(deps, audience, keyword),
  ]);
  return { categories, hits };
}

/** GetHelpInfo / GetDesignHelpInfo: one published article of the audience, as sanitised HTML. */
export async function helpArticle(
  deps: Db,
  audience: HelpAudience,
  id: number,
): Promise<HelpArticle> {
  const row = await deps.db
    .selectFrom('help_articles as a')
    .innerJoin('help_categories as c', 'c.id', 'a.category_id')
    .select(['a.id', 'a.title', 'a.body_md', 'a.updated_at', 'c.alias', 'c.title as categoryTitle'])
    .where('a.id', '=', id)
    .where('a.published', '=', 1)
    .where('c.published', '=', 1)
    .where('c.audience', '=', audience)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(HELP_MSG.articleNotFound);
  return {
    id: row.id,
    title: row.title,
    categoryAlias: row.alias,
    categoryTitle: row.categoryTitle,
    html: renderAgreementHtml(row.body_md),
    updatedAt: row.updated_at,
  };
}

// The back office.

/** Every category and article of one audience, published or not, in order. */
export async function helpTree(deps: Db, audience: HelpAudience): Promise<HelpAdminCategory[]> {
  const categories = await deps.db
    .selectFrom('help_categories')
    .select(['id', 'alias', 'title', 'published'])
    .where('audience', '=', audience)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const articles =
    categories.length === 0
      ? []
      : await deps.db
          .selectFrom('help_articles')
          .select(['id', 'category_id', 'title', 'published', 'updated_at'])
          .where(
            'category_id',
            'in',
            categories.map((c) => c.id),
          )
          .orderBy('sort')
          .orderBy('id')
          .execute();
  return categories.map((c) => ({
    id: c.id,
    alias: c.alias,
    title: c.title,
    published: c.published === 1,
    articles: articles
      .filter((a) => a.category_id === c.id)
      .map((a) => ({
        id: a.id,
        title: a.title,
        published: a.published === 1,
        updatedAt: a.updated_at,
      })),
  }));
}

async function categoryOrFail(db: Conn, id: number) {
  const row = await db
    .selectFrom('help_categories')
    .select(['id', 'audience', 'alias'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(HELP_MSG.categoryNotFound);
  return row;
}

async function nextSort(
  db: Conn,
  table: 'help_categories' | 'help_articles',
  where: number | string,
) {
  const row =
    table === 'help_categories'
      ? await db
          .selectFrom('help_categories')
          .select((eb) => eb.fn.max('sort').as('top'))
          .where('audience', '=', String(where))
          .executeTakeFirst()
      : await db
          .selectFrom('help_articles')
          .select((eb) => eb.fn.max('sort').as('top'))
          .where('category_id', '=', Number(where))
          .executeTakeFirst();
  return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
}

/** Creates (no id) or renames a category; a new one starts unpublished, at the end. */
export async function saveHelpCategory(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: { id?: number; audience: HelpAudience; alias: string; title: string },
): Promise<{ id: number }> {
  const alias = input.alias.trim();
  const title = input.title.trim();
  if (!new RegExp(HELP_ALIAS_PATTERN).test(alias)) throw AppError.rule(HELP_MSG.aliasInvalid);
  if (RESERVED_ALIASES.has(alias)) throw AppError.rule(HELP_MSG.aliasReserved(alias));
  if (title === '') throw AppError.rule(HELP_MSG.categoryTitleRequired);
  if (chars(title) > HELP_CATEGORY_TITLE_MAX) {
    throw AppError.rule(HELP_MSG.categoryTitleTooLong(HELP_CATEGORY_TITLE_MAX));
  }
  const taken = await deps.db
    .selectFrom('help_categories')
    .select('id')
    .where('audience', '=', input.audience)
    .where('alias', '=', alias)
    .executeTakeFirst();
  if (taken && taken.id !== input.id) throw AppError.conflict(HELP_MSG.aliasTaken(alias));
  const at = iso(deps);
  try {
    if (input.id !== undefined) {
      const current = await categoryOrFail(deps.db, input.id);
      if (current.audience !== input.audience) throw AppError.rule(HELP_MSG.moveAcrossAudience);
      await deps.db
        .updateTable('help_categories')
        .set({ alias, title, updated_at: at })
        .where('id', '=', input.id)
        .execute();
      return { id: input.id };
    }
    const row = await deps.db
      .insertInto('help_categories')
      .values({
        audience: input.audience,
        alias,
        title,
        sort: await nextSort(deps.db, 'help_categories', input.audience),
        published: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Two saves at once: the (audience, alias) constraint lets one through.
    const again = await deps.db
      .selectFrom('help_categories')
      .select('id')
      .where('audience', '=', input.audience)
      .where('alias', '=', alias)
      .executeTakeFirst();
    if (again && again.id !== input.id) throw AppError.conflict(HELP_MSG.aliasTaken(alias));
    throw err;
  }
}

/** The back office: one article's Markdown, published or not. */
export async function helpArticleSource(deps: Db, id: number) {
  const row = await deps.db
    .selectFrom('help_articles')
    .select(['id', 'category_id', 'title', 'body_md', 'published'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(HELP_MSG.articleNotFound);
  return {
    id: row.id,
    categoryId: row.category_id,
    title: row.title,
    markdown: row.body_md,
    published: row.published === 1,
  };
}

/** Creates (no id; unpublished, at the end of its category) or edits an article; words re-indexed. */
export async function saveHelpArticle(
  deps: Pick<AppDeps, 'db' | 'now'>,
  adminId: number,
  input: { id?: number; categoryId: number; title: string; markdown: string },
): Promise<{ id: number }> {
  const title = input.title.trim();
  const body = input.markdown.replace(/\r\n?/g, '\n').trim();
  if (title === '') throw AppError.rule(HELP_MSG.articleTitleRequired);
  if (chars(title) > HELP_ARTICLE_TITLE_MAX) {
    throw AppError.rule(HELP_MSG.articleTitleTooLong(HELP_ARTICLE_TITLE_MAX));
  }
  if (body === '') throw AppError.rule(HELP_MSG.bodyRequired);
  if (chars(body) < HELP_BODY_MIN) throw AppError.rule(HELP_MSG.bodyTooShort(HELP_BODY_MIN));
  if (chars(body) > HELP_BODY_MAX) throw AppError.rule(HELP_MSG.bodyTooLong(HELP_BODY_MAX));
  const category = await categoryOrFail(deps.db, input.categoryId);
  const sameTitle = await deps.db
    .selectFrom('help_articles')
    .select('id')
    .where('category_id', '=', input.categoryId)
    .where('title', '=', title)
    .executeTakeFirst();
  if (sameTitle && sameTitle.id !== input.id) throw AppError.conflict(HELP_MSG.articleTitleTaken);
  const at = iso(deps);
  const markdown = `${body}\n`;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      let id = input.id;
      if (id !== undefined) {
        const current = await trx
          .selectFrom('help_articles as a')
          .innerJoin('help_categories as c', 'c.id', 'a.category_id')
          .select(['a.category_id', 'c.audience'])
          .where('a.id', '=', id)
          .executeTakeFirst();
        if (!current) throw AppError.notFound(HELP_MSG.articleNotFound);
        if (current.audience !== category.audience) {
          throw AppError.rule(HELP_MSG.moveAcrossAudience);
        }
        const moved = current.category_id !== input.categoryId;
        await trx
          .updateTable('help_articles')
          .set({
            category_id: input.categoryId,
            title,
            body_md: markdown,
            updated_at: at,
            updated_by: adminId,
            ...(moved ? { sort: await nextSort(trx, 'help_articles', input.categoryId) } : {}),
          })
          .where('id', '=', id)
          .execute();
      } else {
        const row = await trx
          .insertInto('help_articles')
          .values({
            category_id: input.categoryId,
            title,
            body_md: markdown,
            sort: await nextSort(trx, 'help_articles', input.categoryId),
            published: 0,
            created_at: at,
            updated_at: at,
            updated_by: adminId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      }
      await indexArticle(trx, id, title, body);
      return { id };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Two identical saves at once: the (category, title) constraint lets one through.
    const again = await deps.db
      .selectFrom('help_articles')
      .select('id')
      .where('category_id', '=', input.categoryId)
      .where('title', '=', title)
      .executeTakeFirst();
    if (again && again.id !== input.id) throw AppError.conflict(HELP_MSG.articleTitleTaken);
    throw err;
  }
}

/** Publishes or hides a category or an article (setting the state it already has changes nothing). */
export async function setHelpPublished(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: { kind: 'category' | 'article'; id: number; published: boolean },
): Promise<{ published: boolean }> {
  const value = input.published ? 1 : 0;
  const at = iso(deps);
  if (input.kind === 'category') {
    await categoryOrFail(deps.db, input.id);
    await deps.db
      .updateTable('help_categories')
      .set({ published: value, updated_at: at })
      .where('id', '=', input.id)
      .execute();
  } else {
    const found = await deps.db
      .updateTable('help_articles')
      .set({ published: value, updated_at: at })
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(found.numUpdatedRows) === 0) throw AppError.notFound(HELP_MSG.articleNotFound);
  }
  return { published: input.published };
}

/** Swaps a category or an article with its neighbour above or below (nothing at either end). */
export async function moveHelpItem(
  deps: Db,
  input: { kind: 'category' | 'article'; id: number; direction: 'up' | 'down' },
): Promise<{ moved: boolean }> {
  return deps.db.transaction().execute(async (trx) => {
    let siblings: { id: number }[];
    if (input.kind === 'category') {
      const me = await categoryOrFail(trx, input.id);
      siblings = await trx
        .selectFrom('help_categories')
        .select('id')
        .where('audience', '=', me.audience)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    } else {
      const me = await trx
        .selectFrom('help_articles')
        .select('category_id')
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!me) throw AppError.notFound(HELP_MSG.articleNotFound);
      siblings = await trx
        .selectFrom('help_articles')
        .select('id')
        .where('category_id', '=', me.category_id)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    }
    const order = siblings.map((s) => s.id);
    const from = order.indexOf(input.id);
    const to = input.direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= order.length) return { moved: false };
    [order[from], order[to]] = [order[to] as number, order[from] as number];
    // Renumbered 0..n-1, so equal or missing sort values never make a move a no-op.
    for (const [sort, id] of order.entries()) {
      if (input.kind === 'category') {
        await trx.updateTable('help_categories').set({ sort }).where('id', '=', id).execute();
      } else {
        await trx.updateTable('help_articles').set({ sort }).where('id', '=', id).execute();
      }
    }
    return { moved: true };
  });
}

/** The back office's preview: the same rendering and sanitising as the published article. */
export const previewHelpMarkdown = (markdown: string): { html: string } => ({
  html: renderAgreementHtml(markdown),
});

/** Seeds and re-indexes: every article's words, from scratch (used by the seed). */
export async function indexAllHelpArticles(db: Conn): Promise<void> {
  const rows = await db.selectFrom('help_articles').select(['id', 'title', 'body_md']).execute();
  for (const row of rows) await indexArticle(db, row.id, row.title, row.body_md);
}
