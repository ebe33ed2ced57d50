import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { AppDeps } from '../../deps';
import { chinaStamp } from '../../platform/china-time';
import { DEMO_ADMIN, DEMO_BUYERS } from './demo-catalogue';
import { seedMarkerSet, setSeedMarker } from './seed-marker';

// Demo 侵权投诉 (docs/complaints.md): one complaint waiting for the reviewer, with its evidence
// picture, and one the platform dismissed with a reason, so /admin/complaints and 我的投诉 open on
// real cases. Neither takes a work down: the demo catalogue stays whole. Its own marker.

const MARKER = 'demo_complaints';
const HOUR = 3_600_000;

type Case = {
  buyerIndex: number;
  workOffset: number;
  rights: string;
  description: string;
  ownWorkUrl: string;
  contact: string;
  dismissal: string | null;
  hoursAgo: number;
};

const CASES: Case[] = [
  {
    buyerIndex: 0,
    workOffset: 5,
    rights: '著作权',
    description:
      '该作品的主体纹样与我厂 2022 年自主设计并已量产的床品花型“暮春折枝”一致，只改动了底色。附件是我们的原稿扫描件，打样单和首批出货单可补充提供。',
    ownWorkUrl: 'https://www.zcool.com.cn/work/ZNjQ1MjM4MTI=.html',
    contact: '13700000001',
    dismissal: null,
    hoursAgo: 20,
  },
  {
    buyerIndex: 1,
    workOffset: 9,
    rights: '外观设计专利权',
    description:
      '我们店铺的手机壳外观设计已申请专利，该作品的几何排列与我们的产品图案相似，请平台核实。',
    ownWorkUrl: '',
    contact: 'service@kuajing-shop.cn',
    dismissal:
      '外观设计专利保护的是产品外形，该作品为平面纹样，且几何排列属于常见构成，未发现对具体设计的复制。如有专利证书与产品实物照片，可重新提交投诉。',
    hoursAgo: 72,
  },
];

export async function seedComplaints(deps: Pick<AppDeps, 'db' | 'storage'>): Promise<void> {
  const { db, storage } = deps;
  if (await seedMarkerSet(db, MARKER)) return;
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', DEMO_ADMIN.phone)
    .executeTakeFirst();
  const works = await db
    .selectFrom('works as w')
    .innerJoin('work_images as i', (join) =>
      join.onRef('i.work_id', '=', 'w.id').on('i.kind', '=', 'original'),
    )
    .select(['w.id', 'w.title', 'w.designer_id', 'i.storage_key'])
    .where('w.status', '=', 'published')
    .orderBy('w.id')
    .execute();
  if (!admin || works.length === 0) return;

  const now = Date.now();
  for (const [index, c] of CASES.entries()) {
    const phone = DEMO_BUYERS[c.buyerIndex]?.phone ?? '';
    const buyer = await db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirst();
    const work = works[c.workOffset % works.length];
    if (!buyer || !work || work.designer_id === buyer.id) continue;
    // The evidence: the complainant's "scan" of their original, a softened JPEG of the picture.
    const original = await storage.get(work.storage_key);
    if (!original) continue;
    const scan = await sharp(original.body)
      .resize(900, 900, { fit: 'inside' })
      .modulate({ brightness: 1.04, saturation: 0.9 })
      .jpeg({ quality: 80 })
      .toBuffer();
    const meta = await sharp(scan).metadata();
    const sha256 = createHash('sha256').update(scan).digest('hex');
    const fileKey = `private/attachments/${buyer.id}/${sha256.slice(0, 2)}/${sha256}.jpg`;
    await storage.put(fileKey, scan, 'image/jpeg');
    const at = (hours: number) => new Date(now - (c.hoursAgo - hours) * HOUR).toISOString();
    await db.transaction().execute(async (trx) => {
      const attachment = await trx
        .insertInto('attachments')
        .values({
          user_id: buyer.id,
          file_key: fileKey,
          name: '原稿扫描件.jpg',
          size: scan.length,
          width: meta.width ?? 0,
          height: meta.height ?? 0,
          format: 'jpeg',
          sha256,
          created_at: at(0),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const complaint = await trx
        .insertInto('complaints')
        .values({
          ref_no: `TS${chinaStamp(now - c.hoursAgo * HOUR)}${String(index + 1).padStart(8, '0')}`,
          request_key: `demo-complaint-${index + 1}`,
          complainant_id: buyer.id,
          work_id: work.id,
          designer_id: work.designer_id,
          work_title: work.title,
          rights: c.rights,
          description: c.description,
          own_work_url: c.ownWorkUrl,
          contact: c.contact,
          state: c.dismissal ? 'dismissed' : 'pending',
          created_at: at(0),
          updated_at: at(c.dismissal ? 30 : 0),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const filed = await trx
        .insertInto('complaint_events')
        .values({
          complaint_id: complaint.id,
          actor_id: buyer.id,
          actor_role: 'complainant',
          action: 'filed',
          text: c.description,
          created_at: at(0),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('complaint_files')
        .values({ complaint_id: complaint.id, event_id: filed.id, attachment_id: attachment.id })
        .execute();
      if (c.dismissal) {
        await trx
          .insertInto('complaint_events')
          .values({
            complaint_id: complaint.id,
            actor_id: admin.id,
            actor_role: 'admin',
            action: 'dismissed',
            text: c.dismissal,
            created_at: at(30),
          })
          .execute();
      }
    });
  }
  await setSeedMarker(db, MARKER);
}
