import { sql } from 'kysely';
import type { Generated, Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Membership and the wallet (issue 12): member packages with their authority items (data an admin
// edits), member and recharge orders paid through the same payments as licences, and each user's
// quotas, spent by one conditional update.
export function membershipMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      /** What a payment pays for: licence (orders), membership or recharge (service_orders). */
      await db.schema
        .alterTable('payments')
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('licence'))
        .execute();

      await idColumn(db.schema.createTable('member_packages'), dialect)
        .addColumn('title', 'text', (c) => c.notNull())
        /** §9 tier: the yearly price in fen (980000 or 1580000). */
        .addColumn('tier_fen', 'integer', (c) => c.notNull())
        /** §7 GetShowMemberPackageList type and source. */
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(3))
        .addColumn('source', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('member_package_auths'), dialect)
        .addColumn('package_id', 'integer', (c) =>
          c.notNull().references('member_packages.id').onDelete('cascade'),
        )
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('unit_name', 'text', (c) => c.notNull())
        /** per_year: count × years bought; fixed: count once. */
        .addColumn('compute_mode', 'text', (c) => c.notNull().defaultTo('per_year'))
        .addUniqueConstraint('member_package_auths_code', ['package_id', 'code'])
        .execute();

      await db.schema
        .createTable('service_orders')
        .addColumn('order_no', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        /** membership | recharge */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('package_id', 'integer')
        .addColumn('years', 'integer')
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        /** pending | paid | cancelled | refunded */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .addColumn('vip_end_before', 'text')
        .addColumn('vip_end_after', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('service_orders_amount', sql`amount_fen > 0`)
        .execute();
      await db.schema
        .createIndex('service_orders_user')
        .on('service_orders')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('user_auths')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('unit_name', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('remain', 'integer', (c) => c.notNull())
        .addColumn('end_time', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_auths_pk', ['user_id', 'code'])
        .addCheckConstraint('user_auths_remain', sql`remain >= 0`)
        .execute();

      // The packages on sale at first start; admins edit them afterwards.
      const now = new Date().toISOString();
      const packages: [string, number, string, [string, string, number, string, string][]][] = [
        [
          '企业旗舰版',
          1_580_000,
          '适合品牌与大型工厂：素材授权与先推后买额度最多，专属客服',
          [
            ['S1', '素材授权', 600, '次', 'per_year'],
            ['T2', '图片空间', 20_000, '张', 'per_year'],
            ['T26', '锁图先推后买', 30, '次', 'per_year'],
            ['T27', '先推后买', 60, '次', 'per_year'],
            ['T28', '定制需求发布', 24, '次', 'per_year'],
            ['T13', '专属客服', 1, '项', 'fixed'],
          ],
        ],
        [
          '专业商用版',
          980_000,
          '适合中小工厂与电商：素材授权与先推后买额度',
          [
            ['S1', '素材授权', 300, '次', 'per_year'],
            ['T2', '图片空间', 8_000, '张', 'per_year'],
            ['T26', '锁图先推后买', 10, '次', 'per_year'],
            ['T27', '先推后买', 20, '次', 'per_year'],
            ['T28', '定制需求发布', 12, '次', 'per_year'],
          ],
        ],
        [
          '设计选图版',
          980_000,
          '适合设计团队：更多图片空间与定制需求发布',
          [
            ['S1', '素材授权', 200, '次', 'per_year'],
            ['T2', '图片空间', 15_000, '张', 'per_year'],
            ['T27', '先推后买', 10, '次', 'per_year'],
            ['T28', '定制需求发布', 24, '次', 'per_year'],
          ],
        ],
      ];
      const seed = db.withTables<{
        member_packages: {
          id: Generated<number>;
          title: string;
          tier_fen: number;
          description: string;
          sort: number;
          created_at: string;
        };
        member_package_auths: {
          package_id: number;
          code: string;
          title: string;
          count: number;
          unit_name: string;
          compute_mode: string;
        };
      }>();
      for (const [sort, [title, tier, description, auths]] of packages.entries()) {
        const row = await seed
          .insertInto('member_packages')
          .values({ title, tier_fen: tier, description, sort, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [code, authTitle, count, unit, mode] of auths) {
          await seed
            .insertInto('member_package_auths')
            .values({
              package_id: row.id,
              code,
              title: authTitle,
              count,
              unit_name: unit,
              compute_mode: mode,
            })
            .execute();
        }
      }
    },
  };
}
