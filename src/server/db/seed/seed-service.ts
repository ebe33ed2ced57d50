import type { AppDeps } from '../../deps';
import { DEMO_ADMIN, DEMO_BUYERS } from './demo-catalogue';
import { seedMarkerSet, setSeedMarker } from './seed-marker';

// Demo 在线客服 (docs/customer-service.md): one conversation of the cross-border shop about a
// licence for overseas marketplaces, answered once by staff and waiting on a follow-up question,
// so /admin/service opens on a real thread. Its own marker, so a second start adds nothing.

const MARKER = 'demo_service_threads';
const HOUR = 3_600_000;

export async function seedServiceThreads(deps: Pick<AppDeps, 'db'>): Promise<void> {
  const { db } = deps;
  if (await seedMarkerSet(db, MARKER)) return;
  const shopPhone = DEMO_BUYERS[1]?.phone ?? '';
  const [shop, admin, work] = await Promise.all([
    db.selectFrom('users').select('id').where('phone', '=', shopPhone).executeTakeFirst(),
    db.selectFrom('users').select('id').where('phone', '=', DEMO_ADMIN.phone).executeTakeFirst(),
    db
      .selectFrom('works')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirst(),
  ]);
  if (!shop || !admin) return;
  const start = Date.now() - 26 * HOUR;
  const at = (hours: number) => new Date(start + hours * HOUR).toISOString();
  const messages: { fromStaff: boolean; content: string; hours: number; withWork: boolean }[] = [
    {
      fromStaff: false,
      content:
        '你好，我们在亚马逊和 Temu 上卖手机壳和帆布包。这件作品的素材授权可以用在海外店铺的商品和主图上吗？需要额外付费吗？',
      hours: 0,
      withWork: true,
    },
    {
      fromStaff: true,
      content:
        '您好，素材授权不限销售地区，国内外电商平台的商品、主图和详情页都可以使用，无需另付费用。授权期内可在授权书列明的品类里使用；如需某一品类内只有您一家使用，可以选择品类独家授权。',
      hours: 1,
      withWork: false,
    },
    {
      fromStaff: false,
      content:
        '明白了。如果我们把图案稍微改色、加上自己的店铺标志再印刷，还算在授权范围内吗？授权书上会写我们的公司名吗？',
      hours: 25,
      withWork: false,
    },
  ];
  await db.transaction().execute(async (trx) => {
    const thread = await trx
      .insertInto('service_threads')
      .values({
        user_id: shop.id,
        state: 'open',
        created_at: at(0),
        last_message_at: at(25),
        waiting_since: at(25),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, m] of messages.entries()) {
      await trx
        .insertInto('service_messages')
        .values({
          thread_id: thread.id,
          sender_id: m.fromStaff ? admin.id : shop.id,
          from_staff: m.fromStaff ? 1 : 0,
          content: m.content,
          work_id: m.withWork && work ? work.id : null,
          order_no: null,
          client_key: `demo-service-${i + 1}`,
          created_at: at(m.hours),
          // The staff answer and the question it answered were read; the follow-up waits.
          read_at: i < 2 ? at(m.hours + 0.5) : null,
        })
        .execute();
    }
    await setSeedMarker(trx, MARKER);
  });
}
