import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactCustomerService,
  getMyServiceThread,
  getServiceThread,
  getServiceThreads,
  getServiceUnreadCount,
  replyServiceThread,
  setServiceThreadState,
} from '@shared/contract/customer-service';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER, OTHER_BUYER } from '../../testing/catalogue-fixture';
import { buildPublishingApp, patternPng } from '../../testing/publishing-fixture';
import type { PublishingFixture } from '../../testing/publishing-fixture';
import { testDatabases } from '../../testing/test-app';
import { SERVICE_THROTTLE } from './routes';

const key = () => randomBytes(8).toString('hex');

/** A PNG of random pixels: it does not compress, so `side` sets its size in bytes. */
async function noisePng(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe.each(testDatabases())('在线客服 ($name)', (database) => {
  let f: PublishingFixture;
  let admin: string;
  let buyer: string;
  let other: string;
  let buyerId: number;
  let workId: number;
  let workTitle: string;

  const messageCount = async () => {
    const row = await f.deps.db
      .selectFrom('service_messages')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const serviceNotices = async (userId: number) =>
    f.deps.db
      .selectFrom('notices')
      .select(['title', 'body', 'link', 'read_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'service')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    f = await buildPublishingApp(database);
    admin = await f.signIn(DEMO_ADMIN.phone);
    buyer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
    buyerId = await f.userId(BUYER);
    const work = await f.deps.db
      .selectFrom('works')
      .select(['id', 'title'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    workId = work.id;
    workTitle = work.title;
  });
  afterAll(async () => {
    await f?.close();
  });

  it('asks a guest to sign in before writing or reading', async () => {
    const sent = await f.call(contactCustomerService, {
      content: '你好',
      imageKeys: [],
      clientKey: key(),
    });
    expect(sent.status).toBe(401);
    expect((await f.call(getMyServiceThread, {})).status).toBe(401);
  });

  it('seeds one demo thread waiting for staff, sent no notice', async () => {
    const page = await f.ok(
      getServiceThreads,
      { state: 'open', pageIndex: 1, pageSize: 20 },
      admin,
    );
    expect(page.list).toHaveLength(1);
    expect(page.list[0]?.user.id).toBe(await f.userId(OTHER_BUYER));
    expect(page.list[0]?.waitingSince).not.toBeNull();
    expect(page.list[0]?.unread).toBe(1);
    expect(page.list[0]?.context.workId).not.toBeNull();
    const seen = await f.ok(getServiceThread, { threadId: page.list[0]!.id }, admin);
    expect(seen.messages.map((m) => m.fromStaff)).toEqual([false, true, false]);
    expect((await f.ok(getServiceUnreadCount, {}, other)).unread).toBe(0);
  });

  it('opens one thread from a work page with text and an image, and later messages join it', async () => {
    expect((await f.ok(getMyServiceThread, {}, buyer)).thread).toBeNull();
    const png = await f.upload(buyer, await patternPng(3, 200));
    const first = await f.ok(
      contactCustomerService,
      {
        content: '  这件作品可以用在丝巾上吗？ ',
        imageKeys: [png.fileKey],
        clientKey: key(),
        workId,
      },
      buyer,
    );
    expect(first.state).toBe('open');
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0]).toMatchObject({
      fromStaff: false,
      content: '这件作品可以用在丝巾上吗？',
      context: { workId, workTitle, orderNo: null },
      read: false,
    });
    expect(first.messages[0]?.images).toHaveLength(1);
    expect(first.messages[0]?.images[0]?.url).toMatch(/^\/files\/private\/uploads\//);

    // The image is served to the thread's reader through its signed URL.
    const image = await f.app.inject({ method: 'GET', url: first.messages[0]!.images[0]!.url });
    expect(image.statusCode).toBe(200);

    const again = key();
    const second = await f.ok(
      contactCustomerService,
      { content: '需要独家授权', imageKeys: [], clientKey: again },
      buyer,
    );
    expect(second.id).toBe(first.id);
    // Read again (the conversation polls), the image URLs stay the same: no reload in the browser.
    expect(second.messages[0]?.images).toEqual(first.messages[0]?.images);
    expect(second.messages.map((m) => m.content)).toEqual([
      '这件作品可以用在丝巾上吗？',
      '需要独家授权',
    ]);

    // A retry (or a double click) with the same key stores nothing more.
    const before = await messageCount();
    const retried = await Promise.all([
      f.ok(
        contactCustomerService,
        { content: '需要独家授权', imageKeys: [], clientKey: again },
        buyer,
      ),
      f.ok(
        contactCustomerService,
        { content: '需要独家授权', imageKeys: [], clientKey: again },
        buyer,
      ),
    ]);
    expect(retried.map((t) => t.messages.length)).toEqual([2, 2]);
    expect(await messageCount()).toBe(before);
  });

  it('shows staff the waiting thread with its context; a reply notifies the user and counts as unread', async () => {
    const page = await f.ok(
      getServiceThreads,
      { state: 'open', pageIndex: 1, pageSize: 20 },
      admin,
    );
    const row = page.list.find((t) => t.user.id === buyerId);
    expect(row).toMatchObject({
      state: 'open',
      preview: '需要独家授权',
      unread: 2,
      context: { workId, workTitle, orderNo: null },
    });
    expect(row?.waitingSince).not.toBeNull();
    const threadId = row!.id;

    const seen = await f.ok(getServiceThread, { threadId }, admin);
    expect(seen.user.id).toBe(buyerId);
    expect(seen.messages).toHaveLength(2);
    const afterRead = await f.ok(
      getServiceThreads,
      { state: 'open', pageIndex: 1, pageSize: 20 },
      admin,
    );
    expect(afterRead.list.find((t) => t.id === threadId)?.unread).toBe(0);

    expect((await f.ok(getServiceUnreadCount, {}, buyer)).unread).toBe(0);
    const jpg = await f.upload(
      admin,
      await sharp(await patternPng(4, 160))
        .jpeg()
        .toBuffer(),
    );
    const replied = await f.ok(
      replyServiceThread,
      {
        threadId,
        content: '可以用于丝巾，购买品类独家授权即可，示意图见附件。',
        imageKeys: [jpg.fileKey],
        clientKey: key(),
      },
      admin,
    );
    expect(replied.messages.at(-1)).toMatchObject({ fromStaff: true, read: false });
    expect(replied.messages.at(-1)?.images).toHaveLength(1);

    expect((await f.ok(getServiceUnreadCount, {}, buyer)).unread).toBe(1);
    expect(await serviceNotices(buyerId)).toEqual([
      {
        title: '客服已回复您的咨询',
        body: '可以用于丝巾，购买品类独家授权即可，示意图见附件。',
        link: '/user/service',
        read_at: null,
      },
    ]);
    const waiting = await f.ok(
      getServiceThreads,
      { state: 'open', pageIndex: 1, pageSize: 20 },
      admin,
    );
    expect(waiting.list.find((t) => t.id === threadId)?.waitingSince).toBeNull();

    // The user reads the whole thread; the reply is then read and the badge clears.
    const mine = await f.ok(getMyServiceThread, {}, buyer);
    expect(mine.thread?.messages.map((m) => m.fromStaff)).toEqual([false, false, true]);
    expect(mine.thread?.messages.slice(0, 2).every((m) => m.read)).toBe(true);
    expect((await f.ok(getServiceUnreadCount, {}, buyer)).unread).toBe(0);
    const staffView = await f.ok(getServiceThread, { threadId }, admin);
    expect(staffView.messages.at(-1)?.read).toBe(true);
  });

  it('lets no one but the thread’s user and admins read it', async () => {
    const threadId = (await f.ok(getMyServiceThread, {}, buyer)).thread!.id;
    // The other buyer sees only their own (demo) thread, never the buyer's messages.
    const theirs = (await f.ok(getMyServiceThread, {}, other)).thread;
    expect(theirs?.id).not.toBe(threadId);
    expect(theirs?.messages.some((m) => m.content.includes('丝巾'))).toBe(false);
    for (const c of [
      f.call(getServiceThread, { threadId }, other),
      f.call(getServiceThreads, { state: 'open', pageIndex: 1, pageSize: 20 }, other),
      f.call(
        replyServiceThread,
        { threadId, content: '冒充客服', imageKeys: [], clientKey: key() },
        buyer,
      ),
      f.call(setServiceThreadState, { threadId, state: 'closed' }, buyer),
    ]) {
      const res = await c;
      expect(res.body.code).toBe(1003);
      expect(res.body.msg).toBe('需要管理员权限');
    }
    // Another user cannot attach the buyer's upload either.
    const png = await f.upload(buyer, await patternPng(5, 120));
    const res = await f.call(
      contactCustomerService,
      { content: '看看这个', imageKeys: [png.fileKey], clientKey: key() },
      other,
    );
    expect(res.body.msg).toBe('图片不存在或不是你上传的，请重新上传');
  });

  it('takes png and jpg of at most 2 MB, read from the bytes, and refuses everything else', async () => {
    const before = await messageCount();
    const send = (imageKeys: string[]) =>
      f.call(contactCustomerService, { content: '附图', imageKeys, clientKey: key() }, other);

    const webp = await f.upload(
      other,
      await sharp(await patternPng(6, 120))
        .webp()
        .toBuffer(),
    );
    expect((await send([webp.fileKey])).body.msg).toBe('图片只支持 png、jpg 格式');

    const big = await noisePng(900);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const large = await f.upload(other, big);
    expect((await send([large.fileKey])).body.msg).toBe('图片大小不能超过 2MB');

    expect((await send(['private/uploads/1/aa/made-up.png'])).body.msg).toBe(
      '图片不存在或不是你上传的，请重新上传',
    );
    // A text file named .png never becomes an upload: the endpoint reads its bytes.
    await expect(f.upload(other, Buffer.from('not an image, only named like one'))).rejects.toThrow(
      /upload failed/,
    );
    const five = await Promise.all(
      [7, 8, 9, 10, 11].map(async (n) => (await f.upload(other, await patternPng(n, 64))).fileKey),
    );
    expect(
      (
        await f.callRaw(
          contactCustomerService,
          { content: '附图', imageKeys: five, clientKey: key() },
          other,
        )
      ).body.code,
    ).not.toBe(1);
    expect(await messageCount()).toBe(before);

    // A jpg renamed or not, read as jpeg, is taken.
    const jpg = await f.upload(
      other,
      await sharp(await patternPng(12, 120))
        .jpeg()
        .toBuffer(),
    );
    expect((await send([jpg.fileKey])).body.code).toBe(1);
  });

  it('takes 1 to 1000 characters and changes nothing otherwise', async () => {
    const before = await messageCount();
    const send = (content: string) =>
      f.call(contactCustomerService, { content, imageKeys: [], clientKey: key() }, other);
    expect((await send('')).body.msg).toBe('请输入消息内容');
    expect((await send(' \n  ')).body.msg).toBe('请输入消息内容');
    expect((await send('纹'.repeat(1001))).body.msg).toBe('消息内容不能超过 1000 个字');
    expect(await messageCount()).toBe(before);
    expect((await send('纹'.repeat(1000))).body.code).toBe(1);
    expect(await messageCount()).toBe(before + 1);
  });

  it('carries the user’s own order number, and refuses someone else’s', async () => {
    const buyerOrder = await f.deps.db
      .selectFrom('orders')
      .select('order_no')
      .where('buyer_id', '=', buyerId)
      .executeTakeFirstOrThrow();
    const ask = { content: '这个订单的发票', imageKeys: [], orderNo: buyerOrder.order_no };
    const refused = await f.call(contactCustomerService, { ...ask, clientKey: key() }, other);
    expect(refused.body.msg).toBe('咨询的订单不存在');
    const thread = await f.ok(contactCustomerService, { ...ask, clientKey: key() }, buyer);
    expect(thread.messages.at(-1)?.context.orderNo).toBe(buyerOrder.order_no);
    const missingWork = await f.call(
      contactCustomerService,
      { content: '这个作品', imageKeys: [], clientKey: key(), workId: 99_999_999 },
      buyer,
    );
    expect(missingWork.body.msg).toBe('咨询的作品不存在');
  });

  it('closes and reopens a thread; after closing, a new message opens a new thread', async () => {
    const threadId = (await f.ok(getMyServiceThread, {}, buyer)).thread!.id;
    const closed = await f.ok(setServiceThreadState, { threadId, state: 'closed' }, admin);
    expect(closed.state).toBe('closed');
    const twice = await f.call(setServiceThreadState, { threadId, state: 'closed' }, admin);
    expect(twice.body.msg).toBe('该会话已关闭');
    const reply = await f.call(
      replyServiceThread,
      { threadId, content: '补充一句', imageKeys: [], clientKey: key() },
      admin,
    );
    expect(reply.body.msg).toBe('该会话已关闭');

    // The closed thread is still the user's to read until they write again.
    expect((await f.ok(getMyServiceThread, {}, buyer)).thread?.state).toBe('closed');
    const next = await f.ok(
      contactCustomerService,
      { content: '还有一个问题', imageKeys: [], clientKey: key() },
      buyer,
    );
    expect(next.id).not.toBe(threadId);
    expect(next.messages).toHaveLength(1);

    const reopen = await f.call(setServiceThreadState, { threadId, state: 'open' }, admin);
    expect(reopen.body.msg).toBe('该用户已有进行中的会话，请在那个会话中回复');
    await f.ok(setServiceThreadState, { threadId: next.id, state: 'closed' }, admin);
    const reopened = await f.ok(setServiceThreadState, { threadId, state: 'open' }, admin);
    expect(reopened.state).toBe('open');
    const closedList = await f.ok(
      getServiceThreads,
      { state: 'closed', pageIndex: 1, pageSize: 20 },
      admin,
    );
    expect(closedList.list.map((t) => t.id)).toContain(next.id);
  });

  it('opens a single thread when a user’s first two messages arrive at once', async () => {
    const { token, userId } = await f.registerUser();
    const threads = await Promise.all(
      ['第一条', '第二条', '第三条'].map((content) =>
        f.ok(contactCustomerService, { content, imageKeys: [], clientKey: key() }, token),
      ),
    );
    expect(new Set(threads.map((t) => t.id)).size).toBe(1);
    const open = await f.deps.db
      .selectFrom('service_threads')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('slows a user down who sends too many messages in a minute', async () => {
    const { token } = await f.registerUser();
    const answers: string[] = [];
    for (let i = 0; i <= SERVICE_THROTTLE.userPerMinute; i++) {
      const res = await f.call(
        contactCustomerService,
        { content: `第 ${i + 1} 条`, imageKeys: [], clientKey: key() },
        token,
      );
      answers.push(res.body.msg);
    }
    expect(answers.slice(0, SERVICE_THROTTLE.userPerMinute).every((m) => m === '')).toBe(true);
    expect(answers.at(-1)).toBe('发送太频繁，请稍后再试');
  });
});
