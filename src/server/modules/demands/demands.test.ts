import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adoptManuscript,
  applyDemand,
  checkPublish,
  closeDemand,
  collectDemand,
  demandEdit,
  getCenterDemand,
  getDemand,
  getDemandDetailBase,
  getDemandManuscriptList,
  getManuscriptOriginal,
  getMyCollectionDemand,
  getMyPublishDemand,
  getSignUpDemand,
  publishDemand,
  refuseManuscript,
  submitManuscript,
} from '@shared/contract/demands';
import type { CallRequest } from '@shared/contract/define';
import {
  getMemberQrCode,
  getShowMemberPackageList,
  getUserBalance,
  orderMemberReturnQrCode,
} from '@shared/contract/membership';
import { DEMAND_MSG, DEMAND_QUOTA_CODE } from '@shared/rules/demand';
import { DEMO_DESIGNERS } from '../../db/seed/demo-catalogue';
import { BUYER, OTHER_BUYER } from '../../testing/catalogue-fixture';
import { buildPublishingApp, patternPng } from '../../testing/publishing-fixture';
import type { PublishingFixture } from '../../testing/publishing-fixture';
import { testDatabases } from '../../testing/test-app';
import { auditLedger, balanceOf, demandEscrow, designerAvailable } from '../finance/ledger';
import { closeOverdueDemands } from './demand-service';
import { DEMAND_SERVER_MSG } from './messages';

const DAY = 86_400_000;

describe.each(testDatabases())('custom-pattern demands ($name)', (database) => {
  let f: PublishingFixture;
  let customer: string;
  let other: string;
  let designer: string;
  let designer2: string;
  let designerId: number;
  let seed = 500;
  let request = 0;

  const confirm = (payOrderNo: string) =>
    f.app.inject({ method: 'POST', url: `/pay/sandbox/${payOrderNo}` });
  const recharge = async (token: string, amountFen: number) => {
    const qr = await f.ok(orderMemberReturnQrCode, { amountFen, payMethod: 1 }, token);
    await confirm(qr.payOrderNo);
  };
  const becomeMember = async (token: string) => {
    const pkg = (await f.ok(getShowMemberPackageList, { type: 3, source: 1 })).find(
      (p) => p.price === 9800,
    )!;
    const qr = await f.ok(
      getMemberQrCode,
      { typeId: pkg.id, payMethod: 2, device: 1, amount: 1 },
      token,
    );
    await confirm(qr.payOrderNo);
  };
  const draft = (
    over: Partial<CallRequest<typeof publishDemand>> = {},
  ): CallRequest<typeof publishDemand> => ({
    requestId: `req-${database.name}-${++request}-abcdef`,
    title: '婴童家纺小碎花四方连续',
    kid: 201,
    type: 1,
    description: '用于婴儿床品与睡袋，柔和的粉蓝配色，小碎花四方连续，循环尺寸 64cm。',
    rewardFen: 80_000,
    quota: 2,
    days: 14,
    referenceKeys: [],
    ...over,
  });
  const balance = async (token: string) => (await f.ok(getUserBalance, {}, token)).balanceFen;
  const remainT28 = async (phone: string) =>
    (
      await f.deps.db
        .selectFrom('user_auths')
        .select('remain')
        .where('user_id', '=', await f.userId(phone))
        .where('code', '=', DEMAND_QUOTA_CODE)
        .executeTakeFirst()
    )?.remain;
  const manuscript = async (token: string, demandId: number) => {
    const file = await f.upload(token, await patternPng(++seed, 400));
    return f.ok(submitManuscript, { demandId, fileKey: file.fileKey, note: '两种配色可选' }, token);
  };
  const notices = async (userId: number) =>
    f.deps.db
      .selectFrom('notices')
      .select(['kind', 'title'])
      .where('user_id', '=', userId)
      .execute();

  beforeAll(async () => {
    f = await buildPublishingApp(database);
    customer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
    designer = await f.signIn(DEMO_DESIGNERS[0]!.phone);
    designer2 = await f.signIn(DEMO_DESIGNERS[1]!.phone);
    designerId = await f.userId(DEMO_DESIGNERS[0]!.phone);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('asks a non-member to open membership first, and publishes nothing', async () => {
    const allowance = await f.ok(checkPublish, {}, other);
    expect(allowance).toMatchObject({
      isMember: false,
      canPublish: false,
      reason: '开通会员后可发布定制需求',
    });
    const refused = await f.call(publishDemand, draft(), other);
    expect(refused.body.msg).toBe('开通会员后可发布定制需求');
    expect(await f.deps.db.selectFrom('demands').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a member whose balance cannot hold the rewards, spending no publish unit', async () => {
    await becomeMember(customer);
    const before = await remainT28(BUYER);
    expect(before).toBeGreaterThan(0);
    expect((await f.ok(checkPublish, {}, customer)).canPublish).toBe(true);
    const refused = await f.call(publishDemand, draft(), customer);
    expect(refused.body.msg).toBe('余额不足以托管赏金，请先充值');
    expect(await remainT28(BUYER)).toBe(before);
    expect(await f.deps.db.selectFrom('demands').selectAll().execute()).toHaveLength(0);
  });

  it('checks the form on the server with the same words as the browser', async () => {
    const short = await f.call(publishDemand, draft({ title: '碎花' }), customer);
    expect(short.body.msg).toBe(DEMAND_MSG.titleLength);
    const cents = await f.call(publishDemand, draft({ rewardFen: 10_050 }), customer);
    expect(cents.body.msg).toBe(DEMAND_MSG.rewardRange);
    const low = await f.call(publishDemand, draft({ rewardFen: 5_000 }), customer);
    expect(low.body.msg).toBe(DEMAND_MSG.rewardRange);
    const notMine = await f.call(
      publishDemand,
      draft({ referenceKeys: ['private/uploads/1/aa/not-mine.png'] }),
      customer,
    );
    expect(notMine.body.msg).toBe(DEMAND_SERVER_MSG.uploadMissing);
    expect(await f.deps.db.selectFrom('demands').selectAll().execute()).toHaveLength(0);
  });

  it('publishes once however often the form is sent: one unit spent, rewards held in escrow', async () => {
    await recharge(customer, 500_000);
    const units = await remainT28(BUYER);
    const reference = await f.upload(customer, await patternPng(7, 300));
    const form = draft({ referenceKeys: [reference.fileKey] });
    const results = await Promise.all([1, 2, 3].map(() => f.call(publishDemand, form, customer)));
    const ids = new Set(results.map((r) => r.body.data?.demandId));
    expect(ids.size).toBe(1);
    const [demandId] = [...ids];
    expect(results[0]!.body.data?.escrowFen).toBe(160_000);
    expect(await remainT28(BUYER)).toBe(units! - 1);
    expect(await balance(customer)).toBe(500_000 - 160_000);
    expect(await balanceOf(f.deps.db, demandEscrow(demandId!).code)).toBe(160_000);

    const list = await f.ok(getDemand, {
      pageIndex: 1,
      pageSize: 20,
      kid: 0,
      type: 0,
      time: 0,
      sort: 0,
      addSort: 0,
      endSort: 0,
      openOnly: false,
    });
    expect(list.list[0]).toMatchObject({
      id: demandId,
      state: 'open',
      stateName: '征集中',
      rewardFen: 80_000,
      quota: 2,
      typeName: '原创设计',
    });
    expect(list.list[0]!.coverUrl).toMatch(/^\/files\/private\//);
    const centre = await f.ok(getCenterDemand, {});
    expect(centre.openCount).toBe(1);
    expect(centre.openRewardFen).toBe(160_000);
    const mine = await f.ok(getMyPublishDemand, { pageIndex: 1, pageSize: 10 }, customer);
    expect(mine.list.map((d) => d.id)).toEqual([demandId]);
  });

  it('takes manuscripts from signed-up designers only, shows their images to the customer and the author only, and tells the customer', async () => {
    const [demand] = (await f.ok(getMyPublishDemand, { pageIndex: 1, pageSize: 10 }, customer))
      .list;
    const demandId = demand!.id;
    const file = await f.upload(designer, await patternPng(++seed, 400));
    const early = await f.call(
      submitManuscript,
      { demandId, fileKey: file.fileKey, note: '' },
      designer,
    );
    expect(early.body.msg).toBe('请先报名该需求再投稿');
    const buyerApply = await f.call(applyDemand, { demandId }, other);
    expect(buyerApply.status).toBe(403);
    const ownApply = await f.call(applyDemand, { demandId }, customer);
    expect(ownApply.body.code).not.toBe(1);

    await Promise.all([1, 2].map(() => f.ok(applyDemand, { demandId }, designer)));
    expect((await f.ok(applyDemand, { demandId }, designer2)).signUpCount).toBe(2);
    const customerId = await f.userId(BUYER);
    const before = (await notices(customerId)).length;
    const sent = await f.ok(
      submitManuscript,
      { demandId, fileKey: file.fileKey, note: '主色可调' },
      designer,
    );
    const again = await f.ok(
      submitManuscript,
      { demandId, fileKey: file.fileKey, note: '主色可调' },
      designer,
    );
    expect(again.id).toBe(sent.id);
    expect(sent).toMatchObject({ state: 'submitted', stateName: '待处理', designerId });
    expect(sent.previewUrl).toMatch(/^\/files\/private\/demands\//);
    expect((await notices(customerId)).length).toBe(before + 1);

    const forCustomer = await f.ok(
      getDemandManuscriptList,
      { demandId, pageIndex: 1, pageSize: 20 },
      customer,
    );
    expect(forCustomer.list[0]!.previewUrl).toBeTruthy();
    const forOthers = await f.ok(
      getDemandManuscriptList,
      { demandId, pageIndex: 1, pageSize: 20 },
      designer2,
    );
    expect(forOthers.total).toBe(1);
    expect(forOthers.list[0]!.previewUrl).toBeNull();
    const forGuest = await f.ok(getDemandManuscriptList, { demandId, pageIndex: 1, pageSize: 20 });
    expect(forGuest.list[0]!.previewUrl).toBeNull();
    const viewer = await f.ok(getDemandDetailBase, { demandId }, designer);
    expect(viewer.viewer).toMatchObject({
      signedUp: true,
      myManuscriptCount: 1,
      canSubmit: true,
      isOwner: false,
    });
    const signUps = await f.ok(getSignUpDemand, { pageIndex: 1, pageSize: 10 }, designer);
    expect(signUps.list[0]).toMatchObject({
      id: demandId,
      myManuscriptCount: 1,
      myAdoptedCount: 0,
    });
  });

  it('pays an adopted manuscript once out of escrow (share to the designer, fee to the platform) and keeps the ledger balanced', async () => {
    const [demand] = (await f.ok(getMyPublishDemand, { pageIndex: 1, pageSize: 10 }, customer))
      .list;
    const demandId = demand!.id;
    const [ms] = (
      await f.ok(getDemandManuscriptList, { demandId, pageIndex: 1, pageSize: 20 }, customer)
    ).list;
    const notOwner = await f.call(adoptManuscript, { manuscriptId: ms!.id }, designer2);
    expect(notOwner.body.msg).toBe(DEMAND_SERVER_MSG.notOwner);
    const before = await balanceOf(f.deps.db, designerAvailable(designerId).code);
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => f.call(adoptManuscript, { manuscriptId: ms!.id }, customer)),
    );
    expect(results.every((r) => r.body.code === 1)).toBe(true);
    expect(await balanceOf(f.deps.db, designerAvailable(designerId).code)).toBe(before + 56_000);
    expect(await balanceOf(f.deps.db, demandEscrow(demandId).code)).toBe(80_000);
    const original = await f.ok(getManuscriptOriginal, { manuscriptId: ms!.id }, customer);
    expect(original.url).toMatch(/^\/files\/private\/uploads\//);
    const stranger = await f.call(getManuscriptOriginal, { manuscriptId: ms!.id }, designer2);
    expect(stranger.body.msg).toBe(DEMAND_SERVER_MSG.originalForbidden);
    expect((await notices(designerId)).some((n) => n.title === '你的稿件被采用了')).toBe(true);
    const audit = await auditLedger(f.deps.db);
    expect(audit.sumFen).toBe(0);
    expect(audit.mismatched).toEqual([]);
  });

  it('adopts no more than the places offered, even when the customer clicks many at once', async () => {
    const [demand] = (await f.ok(getMyPublishDemand, { pageIndex: 1, pageSize: 10 }, customer))
      .list;
    const demandId = demand!.id;
    const a = await manuscript(designer2, demandId);
    const b = await manuscript(designer2, demandId);
    const c = await manuscript(designer, demandId);
    const results = await Promise.all(
      [a, b, c].map((m) => f.call(adoptManuscript, { manuscriptId: m.id }, customer)),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    const row = await f.deps.db
      .selectFrom('demands')
      .selectAll()
      .where('id', '=', demandId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ adopted_count: 2, state: 'completed' });
    expect(await balanceOf(f.deps.db, demandEscrow(demandId).code)).toBe(0);
    const late = await f.call(applyDemand, { demandId }, designer);
    expect(late.body.msg).toBe(DEMAND_SERVER_MSG.notOpen);
    expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
  });

  it('lets the customer refuse with a reason, edit, close and get the rest of the escrow back', async () => {
    const { demandId } = await f.ok(
      publishDemand,
      draft({ quota: 3, rewardFen: 20_000 }),
      customer,
    );
    await f.ok(applyDemand, { demandId }, designer);
    const a = await manuscript(designer, demandId);
    const b = await manuscript(designer, demandId);
    const missing = await f.call(refuseManuscript, { manuscriptId: a.id, reason: '  ' }, customer);
    expect(missing.body.msg).toBe('请填写不采用的理由');
    const refused = await f.ok(
      refuseManuscript,
      { manuscriptId: a.id, reason: '配色偏暗' },
      customer,
    );
    expect(refused).toMatchObject({ state: 'refused', refuseReason: '配色偏暗' });
    const edited = await f.ok(
      demandEdit,
      {
        demandId,
        title: '婴童家纺小碎花（加急）',
        kid: 201,
        type: 2,
        description: '改为改稿需求：在参考图上调整配色，保留构图。',
        extendDays: 5,
      },
      customer,
    );
    expect(edited).toMatchObject({ title: '婴童家纺小碎花（加急）', typeName: '改稿修图' });
    const foreign = await f.call(closeDemand, { demandId }, designer);
    expect(foreign.body.msg).toBe(DEMAND_SERVER_MSG.notOwner);

    const before = await balance(customer);
    const closed = await f.ok(closeDemand, { demandId }, customer);
    expect(closed.refundedFen).toBe(60_000);
    expect(await balance(customer)).toBe(before + 60_000);
    const waiting = await f.deps.db
      .selectFrom('demand_manuscripts')
      .select('state')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(waiting.state).toBe('refused');
    const twice = await f.call(closeDemand, { demandId }, customer);
    expect(twice.body.msg).toBe(DEMAND_SERVER_MSG.alreadyClosed);
    expect(await balance(customer)).toBe(before + 60_000);
    expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
  });

  it('stops taking manuscripts at the deadline and closes itself after the decision time, refunding', async () => {
    const { demandId } = await f.ok(
      publishDemand,
      draft({ quota: 1, rewardFen: 30_000, days: 3 }),
      customer,
    );
    await f.ok(applyDemand, { demandId }, designer2);
    f.advance(4 * DAY);
    // Sessions are hours long: everyone signs in again after the days go by.
    [customer, designer2] = [await f.signIn(BUYER), await f.signIn(DEMO_DESIGNERS[1]!.phone)];
    const detail = await f.ok(getDemandDetailBase, { demandId }, designer2);
    expect(detail.demand).toMatchObject({ state: 'ended', stateName: '已截止' });
    expect(detail.viewer.canSubmit).toBe(false);
    const file = await f.upload(designer2, await patternPng(++seed, 300));
    const late = await f.call(
      submitManuscript,
      { demandId, fileKey: file.fileKey, note: '' },
      designer2,
    );
    expect(late.body.msg).toBe(DEMAND_SERVER_MSG.notOpen);
    const before = await balance(customer);
    f.advance(16 * DAY);
    [customer, designer2] = [await f.signIn(BUYER), await f.signIn(DEMO_DESIGNERS[1]!.phone)];
    expect(
      await closeOverdueDemands(f.deps, DEMAND_SERVER_MSG.closedOverdue),
    ).toBeGreaterThanOrEqual(1);
    expect(await balance(customer)).toBe(before + 30_000);
    expect(await closeOverdueDemands(f.deps, DEMAND_SERVER_MSG.closedOverdue)).toBe(0);
    expect(await balance(customer)).toBe(before + 30_000);
  });

  it('collects a demand once and lists it among the collected', async () => {
    const [demand] = (await f.ok(getMyPublishDemand, { pageIndex: 1, pageSize: 10 }, customer))
      .list;
    await Promise.all(
      [1, 2, 3].map(() => f.ok(collectDemand, { demandId: demand!.id, collect: true }, designer2)),
    );
    const mine = await f.ok(getMyCollectionDemand, { pageIndex: 1, pageSize: 10 }, designer2);
    expect(mine.list.map((d) => d.id)).toEqual([demand!.id]);
    expect(
      (await f.ok(getDemandDetailBase, { demandId: demand!.id }, designer2)).viewer.collected,
    ).toBe(true);
    await f.ok(collectDemand, { demandId: demand!.id, collect: false }, designer2);
    expect(
      (await f.ok(getMyCollectionDemand, { pageIndex: 1, pageSize: 10 }, designer2)).total,
    ).toBe(0);
  });
});
