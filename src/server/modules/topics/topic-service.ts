import type { Kysely } from 'kysely';
import { TOPIC_LIMITS } from '@shared/contract/topics';
import type { TopicSource, TopicSummary, TopicView } from '@shared/contract/topics';
import type { AppDeps } from '../../deps';
import type { Database, TopicsTable } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { TOPIC_MSG } from './messages';
import { checkBlocks, parseBlocks, resolveBlocks } from './topic-blocks';

// The /pageChild/* topic pages (docs/topics.md): one row per slug with the saved draft and the
// published copy. Saving names the revision it was edited from, so two admins never overwrite each
// other unseen and a retried save changes nothing; publishing copies a saved revision.

type Row = Omit<TopicsTable, 'id' | 'summary' | 'draft_json' | 'revision'> & {
  summary: string;
  draft_json: string;
  revision: number;
};

const chars = (s: string): number => [...s].length;

async function topicRow(db: Kysely<Database>, slug: string): Promise<Row> {
  const row = await db
    .selectFrom('topics')
    .select([
      'slug',
      'title',
      'summary',
      'draft_json',
      'published_json',
      'published_title',
      'published_summary',
      'published_at',
      'revision',
      'published_revision',
      'updated_at',
      'updated_by',
    ])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(TOPIC_MSG.notFound);
  return row;
}

const unpublishedChanges = (row: Row): boolean => row.published_revision !== row.revision;

const sourceOf = (row: Row): TopicSource => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  blocks: parseBlocks(row.draft_json),
  revision: row.revision,
  publishedAt: row.published_at ?? '',
  unpublishedChanges: unpublishedChanges(row),
});

/** The published topic as readers see it. */
export async function topicView(
  deps: Pick<AppDeps, 'db'>,
  slug: string,
  viewerId: number | null,
): Promise<TopicView> {
  const row = await topicRow(deps.db, slug);
  if (row.published_json === null) throw AppError.notFound(TOPIC_MSG.notPublished);
  return {
    slug: row.slug,
    title: row.published_title ?? row.title,
    summary: row.published_summary ?? row.summary,
    blocks: await resolveBlocks(deps.db, parseBlocks(row.published_json), viewerId),
    publishedAt: row.published_at ?? '',
  };
}

/** The back office's list, in the order of the spec's routes. */
export async function topicList(deps: Pick<AppDeps, 'db'>): Promise<TopicSummary[]> {
  const rows = await deps.db
    .selectFrom('topics')
    .select([
      'slug',
      'title',
      'draft_json',
      'published_at',
      'updated_at',
      'revision',
      'published_revision',
    ])
    .orderBy('slug')
    .execute();
  return rows.map((r) => ({
    slug: r.slug,
    title: r.title,
    blockCount: parseBlocks(r.draft_json).length,
    publishedAt: r.published_at ?? '',
    updatedAt: r.updated_at,
    unpublishedChanges: r.published_revision !== r.revision,
  }));
}

export async function topicSource(deps: Pick<AppDeps, 'db'>, slug: string): Promise<TopicSource> {
  return sourceOf(await topicRow(deps.db, slug));
}

type Draft = { slug: string; title: string; summary: string; blocks: readonly unknown[] };

/** The title, summary and blocks of a draft, checked; refusals name the block. */
async function checkDraft(deps: Pick<AppDeps, 'db' | 'storage'>, adminId: number, draft: Draft) {
  const title = draft.title.trim();
  if (title === '') throw AppError.rule(TOPIC_MSG.titleRequired);
  if (chars(title) > TOPIC_LIMITS.titleMax) {
    throw AppError.rule(TOPIC_MSG.titleTooLong(TOPIC_LIMITS.titleMax));
  }
  const summary = draft.summary.trim();
  if (chars(summary) > TOPIC_LIMITS.summaryMax) {
    throw AppError.rule(TOPIC_MSG.summaryTooLong(TOPIC_LIMITS.summaryMax));
  }
  const blocks = await checkBlocks(deps, adminId, draft.blocks);
  return { title, summary, blocks };
}

/** Saves a draft edited from `revision`; the same draft saved again (a retry) changes nothing. */
export async function saveTopic(
  deps: Pick<AppDeps, 'db' | 'storage' | 'now'>,
  adminId: number,
  input: Draft & { revision: number },
): Promise<TopicSource> {
  await topicRow(deps.db, input.slug);
  const { title, summary, blocks } = await checkDraft(deps, adminId, input);
  const draftJson = JSON.stringify(blocks);
  const at = new Date(deps.now()).toISOString();
  const updated = await deps.db
    .updateTable('topics')
    .set((eb) => ({
      title,
      summary,
      draft_json: draftJson,
      revision: eb('revision', '+', 1),
      updated_at: at,
      updated_by: adminId,
    }))
    .where('slug', '=', input.slug)
    .where('revision', '=', input.revision)
    .executeTakeFirst();
  const now = await topicRow(deps.db, input.slug);
  if (Number(updated.numUpdatedRows) === 0) {
    const same = now.title === title && now.summary === summary && now.draft_json === draftJson;
    if (!same) throw AppError.conflict(TOPIC_MSG.stale);
  }
  return sourceOf(now);
}

/** What the page would look like with these blocks; nothing is saved. */
export async function previewTopic(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  adminId: number,
  input: Draft,
): Promise<TopicView> {
  await topicRow(deps.db, input.slug);
  const { title, summary, blocks } = await checkDraft(deps, adminId, input);
  return {
    slug: input.slug,
    title,
    summary,
    blocks: await resolveBlocks(deps.db, blocks, adminId),
    publishedAt: '',
  };
}

/** Publishes the saved draft at `revision`; publishing it again changes nothing. */
export async function publishTopic(
  deps: Pick<AppDeps, 'db' | 'now'>,
  adminId: number,
  input: { slug: string; revision: number },
): Promise<TopicSource> {
  const row = await topicRow(deps.db, input.slug);
  if (row.revision !== input.revision) throw AppError.conflict(TOPIC_MSG.publishStale);
  if (row.published_revision === row.revision) return sourceOf(row);
  const at = new Date(deps.now()).toISOString();
  await deps.db
    .updateTable('topics')
    .set({
      published_json: row.draft_json,
      published_title: row.title,
      published_summary: row.summary,
      published_revision: row.revision,
      published_at: at,
      updated_by: adminId,
    })
    .where('slug', '=', input.slug)
    .where('revision', '=', input.revision)
    .execute();
  const now = await topicRow(deps.db, input.slug);
  if (now.published_revision !== input.revision) throw AppError.conflict(TOPIC_MSG.publishStale);
  return sourceOf(now);
}
