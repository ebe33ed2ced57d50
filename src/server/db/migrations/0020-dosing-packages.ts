import { sql } from 'kysely';
import type { Generated, Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Add-on quota packs (加量包, issue 12): more units of one authority item within a running
// membership. Data an admin edits, like the member packages; bought through service_orders
// (kind 'dosing') and the same payments (purpose 'dosing').
export function dosingPackagesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('dosing_packages'), dialect)
        .addColumn('title', 'text', (c) => c.notNull())
        /** The authority item it adds to (S1, T2, T26…). */
        .addColumn('auth_code', 'text', (c) => c.notNull())
        .addColumn('auth_title', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('unit_name', 'text', (c) => c.notNull())
        .addColumn('price_fen', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('dosing_packages_count', sql`count > 0`)
        .addCheckConstraint('dosing_packages_price', sql`price_fen > 0`)
        .execute();

      // The packs on sale at first start; admins edit them afterwards.
      const now = new Date().toISOString();
      const packs: [string, string, string, number, string, number, string][] = [
        [
          '素材授权加量包（50次）',
          'S1',
          '素材授权',
          50,
          '次',
          98_000,
          '会员期内追加 50 次素材授权',
        ],
        [
          '素材授权加量包（200次）',
          'S1',
          '素材授权',
          200,
          '次',
          358_000,
          '会员期内追加 200 次素材授权',
        ],
        [
          '图片空间加量包（5000张）',
          'T2',
          '图片空间',
          5_000,
          '张',
          50_000,
          '会员期内追加 5000 张图片空间',
        ],
        [
          '先推后买加量包（10次）',
          'T27',
          '先推后买',
          10,
          '次',
          120_000,
          '会员期内追加 10 次先推后买',
        ],
      ];
      const seed = db.withTables<{
        dosing_packages: {
          id: Generated<number>;
          title: string;
          auth_code: string;
          auth_title: string;
          count: number;
          unit_name: string;
          price_fen: number;
          description: string;
          sort: number;
          created_at: string;
        };
      }>();
      for (const [
        sort,
        [title, code, authTitle, count, unit, price, description],
      ] of packs.entries()) {
        await seed
          .insertInto('dosing_packages')
          .values({
            title,
            auth_code: code,
            auth_title: authTitle,
            count,
            unit_name: unit,
            price_fen: price,
            description,
            sort,
            created_at: now,
          })
          .execute();
      }
    },
  };
}
