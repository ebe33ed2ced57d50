import type { Generated, Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Editorial content (issue 13): the /pageChild/* topic pages, each one row holding its blocks as
// JSON twice, the saved draft and the published copy readers see (docs/topics.md); and the home
// banners gain what the back office edits: an on/off switch and a time window. A banner title is
// unique per zone, so a double-clicked 保存 of a new banner adds it once.
/** The /pageChild/* pages of spec §2 and their working titles. */
const TOPIC_TITLES: [string, string][] = [
  ['case', '授权案例'],
  ['category-dialog', '按品类找花型'],
  ['four', '四方连续'],
  ['pattern', '花型精选'],
  ['popular-pattern', '热门花型'],
  ['recommend', '编辑推荐'],
  ['seamless', '无缝拼接'],
  ['stylist', '入驻设计师'],
  ['theme', '主题灵感'],
  ['trend', '流行趋势'],
  ['video', '视频专区'],
];

export function topicPagesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('topics'), dialect)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('draft_json', 'text', (c) => c.notNull().defaultTo('[]'))
        /** The blocks readers see; null until first published. */
        .addColumn('published_json', 'text')
        .addColumn('published_title', 'text')
        .addColumn('published_summary', 'text')
        .addColumn('published_at', 'text')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('published_revision', 'integer')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer')
        .execute();
      // Every page of §2 has its row from the start, so the back office always lists all eleven;
      // the demo seed (seed-topics.ts) composes and publishes them.
      const at = new Date().toISOString();
      await db
        .withTables<{
          topics: { id: Generated<number>; slug: string; title: string; updated_at: string };
        }>()
        .insertInto('topics')
        .values(TOPIC_TITLES.map(([slug, title]) => ({ slug, title, updated_at: at })))
        .execute();

      await db.schema
        .alterTable('banners')
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('banners').addColumn('starts_at', 'text').execute();
      await db.schema.alterTable('banners').addColumn('ends_at', 'text').execute();
      await db.schema.alterTable('banners').addColumn('updated_at', 'text').execute();
      await db.schema
        .createIndex('banners_zone_title')
        .on('banners')
        .columns(['zone_name', 'title'])
        .unique()
        .execute();
    },
  };
}
