import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';

// Word search and catalogue reads at scale. On SQLite the word index becomes a WITHOUT ROWID table, so
// its key (term, work_id) holds the weight too and the index loads in one sequential pass. Dropping it
// loses nothing: it is derived from the works, and the start-up backfill rebuilds every missing row.
export function wordSearchMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Reads the catalogue benchmark measures (docs/benchmarks.md): a list's total (published works
      // joined to their designer and category, counted from one covering index), similar works (same
      // style or category, by sales), a designer's work count and sales, a series' works.
      const indexes: [string, string[]][] = [
        ['works_status_designer_category', ['status', 'designer_id', 'category_kid']],
        ['works_style_sales', ['status', 'style', 'sale_count', 'id']],
        ['works_category_sales', ['status', 'category_kid', 'sale_count', 'id']],
        ['works_designer_sales', ['designer_id', 'status', 'sale_count']],
        ['works_series_published', ['series_id', 'status', 'published_at']],
      ];
      for (const [name, columns] of indexes) {
        await db.schema.createIndex(name).on('works').columns(columns).execute();
      }
      if (dialect !== 'sqlite') return;
      await db.schema.dropTable('work_terms').execute();
      await db.schema
        .createTable('work_terms')
        .addColumn('term', 'text', (c) => c.notNull())
        .addColumn('work_id', 'integer', (c) =>
          c.notNull().references('works.id').onDelete('cascade'),
        )
        /** Weight of where the term occurs: title 3, tag/designer 2, category/description 1. */
        .addColumn('weight', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('work_terms_pk', ['term', 'work_id'])
        .modifyEnd(sql`without rowid`)
        .execute();
      await db.schema.createIndex('work_terms_work').on('work_terms').column('work_id').execute();
    },
  };
}
