import type { FastifyInstance } from 'fastify';
import { getIPDetail, getIPList, getIpCreationList, getIpDetails } from '@shared/contract/ips';
import type { LicenceKind, LicenceOption, WorkStyle } from '@shared/contract/works';
import { LICENCE_KINDS, WORK_STYLE_TITLES } from '@shared/contract/works';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { designerProfile } from '../designers/designer-profiles';
import { pageOfCards, pageWindow, previewUrl, toCount } from '../works/catalogue-queries';
import { publishedCardsQuery } from '../works/work-cards';
import { ipCardsQuery, toIpCard } from './ip-cards';
import { collectionState } from '../collections/collected';
import { MSG } from '@shared/messages';

/** LIKE wildcards are dropped from a keyword: SQLite and PostgreSQL escape them differently. */
const likeSafe = (text: string) => text.replace(/[\\%_]/g, '');

export function registerIpsRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  async function ipRow(id: number) {
    const row = await ipCardsQuery(db).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw AppError.notFound(MSG.missing.ip);
    return row;
  }

  registerCall(app, getIPList, async (input) => {
    const { limit, offset } = pageWindow(input);
    const keyword = likeSafe(input.keyword?.trim() ?? '');
    const base = db
      .selectFrom('ips')
      .$if(keyword !== '', (q) => q.where('title', 'like', `%${keyword}%`));
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ipCardsQuery(db)
        .$if(keyword !== '', (q) => q.where('p.title', 'like', `%${keyword}%`))
        .orderBy('p.id')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { list: rows.map(toIpCard), total: toCount(count.n) };
  });

  registerCall(app, getIPDetail, async (input, { user }) => {
    const row = await ipRow(input.id);
    const [owner, bannerUrl, collected] = await Promise.all([
      designerProfile(db, row.owner_id, user?.id ?? null),
      previewUrl(db, row.cover_work_id),
      collectionState(db, 'ip', row.id, user?.id ?? null),
    ]);
    return {
      ...toIpCard(row),
      bannerUrl,
      createdAt: row.created_at,
      owner,
      ...collected,
    };
  });

  registerCall(app, getIpDetails, async (input) => {
    const row = await ipRow(input.id);
    const works = await db
      .selectFrom('ip_works as iw')
      .innerJoin('works as w', 'w.id', 'iw.work_id')
      .innerJoin('categories as c', 'c.kid', 'w.category_kid')
      .select(['w.id', 'w.style', 'c.kid', 'c.title'])
      .where('iw.ip_id', '=', row.id)
      .where('w.status', '=', 'published')
      .execute();
    const categories = new Map<number, { kid: number; title: string; workCount: number }>();
    const styles = new Map<string, number>();
    for (const w of works) {
      const c = categories.get(w.kid) ?? { kid: w.kid, title: w.title, workCount: 0 };
      c.workCount += 1;
      categories.set(w.kid, c);
      styles.set(w.style, (styles.get(w.style) ?? 0) + 1);
    }
    const licenceRows =
      works.length === 0
        ? []
        : await db
            .selectFrom('work_licences')
            .select(['kind', 'title', 'price_fen', 'scope'])
            .where(
              'work_id',
              'in',
              works.map((w) => w.id),
            )
            .orderBy('price_fen')
            .execute();
    const cheapest = new Map<LicenceKind, LicenceOption>();
    for (const l of licenceRows) {
      if (!(LICENCE_KINDS as readonly string[]).includes(l.kind)) continue;
      const kind = l.kind as LicenceKind;
      if (!cheapest.has(kind)) {
        cheapest.set(kind, { kind, title: l.title, priceFen: l.price_fen, scope: l.scope });
      }
    }
    return {
      id: row.id,
      categories: [...categories.values()].sort((a, b) => b.workCount - a.workCount),
      styles: [...styles]
        .sort((a, b) => b[1] - a[1])
        .map(([style, workCount]) => ({
          style,
          title: WORK_STYLE_TITLES[style as WorkStyle] ?? style,
          workCount,
        })),
      licences: LICENCE_KINDS.flatMap((k) => {
        const l = cheapest.get(k);
        return l ? [l] : [];
      }),
    };
  });

  registerCall(app, getIpCreationList, async (input) => {
    await ipRow(input.id);
    const query = publishedCardsQuery(db).where((eb) =>
      eb(
        'w.id',
        'in',
        eb.selectFrom('ip_works as iw').select('iw.work_id').where('iw.ip_id', '=', input.id),
      ),
    );
    return pageOfCards(db, query, input, 'bestselling');
  });
}
