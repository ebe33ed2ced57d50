import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkInvitationCode,
  getActivityDetail,
  getActivityParticipants,
  getAdminActivityList,
  getInvitationCodeList,
  getRecommendActivityList,
  issueInvitationCode,
  joinActivity,
  revokeInvitationCode,
  saveActivity,
} from '@shared/contract/activities';
import { getApplicationList } from '@shared/contract/admin';
import type { CallRequest } from '@shared/contract/define';
import { subitShopApply } from '@shared/contract/settle-in';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { DEMO_INVITATION_CODES } from '../../db/seed/seed-activities';
import { chinaDay } from '../../platform/china-time';
import { BUYER, OTHER_BUYER } from '../../testing/catalogue-fixture';
import { buildPublishingApp, patternPng, validIdNumber } from '../../testing/publishing-fixture';
import type { PublishingFixture } from '../../testing/publishing-fixture';
import { testDatabases } from '../../testing/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('activities and invitation codes on $name', (database) => {
  let f: PublishingFixture;
  let admin: string;
  let buyer: string;
  let seed = 300;

  /** The China calendar day `days` from the server's today. */
  const day = (days: number) => chinaDay(f.deps.now() + days * DAY_MS);
  const activity = (overrides: Partial<CallRequest<typeof saveActivity>> = {}) => ({
    title: '纹样测试大赛',
    kind: 'contest' as const,
    summary: '测试用的设计大赛',
    coverUrl: '/files/public/activities/test.png',
    rulesMarkdown: '## 参赛规则\n\n每人限报名一次，作品须为原创。<script>alert(1)</script>',
    startDay: day(0),
    endDay: day(10),
    ...overrides,
  });

  type ShopApply = CallRequest<typeof subitShopApply>;
  const application = async (token: string, overrides: Partial<ShopApply> = {}) => ({
    nickName: `受邀设计师${++seed}`,
    settledInType: 1 as const,
    realName: '林晓',
    idNumber: validIdNumber(seed),
    contactPhone: '13912345678',
    contactEmail: '',
    industryIds: [1],
    intro: '',
    sampleFileKeys: [(await f.upload(token, await patternPng(++seed))).fileKey],
    invitationCode: '',
    ...overrides,
  });
  const issue = async (input: Partial<CallRequest<typeof issueInvitationCode>> = {}) =>
    f.ok(
      issueInvitationCode,
      { inviteeName: '', inviteePhone: '', note: '', expiresDay: '', ...input },
      admin,
    );

  beforeAll(async () => {
    f = await buildPublishingApp(database);
    admin = await f.signIn(DEMO_ADMIN.phone);
    buyer = await f.signIn(BUYER);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('shows the seeded running contest as the current activity, rules as sanitised HTML', async () => {
    const current = await f.ok(getActivityDetail, {});
    expect(current).toMatchObject({
      title: '东方纹样·春夏花型设计大赛',
      kind: 'contest',
      status: 'running',
      statusTitle: '进行中',
      joined: null,
    });
    expect(current.rulesHtml).toContain('<h2>大赛主题</h2>');
    expect(current.rulesHtml).toContain('<table>');
    expect(current.coverUrl).toMatch(/^\/.+\.png$/);
    expect((await f.ok(getActivityDetail, {}, buyer)).joined).toBe(false);
    const list = await f.ok(getRecommendActivityList, { size: 6 });
    expect(list.map((a) => a.status)).toEqual(['running', 'ended']);
  });

  it('computes not started, running and ended from China days on the server, and joins only while running', async () => {
    const future = await f.ok(saveActivity, activity({ startDay: day(2), endDay: day(5) }), admin);
    const past = await f.ok(saveActivity, activity({ startDay: day(-9), endDay: day(-1) }), admin);
    const today = await f.ok(saveActivity, activity({ startDay: day(0), endDay: day(0) }), admin);
    expect([future.status, past.status, today.status]).toEqual(['notStarted', 'ended', 'running']);
    expect([future.statusTitle, past.statusTitle]).toEqual(['未开始', '已结束']);
    expect(today.startDay).toBe(day(0));
    expect(today.endDay).toBe(day(0));

    const early = await f.call(joinActivity, { id: future.id }, buyer);
    expect(early.body).toMatchObject({ code: 1022, msg: `活动尚未开始，${day(2)} 开始后即可参加` });
    const late = await f.call(joinActivity, { id: past.id }, buyer);
    expect(late.body).toMatchObject({ code: 1022, msg: '活动已结束，感谢关注' });
    expect((await f.ok(getActivityDetail, { id: past.id }, buyer)).rulesHtml).not.toMatch(/script/);
    const none = await f.call(getActivityDetail, { id: 999_999 });
    expect(none.body).toMatchObject({ code: 1004, msg: '活动不存在或已下线' });

    // A guest is asked to sign in; nothing is recorded.
    const guest = await f.call(joinActivity, { id: today.id });
    expect(guest.status).toBe(401);
    const rows = await f.deps.db
      .selectFrom('activity_participants')
      .select('id')
      .where('activity_id', 'in', [future.id, past.id, today.id])
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('joins once under 20 concurrent joins of one user', async () => {
    const running = await f.ok(saveActivity, activity({ title: '并发报名' }), admin);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => f.call(joinActivity, { id: running.id }, buyer)),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array.from({ length: 20 }, () => 1));
    const rows = await f.deps.db
      .selectFrom('activity_participants')
      .select('user_id')
      .where('activity_id', '=', running.id)
      .execute();
    expect(rows).toEqual([{ user_id: await f.userId(BUYER) }]);
    const detail = await f.ok(getActivityDetail, { id: running.id }, buyer);
    expect(detail).toMatchObject({ joined: true, participantCount: 1 });
    const participants = await f.ok(
      getActivityParticipants,
      { id: running.id, pageIndex: 1, pageSize: 20 },
      admin,
    );
    expect(participants.total).toBe(1);
    expect(participants.list[0]).toMatchObject({ phoneMasked: '137****0001' });
  });

  it('lets an admin edit an activity and refuses bad input without changing it', async () => {
    const saved = await f.ok(saveActivity, activity({ title: '原标题' }), admin);
    const bad = await f.call(
      saveActivity,
      activity({ id: saved.id, title: '新标题', startDay: day(3), endDay: day(1) }),
      admin,
    );
    expect(bad.body).toMatchObject({ code: 1022, msg: '结束日期不能早于开始日期' });
    const noTitle = await f.call(saveActivity, activity({ id: saved.id, title: '  ' }), admin);
    expect(noTitle.body).toMatchObject({ code: 1022, msg: '请填写活动标题' });
    const badCover = await f.call(
      saveActivity,
      activity({ id: saved.id, coverUrl: 'javascript:alert(1)' }),
      admin,
    );
    expect(badCover.body).toMatchObject({ code: 1022, msg: '封面地址需以 / 或 https:// 开头' });
    const edited = await f.ok(saveActivity, activity({ id: saved.id, title: '新标题' }), admin);
    expect(edited).toMatchObject({ id: saved.id, title: '新标题' });
    const list = await f.ok(getAdminActivityList, {}, admin);
    expect(list.find((a) => a.id === saved.id)?.rulesMarkdown).toContain('## 参赛规则');
  });

  it('checks codes: valid, invalid, revoked, expired, for another phone, and used', async () => {
    const open = await issue({ inviteeName: '周青', note: '面料展邀请' });
    expect(open.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(open.state).toBe('unused');
    // Typed in lower case with spaces still works.
    const checked = await f.ok(
      checkInvitationCode,
      { code: ` ${open.code.slice(0, 4).toLowerCase()} ${open.code.slice(4)} ` },
      buyer,
    );
    expect(checked).toMatchObject({ code: open.code, inviteeName: '周青', inviteePhone: '' });

    const invalid = await f.call(checkInvitationCode, { code: 'ZZZZ2222' }, buyer);
    expect(invalid.body).toMatchObject({ code: 1022, msg: '邀请码无效，请核对后重新输入' });
    const empty = await f.call(checkInvitationCode, { code: '   ' }, buyer);
    expect(empty.body).toMatchObject({ code: 1022, msg: '请输入邀请码' });
    const guest = await f.call(checkInvitationCode, { code: open.code });
    expect(guest.status).toBe(401);

    const revoked = await issue();
    expect((await f.ok(revokeInvitationCode, { id: revoked.id }, admin)).state).toBe('revoked');
    expect((await f.call(checkInvitationCode, { code: revoked.code }, buyer)).body).toMatchObject({
      code: 1022,
      msg: '该邀请码已作废，请联系平台重新获取',
    });

    const lastDay = day(0);
    const expiring = await issue({ expiresDay: lastDay });
    expect(expiring.expiresDay).toBe(lastDay);
    expect((await f.ok(checkInvitationCode, { code: expiring.code }, buyer)).code).toBe(
      expiring.code,
    );
    const past = await f.call(
      issueInvitationCode,
      { inviteeName: '', inviteePhone: '', note: '', expiresDay: day(-1) },
      admin,
    );
    expect(past.body).toMatchObject({ code: 1022, msg: '到期日期不能早于今天' });
    const badPhone = await f.call(
      issueInvitationCode,
      { inviteeName: '', inviteePhone: '1234', note: '', expiresDay: '' },
      admin,
    );
    expect(badPhone.body).toMatchObject({ code: 1022, msg: '请填写正确的 11 位手机号' });

    const mine = await f.ok(
      checkInvitationCode,
      { code: DEMO_INVITATION_CODES.forDemoBuyer },
      buyer,
    );
    expect(mine).toMatchObject({ inviteeName: '林晓', inviteePhone: BUYER });
    const other = await f.signIn(OTHER_BUYER);
    expect(
      (await f.call(checkInvitationCode, { code: DEMO_INVITATION_CODES.forDemoBuyer }, other)).body,
    ).toMatchObject({ code: 1022, msg: '该邀请码仅限手机号 137****0001 的账号使用' });

    // Used: an application takes the code; the next check says so; it cannot be revoked then.
    const user = await f.registerUser();
    await f.ok(
      subitShopApply,
      await application(user.token, { invitationCode: open.code }),
      user.token,
    );
    expect((await f.call(checkInvitationCode, { code: open.code }, buyer)).body).toMatchObject({
      code: 1009,
      msg: '该邀请码已被使用，每个邀请码只能使用一次',
    });
    expect((await f.call(revokeInvitationCode, { id: open.id }, admin)).body).toMatchObject({
      code: 1009,
      msg: '只能作废未使用的邀请码',
    });

    // A day later (China time) the code that expired today no longer works.
    f.advance(DAY_MS);
    // Sessions do not outlive a day of idleness: sign in again.
    admin = await f.signIn(DEMO_ADMIN.phone);
    buyer = await f.signIn(BUYER);
    expect((await f.call(checkInvitationCode, { code: expiring.code }, buyer)).body).toMatchObject({
      code: 1022,
      msg: `该邀请码已于 ${lastDay} 过期，请联系平台重新获取`,
    });
    const listed = await f.ok(getInvitationCodeList, { pageIndex: 1, pageSize: 50 }, admin);
    const states = new Map(listed.list.map((c) => [c.code, c.stateTitle]));
    expect(states.get(open.code)).toBe('已使用');
    expect(states.get(revoked.code)).toBe('已作废');
    expect(states.get(expiring.code)).toBe('已过期');
  });

  it('lets one of two accounts racing for one code win; the loser’s application is not recorded', async () => {
    const code = (await issue()).code;
    const a = await f.registerUser();
    const b = await f.registerUser();
    const [inputA, inputB] = [
      await application(a.token, { invitationCode: code }),
      await application(b.token, { invitationCode: code }),
    ];
    const answers = await Promise.all([
      f.call(subitShopApply, inputA, a.token),
      f.call(subitShopApply, inputB, b.token),
    ]);
    const codes = answers.map((r) => r.body.code).sort();
    expect(codes).toEqual([1, 1009]);
    const loser = answers.find((r) => r.body.code === 1009);
    expect(loser?.body.msg).toBe('该邀请码已被使用，每个邀请码只能使用一次');
    const row = await f.deps.db
      .selectFrom('invitation_codes')
      .select(['used_by', 'application_id'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const winner = answers[0]?.body.code === 1 ? a : b;
    const loserUser = winner === a ? b : a;
    expect(row.used_by).toBe(winner.userId);
    const apps = await f.deps.db
      .selectFrom('designer_applications')
      .select(['user_id', 'id', 'invitation_code_id'])
      .where('user_id', 'in', [a.userId, b.userId])
      .execute();
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ user_id: winner.userId, id: row.application_id });
    expect(apps.some((x) => x.user_id === loserUser.userId)).toBe(false);
  });

  it('puts an invited application at the top of the admin review queue, marked invited', async () => {
    const early = await f.registerUser();
    await f.ok(subitShopApply, await application(early.token), early.token);
    f.advance(60_000);
    const invited = await f.registerUser();
    const code = (await issue({ inviteeName: '受邀者' })).code;
    const app = await f.ok(
      subitShopApply,
      await application(invited.token, { invitationCode: code }),
      invited.token,
    );
    const queue = await f.ok(
      getApplicationList,
      { state: 'submitted', pageIndex: 1, pageSize: 50 },
      admin,
    );
    const invitedRows = queue.list.filter((r) => r.invited);
    expect(queue.list[0]?.invited).toBe(true);
    expect(invitedRows.map((r) => r.id)).toContain(app.id);
    const plain = queue.list.find((r) => r.userId === early.userId);
    expect(plain?.invited).toBe(false);
    expect(queue.list.indexOf(plain!)).toBeGreaterThan(
      queue.list.findIndex((r) => r.id === app.id),
    );
    const codes = await f.ok(getInvitationCodeList, { pageIndex: 1, pageSize: 50 }, admin);
    expect(codes.list.find((c) => c.code === code)).toMatchObject({
      applicationId: app.id,
      applicationState: '审核中',
      state: 'used',
    });
  });
});
