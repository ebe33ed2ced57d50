import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recvMsgParserService } from '@shared/contract/accounts';
import { reviewApplication, reviewWork } from '@shared/contract/admin';
import { getVerifyUrl } from '@shared/contract/identity';
import {
  getNoticeList,
  getNoticeUnreadCount,
  readAllNotices,
  recvMsgParser,
} from '@shared/contract/notices';
import {
  confirmBankTransfer,
  empowerCategory,
  orderReturnQrCode,
  submitOrder,
} from '@shared/contract/orders';
import { perfectCreationPic, publishCreation } from '@shared/contract/publishing';
import { subitShopApply } from '@shared/contract/settle-in';
import { applyWithdrawal, handleWithdrawal, subBankCertify } from '@shared/contract/wallet';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER, OTHER_BUYER } from '../../testing/catalogue-fixture';
import { buildPublishingApp, patternPng, validIdNumber } from '../../testing/publishing-fixture';
import type { PublishingFixture } from '../../testing/publishing-fixture';
import { testDatabases } from '../../testing/test-app';
import { designerAvailable, postTransfers, providerClearing } from '../finance/ledger';
import { sendNotice } from './notice-service';

const DESIGNER = '13900000003';

describe.each(testDatabases())('the message centre on $name', (database) => {
  let f: PublishingFixture;
  let admin: string;
  let designer: string;
  let designerId: number;
  let buyer: string;
  let seed = 900;

  const unread = async (token = designer) => (await f.ok(getNoticeUnreadCount, {}, token)).total;
  const list = (
    token: string,
    extra: Partial<Parameters<typeof f.ok<typeof getNoticeList>>[1]> = {},
  ) => f.ok(getNoticeList, { pageIndex: 1, pageSize: 20, filter: 'all', ...extra }, token);

  /** A work of the designer sent to review. */
  const workInReview = async (title: string) => {
    const file = await f.upload(designer, await patternPng(++seed));
    const draft = await f.ok(
      perfectCreationPic,
      {
        fileKey: file.fileKey,
        title,
        categoryKid: 101,
        style: 'floral',
        tags: ['花卉'],
        isSeamless: true,
        priceFen: 29_900,
      },
      designer,
    );
    const sent = await f.ok(publishCreation, { ids: [draft.work.id] }, designer);
    expect(sent.results[0]).toMatchObject({ ok: true });
    return draft.work.id;
  };

  beforeAll(async () => {
    f = await buildPublishingApp(database);
    admin = await f.signIn(DEMO_ADMIN.phone);
    designer = await f.signIn(DESIGNER);
    designerId = await f.userId(DESIGNER);
    buyer = await f.signIn(BUYER);
    // Start from an empty message centre for the designer (the demo sales may have told them).
    await f.deps.db.deleteFrom('notices').where('user_id', '=', designerId).execute();
  });
  afterAll(async () => {
    await f?.close();
  });

  it('opens the demo accounts on real notices: the welcome, settle-in and review results', async () => {
    const welcome = (await list(buyer, { kind: 'system' })).list;
    expect(welcome.map((n) => [n.title, n.link])).toEqual([['欢迎来到纹样', '/user/message']]);
    const qinghe = await f.signIn('13900000001');
    const review = (await list(qinghe, { kind: 'review' })).list;
    // The newest work's result is unread; the rest (at most one more work, then the application) read.
    expect(review.length).toBeGreaterThanOrEqual(2);
    expect(review[0]).toMatchObject({ title: '作品审核通过', readAt: null });
    expect(review.at(-1)!.title).toBe('入驻申请已通过');
    expect(review.slice(1).every((n) => n.readAt !== null)).toBe(true);
  });

  it('tells the designer of each work review, and the count falls as they read', async () => {
    expect(await unread()).toBe(0);
    const rejected = await workInReview('青花缠枝莲');
    const approved = await workInReview('海棠春信');
    await f.ok(reviewWork, { id: rejected, approve: false, reason: '图案边缘有水印' }, admin);
    expect(await unread()).toBe(1);
    await f.ok(reviewWork, { id: approved, approve: true, reason: '' }, admin);
    expect(await f.ok(getNoticeUnreadCount, {}, designer)).toEqual({
      total: 2,
      byKind: [{ kind: 'review', count: 2 }],
    });
    // A second decision on the same work is refused and tells nobody twice.
    const again = await f.call(reviewWork, { id: approved, approve: true, reason: '' }, admin);
    expect(again.body.code).not.toBe(1);
    expect(await unread()).toBe(2);

    const page = await list(designer);
    expect(page.total).toBe(2);
    expect(page.list.map((n) => [n.kind, n.title, n.readAt])).toEqual([
      ['review', '作品审核通过', null],
      ['review', '作品审核未通过', null],
    ]);
    expect(page.list[0]!.body).toContain('《海棠春信》');
    expect(page.list[0]!.link).toBe('/user/mywork');
    expect(page.list[1]!.body).toContain('图案边缘有水印');
    expect(page.list[1]!.link).toBe(`/publishWork?id=${rejected}`);

    const first = await f.ok(recvMsgParser, { ids: [page.list[1]!.id] }, designer);
    expect(first.marked).toBe(1);
    // A double click marks nothing twice and keeps the first reading time.
    const readAt = (await list(designer)).list[1]!.readAt;
    expect(readAt).not.toBeNull();
    expect((await f.ok(recvMsgParser, { ids: [page.list[1]!.id] }, designer)).marked).toBe(0);
    expect((await list(designer)).list[1]!.readAt).toBe(readAt);
    expect(await unread()).toBe(1);
    expect((await list(designer, { filter: 'unread' })).list.map((n) => n.title)).toEqual([
      '作品审核通过',
    ]);
  });

  it('tells the designer of each withdrawal step, inside its transaction', async () => {
    await f.ok(readAllNotices, {}, designer);
    const verify = await f.call(
      getVerifyUrl,
      { kind: 'personal', name: '柳青禾', number: validIdNumber(77, '458') },
      designer,
    );
    expect(verify.body.code, verify.body.msg).toBe(1);
    await f.ok(
      subBankCertify,
      { holderName: '柳青禾', bankCode: 'CMB', cardNumber: '6225 8812 3456 7890' },
      designer,
    );
    await f.deps.db.transaction().execute((trx) =>
      postTransfers(
        trx,
        [
          {
            id: `notices-test-fund:${designerId}`,
            debit: providerClearing('test'),
            credit: designerAvailable(designerId),
            amountFen: 100_000,
            kind: 'settlement',
          },
        ],
        new Date(f.deps.now()).toISOString(),
      ),
    );
    const idOf = async (no: string) =>
      (
        await f.deps.db
          .selectFrom('withdrawals')
          .select('id')
          .where('withdrawal_no', '=', no)
          .executeTakeFirstOrThrow()
      ).id;
    const paid = await f.ok(
      applyWithdrawal,
      { amountFen: 30_000, idemKey: 'notices-withdraw-key-1' },
      designer,
    );
    const refused = await f.ok(
      applyWithdrawal,
      { amountFen: 20_000, idemKey: 'notices-withdraw-key-2' },
      designer,
    );
    expect(await unread()).toBe(0);
    const step = (no: string, action: 'approve' | 'pay' | 'reject', extra = {}) =>
      idOf(no).then((id) =>
        f.call(handleWithdrawal, { id, action, paySerial: '', reason: '', ...extra }, admin),
      );
    expect((await step(paid.withdrawalNo, 'approve')).body.code).toBe(1);
    expect(await unread()).toBe(1);
    // Approving again (a double click) answers the row as it is and tells nobody again.
    expect((await step(paid.withdrawalNo, 'approve')).body.code).toBe(1);
    expect(await unread()).toBe(1);
    expect((await step(paid.withdrawalNo, 'pay', { paySerial: 'CMB20261124001' })).body.code).toBe(
      1,
    );
    expect(
      (await step(refused.withdrawalNo, 'reject', { reason: '银行卡户名与实名不符' })).body.code,
    ).toBe(1);
    const unreadNow = await f.ok(getNoticeUnreadCount, {}, designer);
    expect(unreadNow).toEqual({ total: 3, byKind: [{ kind: 'wallet', count: 3 }] });
    const titles = (await list(designer, { kind: 'wallet' })).list.map((n) => n.title);
    expect(titles).toEqual(['提现申请被驳回', '提现已打款', '提现申请已通过']);
    const rejectedNotice = (await list(designer, { kind: 'wallet' })).list[0]!;
    expect(rejectedNotice.body).toContain('¥200');
    expect(rejectedNotice.body).toContain('银行卡户名与实名不符');

    const marked = await f.ok(readAllNotices, { kind: 'wallet' }, designer);
    expect(marked.marked).toBe(3);
    expect(await unread()).toBe(0);
    expect((await f.ok(readAllNotices, {}, designer)).marked).toBe(0);
  });

  it('keeps my notices mine: others neither see nor mark them', async () => {
    await sendNotice(f.deps.db, {
      userId: designerId,
      kind: 'system',
      title: '账户安全提醒',
      body: '您的账号于新设备登录，如非本人操作请尽快修改密码。',
    });
    const mine = (await list(designer, { filter: 'unread' })).list[0]!;
    const buyerBefore = await unread(buyer);
    expect((await list(buyer)).list.some((n) => n.id === mine.id)).toBe(false);
    expect((await f.ok(recvMsgParser, { ids: [mine.id] }, buyer)).marked).toBe(0);
    await f.ok(readAllNotices, {}, buyer);
    await f.ok(recvMsgParserService, { sourceType: 0, source: 1 }, buyer);
    expect(await unread()).toBe(1);
    expect((await list(designer, { filter: 'unread' })).list[0]!.readAt).toBeNull();
    expect(await unread(buyer)).toBe(0);
    expect(buyerBefore).toBeGreaterThanOrEqual(0);
    // Signed out: refused.
    expect((await f.call(getNoticeUnreadCount, {})).status).toBe(401);
    expect(
      (await f.call(getNoticeList, { pageIndex: 1, pageSize: 20, filter: 'all' })).status,
    ).toBe(401);
    expect((await f.call(recvMsgParser, { ids: [mine.id] })).status).toBe(401);
    expect(await unread()).toBe(1);
  });

  it('pages newest first and filters by kind; RecvMsgParserService marks a kind read', async () => {
    await f.ok(readAllNotices, {}, designer);
    for (let i = 1; i <= 25; i++) {
      await sendNotice(f.deps.db, {
        userId: designerId,
        kind: i % 5 === 0 ? 'activity' : 'order',
        title: `测试消息 ${i}`,
        body: `第 ${i} 条消息`,
      });
    }
    const p1 = await list(designer, { filter: 'unread', pageSize: 10 });
    const p3 = await list(designer, { filter: 'unread', pageSize: 10, pageIndex: 3 });
    expect(p1.total).toBe(25);
    expect(p1.list.map((n) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `测试消息 ${25 - i}`),
    );
    expect(p3.list.map((n) => n.title)).toEqual(
      Array.from({ length: 5 }, (_, i) => `测试消息 ${5 - i}`),
    );
    expect((await list(designer, { kind: 'activity' })).total).toBe(5);
    // sourceType 7 is 'activity' (docs/notices.md): opening those marks only them read.
    expect(await f.ok(recvMsgParserService, { sourceType: 7, source: 2 }, designer)).toBe(true);
    expect(await f.ok(getNoticeUnreadCount, {}, designer)).toEqual({
      total: 20,
      byKind: [{ kind: 'order', count: 20 }],
    });
    const events = await f.deps.db
      .selectFrom('user_events')
      .select('detail')
      .where('user_id', '=', designerId)
      .where('kind', '=', 'message-source')
      .execute();
    expect(events.map((e) => JSON.parse(e.detail) as unknown)).toContainEqual({
      sourceType: 7,
      source: 2,
    });
    // sourceType 0 marks every kind read.
    await f.ok(recvMsgParserService, { sourceType: 0, source: 1 }, designer);
    expect(await unread()).toBe(0);
    // Bad input is refused with a message and changes nothing.
    const bad = await f.callRaw(recvMsgParser, { ids: [] }, designer);
    expect(bad.body.code).not.toBe(1);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
  it('tells buyers and designers of paid licence orders, and a confirmed bank transfer once', async () => {
    // The demo sales were paid through the provider notification: one notice per order and side.
    const paid = await f.deps.db
      .selectFrom('orders')
      .select(['order_no', 'buyer_id', 'designer_id', 'share_fen'])
      .where('state', 'in', ['paid', 'authorised'])
      .execute();
    expect(paid.length).toBeGreaterThan(0);
    const sent = await f.deps.db
      .selectFrom('notices')
      .select(['user_id', 'title', 'body', 'link'])
      .where('kind', '=', 'order')
      .execute();
    for (const o of paid) {
      const toBuyer = sent.filter(
        (n) =>
          n.user_id === o.buyer_id && n.title === '授权订单已支付' && n.body.includes(o.order_no),
      );
      expect(toBuyer, o.order_no).toHaveLength(1);
      expect(toBuyer[0]!.link).toBe(`/user/myorder/detail?orderNo=${o.order_no}`);
    }

    const other = await f.signIn(OTHER_BUYER);
    const otherId = await f.userId(OTHER_BUYER);
    const work = await f.deps.db
      .selectFrom('works')
      .select(['id', 'designer_id'])
      .where('status', '=', 'published')
      .where('header_type', '=', 4)
      .executeTakeFirstOrThrow();
    const info = await f.ok(empowerCategory, { creationId: work.id });
    const order = await f.ok(
      submitOrder,
      {
        creationId: work.id,
        licenceId: info.options[1]!.licenceId,
        categoryKids: [],
        keywords: [],
        customKey: '',
        termYears: 1,
        idemKey: `notices-bank-order-${Date.now()}`,
        agreed: true,
      },
      other,
    );
    const bank = await f.ok(orderReturnQrCode, { orderNo: order.orderNo, payMethod: 3 }, other);
    const before = await unread(other);
    const designerBefore = await f.deps.db
      .selectFrom('notices')
      .select('id')
      .where('user_id', '=', work.designer_id)
      .where('title', '=', '作品售出')
      .execute();
    const input = {
      payOrderNo: bank.payOrderNo,
      bankSerial: 'ICBC-NOTICE-1',
      amountFen: order.amountFen,
    };
    expect((await f.ok(confirmBankTransfer, input, admin)).orderState).toBe('paid');
    expect((await f.call(confirmBankTransfer, input, admin)).body.code).not.toBe(1);
    expect(await unread(other)).toBe(before + 1);
    const latest = (await list(other, { kind: 'order', pageSize: 1 })).list[0]!;
    expect(latest).toMatchObject({ title: '银行转账已确认', readAt: null });
    expect(latest.body).toContain(order.orderNo);
    const mine = await f.deps.db
      .selectFrom('notices')
      .select('id')
      .where('user_id', '=', otherId)
      .where('body', 'like', `%${order.orderNo}%`)
      .execute();
    expect(mine).toHaveLength(1);
    const designerAfter = await f.deps.db
      .selectFrom('notices')
      .select('id')
      .where('user_id', '=', work.designer_id)
      .where('title', '=', '作品售出')
      .execute();
    expect(designerAfter.length).toBe(designerBefore.length + 1);
  });
  it('tells an applicant whether their settle-in application passed', async () => {
    const apply = async (nickName: string, n: number) => {
      const user = await f.registerUser();
      const sample = await f.upload(user.token, await patternPng(++seed));
      const res = await f.callRaw(
        subitShopApply,
        {
          nickName,
          settledInType: 1,
          realName: '苏锦绣',
          idNumber: validIdNumber(n, '459'),
          contactPhone: '13912345678',
          contactEmail: 'jinxiu@example.com',
          industryIds: [1],
          intro: '擅长苏绣纹样与花鸟题材',
          sampleFileKeys: [sample.fileKey],
        },
        user.token,
      );
      expect(res.body.code, res.body.msg).toBe(1);
      return { ...user, applicationId: (res.body.data as { id: number }).id };
    };
    const rejected = await apply(`锦绣坊${Date.now() % 10_000}`, 81);
    await f.ok(
      reviewApplication,
      { id: rejected.applicationId, approve: false, reason: '作品样例不足以体现原创能力' },
      admin,
    );
    const [no] = (await list(rejected.token)).list;
    expect(no).toMatchObject({ kind: 'review', title: '入驻申请未通过', link: '/application' });
    expect(no!.body).toContain('作品样例不足以体现原创能力');
    // Deciding again is refused and sends nothing more.
    const again = await f.call(
      reviewApplication,
      { id: rejected.applicationId, approve: true, reason: '' },
      admin,
    );
    expect(again.body.code).not.toBe(1);
    expect(await unread(rejected.token)).toBe(1);

    const approved = await apply(`绣色${Date.now() % 10_000}`, 82);
    await f.ok(reviewApplication, { id: approved.applicationId, approve: true, reason: '' }, admin);
    expect((await list(approved.token)).list.map((n) => n.title)).toEqual(['入驻申请已通过']);
  });
});
