import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// The help centre (issue 13, docs/help.md): categories per audience (buyer → /help, designer →
// /helpCenter), ordered Markdown articles, each published or not, and the words of every article
// (cut by the word-search segmenter) so a search finds an article by a word inside it.
export function helpMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('help_categories'), dialect)
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('alias', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('help_categories_audience_alias', ['audience', 'alias'])
        .addCheckConstraint('help_categories_audience', sql`audience in ('buyer', 'designer')`)
        .execute();

      await idColumn(db.schema.createTable('help_articles'), dialect)
        .addColumn('category_id', 'integer', (c) =>
          c.notNull().references('help_categories.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body_md', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer')
        // A double-clicked 新建 cannot make the same article twice.
        .addUniqueConstraint('help_articles_category_title', ['category_id', 'title'])
        .execute();
      await db.schema
        .createIndex('help_articles_category')
        .on('help_articles')
        .columns(['category_id', 'sort'])
        .execute();

      await db.schema
        .createTable('help_article_terms')
        .addColumn('term', 'text', (c) => c.notNull())
        .addColumn('article_id', 'integer', (c) =>
          c.notNull().references('help_articles.id').onDelete('cascade'),
        )
        /** 3 in the title, 1 in the text. */
        .addColumn('weight', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('help_article_terms_pk', ['term', 'article_id'])
        .execute();
      await db.schema
        .createIndex('help_article_terms_article')
        .on('help_article_terms')
        .column('article_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('help_article_terms').execute();
      await db.schema.dropTable('help_articles').execute();
      await db.schema.dropTable('help_categories').execute();
    },
  };
}
