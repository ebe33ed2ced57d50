import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_UPLOAD_PATH,
  addComplainRecord,
  answerComplaint,
  decideComplaint,
  getAdminComplaintList,
  getComplaintDetail,
  getComplaintReview,
  getMyComplaints,
} from '@shared/contract/complaints';
import type { Attachment } from '@shared/contract/complaints';
import type { CallRequest } from '@shared/contract/define';
import { getSearchCreationList } from '@shared/contract/word-search';
import { getCreationDetail, getCreationList } from '@shared/contract/works';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture, Envelope } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

/** A real picture of `side` pixels square with some noise, as PNG or JPEG. */
async function picture(side: number, seed: number, format: 'png' | 'jpeg' = 'png') {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31 + seed * 17 + ((i * i) % 251)) % 256;
  const image = sharp(raw, { raw: { width: side, height: side, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

describe.each(testDatabases())('infringement complaints ($name)', (database) => {
  let f: CatalogueFixture;
  let admin: string;
  let buyer: string;
  let other: string;
  let designer: string;
  let work: { id: number; title: string; designer_id: number };
  let seed = 0;
  let copyId = 0;
  /** The demo complaints the seed adds (seed-complaints.ts). */
  let seeded = 0;

  const upload = async (token: string | undefined, name: string, body: Buffer) => {
    const res = await f.app.inject({
      method: 'PUT',
      url: `${ATTACHMENT_UPLOAD_PATH}?name=${encodeURIComponent(name)}`,
      payload: body,
      headers: { 'content-type': 'application/octet-stream', ...(token ? { token } : {}) },
    });
    return { status: res.statusCode, body: res.json<Envelope<Attachment>>() };
  };
  const evidence = async (token: string, name = `证据${++seed}.png`) => {
    const res = await upload(token, name, await picture(300, ++seed));
    expect(res.body.code).toBe(1);
    return res.body.data!;
  };
  const form = (
    fileIds: number[],
    extra: Partial<CallRequest<typeof addComplainRecord>> = {},
  ): CallRequest<typeof addComplainRecord> => ({
    workId: work.id,
    rights: '著作权',
    description: '该作品与我 2023 年发表的原创花型《缠枝牡丹》构图、配色完全一致，仅做了裁切。',
    ownWorkUrl: 'https://www.zcool.com.cn/work/ZNjQ1MjM4MTI=.html',
    contact: '13712345678',
    attachmentIds: fileIds,
    requestKey: `form-${++seed}-key`,
    ...extra,
  });
  const complaintCount = async () =>
    Number(
      (
        await f.deps.db
          .selectFrom('complaints')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const noticesOf = async (userId: number) =>
    f.deps.db
      .selectFrom('notices')
      .select(['kind', 'title', 'body', 'link'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'complaint')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    f = await buildCatalogueApp(database, 8);
    admin = await f.signIn(DEMO_ADMIN.phone);
    buyer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
    work = await f.deps.db
      .selectFrom('works')
      .select(['id', 'title', 'designer_id'])
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const phone = await f.deps.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', work.designer_id)
      .executeTakeFirstOrThrow();
    designer = await f.signIn(phone.phone ?? '');
    await f.app.imageIndex.whenIdle();
    // A possible original for the reviewer: another published work whose picture is the same.
    const copy = await f.deps.db
      .selectFrom('works')
      .select('id')
      .where('status', '=', 'published')
      .where('designer_id', '!=', work.designer_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    copyId = copy.id;
    const keys = await f.deps.db
      .selectFrom('work_images')
      .select(['work_id', 'storage_key'])
      .where('work_id', 'in', [work.id, copy.id])
      .where('kind', '=', 'original')
      .execute();
    const key = (id: number) => keys.find((k) => k.work_id === id)!.storage_key;
    const bytes = (await f.deps.storage.get(key(work.id)))!;
    await f.deps.storage.put(key(copy.id), bytes.body, bytes.contentType);
    await f.deps.db.deleteFrom('work_image_descriptors').where('work_id', '=', copy.id).execute();
    await f.app.imageIndex.indexWork(copy.id);
    seeded = await complaintCount();
  });
  afterAll(async () => {
    await f?.close();
  });

  describe('attachments (the generic upload check on the server)', () => {
    it('stores a png or jpg as a private file and answers its id; the same bytes twice are one file', async () => {
      const bytes = await picture(240, 1, 'jpeg');
      const first = await upload(buyer, '截图.jpg', bytes);
      expect(first.body).toMatchObject({ code: 1, data: { name: '截图.jpg', width: 240 } });
      const again = await upload(buyer, '截图.jpg', bytes);
      expect(again.body.data?.id).toBe(first.body.data?.id);
      const row = await f.deps.db
        .selectFrom('attachments')
        .select('file_key')
        .where('id', '=', first.body.data!.id)
        .executeTakeFirstOrThrow();
      expect(await f.deps.storage.exists(row.file_key)).toBe(true);
      expect(row.file_key.startsWith('private/')).toBe(true);
    });

    it('refuses by content: a gif renamed .png, a tiny picture, a file of 2 MB, and guests', async () => {
      const before = await f.deps.db.selectFrom('attachments').select('id').execute();
      const gif = await sharp(await picture(200, 2))
        .gif()
        .toBuffer();
      expect((await upload(buyer, '伪装.png', gif)).body.msg).toBe(
        '伪装.png 格式不正确，只能上传 png、jpg 格式的图片',
      );
      const strip = await sharp(Buffer.alloc(50 * 900 * 3, 120), {
        raw: { width: 50, height: 900, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect((await upload(buyer, '细条.png', strip)).body.msg).toBe(
        '细条.png 尺寸为 50×900 像素，宽和高需在 100 到 8000 像素之间',
      );
      const big = Buffer.concat([await picture(200, 3), Buffer.alloc(2 * 1024 * 1024)]);
      expect((await upload(buyer, '大图.png', big)).body.msg).toBe(
        '大图.png 太大了，图片需小于 2M',
      );
      expect((await upload(buyer, 'x.png', Buffer.from('hello'))).body.msg).toBe(
        'x.png 太小了，图片不能小于 1KB',
      );
      expect((await upload(undefined, 'a.png', await picture(200, 4))).status).toBe(401);
      expect(await f.deps.db.selectFrom('attachments').select('id').execute()).toHaveLength(
        before.length,
      );
    });
  });

  it('refuses bad input with a clear message and saves nothing', async () => {
    // The demo's two cases (one waiting, one dismissed) are there before any test files one.
    expect(seeded).toBe(2);
    const file = await evidence(buyer);
    const cases: [Partial<CallRequest<typeof addComplainRecord>>, string][] = [
      [{ rights: '随便' }, '请选择被侵犯的权利'],
      [{ description: '侵权了' }, '请描述侵权情况，至少 10 个字'],
      [
        { ownWorkUrl: 'http://example.com/a' },
        '原作品链接需以 https:// 开头，或填写本站作品页地址',
      ],
      [{ ownWorkUrl: 'javascript:alert(1)' }, '原作品链接需以 https:// 开头，或填写本站作品页地址'],
      [{ contact: '微信' }, '请填写联系方式（11 位手机号或邮箱）'],
    ];
    for (const [patch, msg] of cases) {
      const res = await f.call(addComplainRecord, form([file.id], patch), buyer);
      expect(res.body.msg).toBe(msg);
    }
    // Someone else's attachment, no evidence, a missing work, one's own work.
    const othersFile = await evidence(other);
    expect((await f.call(addComplainRecord, form([othersFile.id]), buyer)).body.msg).toBe(
      '附件不存在或不属于你，请重新上传',
    );
    expect((await f.callRaw(addComplainRecord, { ...form([]) }, buyer)).body.code).not.toBe(1);
    expect(
      (await f.call(addComplainRecord, form([file.id], { workId: 999_999 }), buyer)).body.msg,
    ).toBe('作品不存在或已下架，无需投诉');
    const ownFile = await evidence(designer);
    expect((await f.call(addComplainRecord, form([ownFile.id]), designer)).body.msg).toBe(
      '不能投诉自己的作品',
    );
    expect((await f.call(addComplainRecord, form([file.id]))).status).toBe(401);
    expect(await complaintCount()).toBe(seeded);
  });

  it('makes one complaint of a double submit, and refuses a second open one on the same work', async () => {
    const file = await evidence(other);
    const input = form([file.id]);
    const [a, b] = await Promise.all([
      f.call(addComplainRecord, input, other),
      f.call(addComplainRecord, input, other),
    ]);
    expect(a.body.code).toBe(1);
    expect(b.body.code).toBe(1);
    expect(b.body.data?.refNo).toBe(a.body.data?.refNo);
    const retry = await f.ok(addComplainRecord, input, other);
    expect(retry.id).toBe(a.body.data?.id);
    expect(await complaintCount()).toBe(seeded + 1);
    const second = await f.call(addComplainRecord, form([file.id]), other);
    expect(second.body.msg).toBe(`你已投诉过该作品（编号 ${a.body.data!.refNo}），平台正在处理中`);
    expect(await complaintCount()).toBe(seeded + 1);
    // Closed again for the next test: the admin dismisses it.
    await f.ok(
      decideComplaint,
      { id: a.body.data!.id, decision: 'dismiss', reason: '证据不足' },
      admin,
    );
  });

  it('goes from filing to take-down and back: the work leaves list and search, the designer is notified and answers, the admin restores', async () => {
    const designerId = work.designer_id;
    const buyerId = await f.userId(BUYER);
    const files = [await evidence(buyer), await evidence(buyer)];
    const filed = await f.ok(addComplainRecord, form(files.map((x) => x.id)), buyer);
    expect(filed.refNo).toMatch(/^TS\d{14}\d{8}$/);
    expect(filed.state).toBe('pending');

    // Both sides see it in their lists.
    const mine = await f.ok(getMyComplaints, { pageIndex: 1, pageSize: 20, side: 'filed' }, buyer);
    expect(mine.list[0]).toMatchObject({ id: filed.id, state: 'pending', workTitle: work.title });
    const against = await f.ok(
      getMyComplaints,
      { pageIndex: 1, pageSize: 20, side: 'against' },
      designer,
    );
    expect(against.list.map((c) => c.id)).toContain(filed.id);
    expect((await noticesOf(designerId)).at(-1)?.title).toBe('你的作品收到一条侵权投诉');

    // The designer reads it without the complainant's contact.
    const asDesigner = await f.ok(getComplaintDetail, { id: filed.id }, designer);
    expect(asDesigner).toMatchObject({ viewerRole: 'designer', contact: '', canAnswer: true });
    expect(asDesigner.events[0]).toMatchObject({ action: 'filed', actorRole: 'complainant' });
    expect(asDesigner.events[0]?.files.map((x) => x.name)).toEqual(files.map((x) => x.name));

    // The reviewer sees the complaint beside the work and the engine's closest published works.
    const review = await f.ok(getComplaintReview, { id: filed.id }, admin);
    expect(review.work).toMatchObject({ id: work.id, statusTitle: '已发布' });
    expect(review.work.imageUrl).not.toBe('');
    expect(review.matches[0]).toMatchObject({ workId: copyId, score: 1 });
    for (const m of review.matches) {
      expect(m.workId).not.toBe(work.id);
      expect(m.score).toBeGreaterThanOrEqual(0);
      expect(m.score).toBeLessThanOrEqual(1);
    }
    const queue = await f.ok(getAdminComplaintList, { pageIndex: 1, pageSize: 20 }, admin);
    expect(queue.list[0]).toMatchObject({ id: filed.id, state: 'pending' });

    // More information is asked; the complainant gives it and it waits again.
    await f.ok(
      decideComplaint,
      { id: filed.id, decision: 'requestInfo', reason: '请提供原作的创作时间证明' },
      admin,
    );
    const more = await evidence(buyer);
    const supplemented = await f.ok(
      answerComplaint,
      { id: filed.id, text: '附上原稿源文件的创建时间截图。', attachmentIds: [more.id] },
      buyer,
    );
    expect(supplemented.state).toBe('pending');

    // Take-down: through publishing, so the work leaves the list, the detail and the word search.
    const down = await f.ok(
      decideComplaint,
      { id: filed.id, decision: 'takeDown', reason: '' },
      admin,
    );
    expect(down.state).toBe('taken_down');
    const twice = await f.call(
      decideComplaint,
      { id: filed.id, decision: 'takeDown', reason: '' },
      admin,
    );
    expect(twice.body.msg).toBe('投诉状态已变化，请刷新后再操作');
    expect(
      (
        await f.deps.db
          .selectFrom('works')
          .select('status')
          .where('id', '=', work.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('offline');
    const list = await f.ok(getCreationList, { pageIndex: 1, pageSize: 60 });
    expect(list.list.map((w) => w.id)).not.toContain(work.id);
    expect((await f.call(getCreationDetail, { id: work.id }, buyer)).body.code).not.toBe(1);
    const found = await f.ok(getSearchCreationList, {
      keyword: work.title,
      pageIndex: 1,
      pageSize: 60,
    });
    expect(found.list.map((w) => w.id)).not.toContain(work.id);
    const notice = (await noticesOf(designerId)).at(-1);
    expect(notice).toMatchObject({
      kind: 'complaint',
      title: '你的作品因侵权投诉已下架',
      link: `/user/complaints?id=${filed.id}`,
    });
    expect(notice?.body).toContain(filed.refNo);

    // The designer answers with counter-evidence; the complainant is told.
    const proof = await evidence(designer);
    const countered = await f.ok(
      answerComplaint,
      {
        id: filed.id,
        text: '该花型为本人 2021 年原创，附手稿照片与源文件截图。',
        attachmentIds: [proof.id],
      },
      designer,
    );
    expect(countered).toMatchObject({ state: 'countered', canAnswer: false });
    expect((await noticesOf(buyerId)).at(-1)?.title).toBe('被投诉的设计师提交了申诉');

    // The admin restores the work: it is back in the list and the search.
    const restored = await f.ok(
      decideComplaint,
      { id: filed.id, decision: 'restore', reason: '设计师提供的手稿早于投诉人作品' },
      admin,
    );
    expect(restored.state).toBe('restored');
    expect((await f.ok(getCreationDetail, { id: work.id }, buyer)).id).toBe(work.id);
    const back = await f.ok(getSearchCreationList, {
      keyword: work.title,
      pageIndex: 1,
      pageSize: 60,
    });
    expect(back.list.map((w) => w.id)).toContain(work.id);
    expect((await noticesOf(designerId)).at(-1)?.title).toBe('你的作品已恢复上架');

    // Every step is in the log both parties read.
    const log = await f.ok(getComplaintDetail, { id: filed.id }, buyer);
    expect(log.events.map((e) => [e.actorRole, e.action])).toEqual([
      ['complainant', 'filed'],
      ['admin', 'info_requested'],
      ['complainant', 'supplemented'],
      ['admin', 'taken_down'],
      ['designer', 'countered'],
      ['admin', 'restored'],
    ]);
    expect(log.events[4]?.files.map((x) => x.id)).toEqual([proof.id]);
    expect(log.contact).toBe('13712345678');
  });

  it('lets no one else read or answer a complaint, and admin calls only to admins', async () => {
    const { list } = await f.ok(
      getMyComplaints,
      { pageIndex: 1, pageSize: 20, side: 'filed' },
      buyer,
    );
    const id = list[0]!.id;
    const stranger = await f.call(getComplaintDetail, { id }, other);
    expect(stranger.body.msg).toBe('投诉不存在');
    const answerAttempt = await f.call(
      answerComplaint,
      { id, text: '我也来说两句话', attachmentIds: [] },
      other,
    );
    expect(answerAttempt.body.msg).toBe('投诉不存在');
    expect((await f.call(getComplaintReview, { id }, buyer)).body.code).toBe(1003);
    expect(
      (await f.call(decideComplaint, { id, decision: 'dismiss', reason: 'x' }, designer)).body.code,
    ).toBe(1003);
    expect((await f.call(getComplaintDetail, { id })).status).toBe(401);
  });
});
