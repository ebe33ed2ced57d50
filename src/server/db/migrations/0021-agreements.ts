import { sql } from 'kysely';
import type { Generated, Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';
import {
  COPYRIGHT_STATEMENT_MD,
  LICENCE_MD,
  MEMBER_SERVICE_MD,
  PRIVACY_POLICY_MD,
  USER_AGREEMENT_MD,
} from './0021-agreement-texts';

// Agreements as versioned documents (issue 13): every published version is a row, the newest of an
// alias is the one in force; acceptances record who accepted which version of which agreement and
// when. users.agreed_version keeps the accepted version of the user agreement (the number as text)
// so user info reads it without a join; the dialog's old constant '2021-09-30' is version 1.
export function agreementsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('agreements'), dialect)
        .addColumn('alias', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('body_md', 'text', (c) => c.notNull())
        /** What changed, in one or two sentences (empty for version 1). */
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('published_by', 'integer')
        .addUniqueConstraint('agreements_alias_version', ['alias', 'version'])
        .addCheckConstraint('agreements_version', sql`version > 0`)
        .execute();

      await idColumn(db.schema.createTable('agreement_acceptances'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('alias', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        /** 1 at registration, 2 the agreement-update dialog (§4 type 2). */
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('accepted_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('agreement_acceptances_user')
        .on('agreement_acceptances')
        .columns(['user_id', 'alias', 'version'])
        .execute();

      // Version 1 of each, dated as the spec's agreement-update dialog (30 Sep 2021, China time).
      const publishedAt = '2021-09-29T16:00:00.000Z';
      const docs: [string, string, string][] = [
        ['userAgreement', '纹样用户协议', USER_AGREEMENT_MD],
        ['copyrightStatement', '版权声明', COPYRIGHT_STATEMENT_MD],
        ['privacyPolicy', '隐私政策', PRIVACY_POLICY_MD],
        ['memberService', '会员服务协议', MEMBER_SERVICE_MD],
        ['licenceAgreement', '纹样作品授权协议', LICENCE_MD],
      ];
      const seed = db.withTables<{
        agreements: {
          id: Generated<number>;
          alias: string;
          title: string;
          version: number;
          body_md: string;
          published_at: string;
        };
      }>();
      for (const [alias, title, body] of docs) {
        await seed
          .insertInto('agreements')
          .values({ alias, title, version: 1, body_md: body, published_at: publishedAt })
          .execute();
      }
      await sql`update users set agreed_version = '1' where agreed_version = '2021-09-30'`.execute(
        db,
      );
    },
  };
}
