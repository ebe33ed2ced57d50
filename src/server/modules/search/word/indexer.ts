import type { Kysely } from 'kysely';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import type { WorkStyle } from '@shared/contract/works';
import { COLOUR_SWATCHES, swatchesOf } from '@shared/rules/colour-swatch';
import type { Database } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { MAX_TERM_CHARS, normalizeSearchText, segmentWords } from './segmenter';
import type { WorksChanged } from '../../works/work-changes';
import type { WordIndex } from './word-index';
import { WORD_SEARCH_MSG } from './messages';
import { COLOUR_SUFFIX } from './sentence-vocabulary';

// The word index: one work_terms row per (term, work) with the weight of the best field it occurs in.

/** Weight of where a word occurs: title 3, tag/designer 2, category/style/colour/description 1. */
export const FIELD_WEIGHT = {
  title: 3,
  tag: 2,
  designer: 2,
  category: 1,
  colour: 1,
  description: 1,
} as const;

const SWATCH_NAMES = new Map<string, string>(COLOUR_SWATCHES.map((s) => [s.key, s.name]));

/** What the index reads of one work. */
export type WorkText = {
  title: string;
  tags: readonly string[];
  designerName: string;
  categoryTitles: readonly string[];
  style: string;
  description: string;
  /** '#rrggbb' colours; their swatch names (蓝, 蓝色…) become words, so 蓝色花卉 finds blue florals. */
  colors: readonly string[];
};

const indexWords = (text: string) => segmentWords(text, 'index');

/**
 * Every term of a work with its weight (the best field it occurs in). Pure, for the indexer and the
 * bench; `words` cuts a text as the index does (a bulk build passes a memoised one).
 */
export function workTermWeights(
  work: WorkText,
  words: (text: string) => readonly string[] = indexWords,
): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (term: string, weight: number) => {
    if ((weights.get(term) ?? -1) < weight) weights.set(term, weight);
  };
  const addText = (text: string, weight: number, whole = false) => {
    for (const word of words(text)) add(word, weight);
    // Short names (a tag, a designer, a category) are also terms as a whole, so a prefix finds them.
    const name = normalizeSearchText(text).replace(/[^\p{L}\p{M}\p{N}]+/gu, '');
    if (whole && name && Array.from(name).length <= MAX_TERM_CHARS) add(name, weight);
  };
  addText(work.title, FIELD_WEIGHT.title);
  for (const tag of work.tags) addText(tag, FIELD_WEIGHT.tag, true);
  addText(work.designerName, FIELD_WEIGHT.designer, true);
  for (const title of work.categoryTitles) addText(title, FIELD_WEIGHT.category, true);
  const styleTitle = WORK_STYLE_TITLES[work.style as WorkStyle] as string | undefined;
  if (styleTitle) addText(styleTitle, FIELD_WEIGHT.category, true);
  addText(work.description, FIELD_WEIGHT.description);
  for (const swatch of swatchesOf(work.colors)) {
    const name = SWATCH_NAMES.get(swatch);
    if (!name) continue;
    add(name, FIELD_WEIGHT.colour);
    add(`${name}${COLOUR_SUFFIX}`, FIELD_WEIGHT.colour);
  }
  return weights;
}

function parseStringArray(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The columns of works (`w`) the index reads, with the designer's name and the category titles. */
export function workTextQuery(db: Kysely<Database>) {
  return db
    .selectFrom('works as w')
    .innerJoin('users as u', 'u.id', 'w.designer_id')
    .innerJoin('categories as c', 'c.kid', 'w.category_kid')
    .leftJoin('categories as p', 'p.kid', 'c.parent_kid')
    .select([
      'w.id',
      'w.title',
      'w.tags',
      'w.style',
      'w.description',
      'w.colors',
      'u.user_name',
      'c.title as category_title',
      'p.title as parent_title',
    ]);
}

/** Reads what the index needs of some works in one query. */
async function loadWorkTexts(
  db: Kysely<Database>,
  workIds: readonly number[],
): Promise<Map<number, WorkText>> {
  if (workIds.length === 0) return new Map();
  const rows = await workTextQuery(db).where('w.id', 'in', workIds).execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        title: r.title,
        tags: parseStringArray(r.tags),
        designerName: r.user_name,
        categoryTitles: r.parent_title ? [r.category_title, r.parent_title] : [r.category_title],
        style: r.style,
        description: r.description,
        colors: parseStringArray(r.colors),
      },
    ]),
  );
}

type TermRow = { term: string; work_id: number; weight: number };
// Rows per INSERT: three parameters each stays well under SQLite's (32766) and PostgreSQL's limits.
const INSERT_CHUNK = 2_000;

async function replaceTerms(
  db: Kysely<Database>,
  workIds: readonly number[],
  rows: readonly TermRow[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('work_terms').where('work_id', 'in', workIds).execute();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('work_terms')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  });
}

function termRows(workId: number, text: WorkText): TermRow[] {
  return [...workTermWeights(text)].map(([term, weight]) => ({ term, work_id: workId, weight }));
}

/** Who hears of re-indexed works in this server: its word index and its works-changed events. */
export type TermListeners = { wordIndex: WordIndex; worksChanged: WorksChanged };

/**
 * Rebuilds one work's rows in the word index; call it whenever a work is published, edited or
 * withdrawn. The in-memory index of this server follows at once, other servers at their next sync.
 */
export async function indexWorkTerms(
  db: Kysely<Database>,
  listeners: TermListeners,
  workId: number,
): Promise<void> {
  await indexWorksTerms(db, [workId], listeners);
}

/**
 * Rebuilds the rows of several works (a missing work just loses its rows); `listeners` is null
 * only where no app runs (tools that fill a database before any server starts).
 */
export async function indexWorksTerms(
  db: Kysely<Database>,
  workIds: readonly number[],
  listeners: TermListeners | null,
): Promise<number> {
  if (workIds.length === 0) return 0;
  const texts = await loadWorkTexts(db, workIds);
  const rows = [...texts].flatMap(([id, text]) => termRows(id, text));
  await replaceTerms(db, workIds, rows);
  if (listeners) {
    await listeners.wordIndex.refreshWorks(workIds);
    listeners.worksChanged.notify(workIds);
  }
  return texts.size;
}

const BACKFILL_BATCH = 500;

/**
 * Indexes every published work that has no terms yet, in batches, oldest id first. Safe to run
 * at every start (it finds nothing to do once the index is complete) and to interrupt.
 */
export async function backfillWorkTerms(
  deps: Pick<AppDeps, 'db'>,
  log: (line: string) => void = () => undefined,
  listeners: TermListeners | null = null,
): Promise<number> {
  const { db } = deps;
  const missing = () =>
    db
      .selectFrom('works as w')
      .where('w.status', '=', 'published')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('work_terms as t').select('t.work_id').whereRef('t.work_id', '=', 'w.id'),
          ),
        ),
      );
  const { n } = await missing()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  if (total === 0) return 0;
  log(WORD_SEARCH_MSG.indexBuilding(total));
  let done = 0;
  let afterId = 0;
  for (;;) {
    const batch = await missing()
      .where('w.id', '>', afterId)
      .select('w.id')
      .orderBy('w.id')
      .limit(BACKFILL_BATCH)
      .execute();
    const last = batch.at(-1);
    if (!last) break;
    done += await indexWorksTerms(
      db,
      batch.map((r) => r.id),
      listeners,
    );
    afterId = last.id;
    if (done % 5000 < BACKFILL_BATCH || batch.length < BACKFILL_BATCH) {
      log(WORD_SEARCH_MSG.indexProgress(done, total));
    }
  }
  return done;
}

/** At start-up, after seeding: index what is missing, then load this server's in-memory index. */
export async function prepareWordSearch(
  deps: Pick<AppDeps, 'db'>,
  listeners: TermListeners,
  log: (line: string) => void,
): Promise<void> {
  await backfillWorkTerms(deps, log, listeners);
  await listeners.wordIndex.ready();
}
