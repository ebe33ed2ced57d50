import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDesignerStatus, login } from '@shared/contract/accounts';
import type { CallRequest } from '@shared/contract/define';
import {
  getAdminOverview,
  getApplicationDetail,
  getApplicationList,
  reviewApplication,
} from '@shared/contract/admin';
import { changeFirstSigner, getVerifyInfo, getVerifyUrl } from '@shared/contract/identity';
import {
  getEnterpriseApplyInfo,
  getShopApplyInfo,
  isExistenceNickName,
  subitEnterprise,
  subitShopApply,
} from '@shared/contract/settle-in';
import { getDesignerInfo } from '@shared/contract/designers';
import { getEnterpriseHallBasicInfo } from '@shared/contract/enterprise';
import { creditCodeCheckChar } from '@shared/rules/identity';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../../db/seed/demo-catalogue';
import { buildPublishingApp, patternPng, validIdNumber } from '../../testing/publishing-fixture';
import type { PublishingFixture } from '../../testing/publishing-fixture';
import { testDatabases } from '../../testing/test-app';
import { ensureAdminAccount } from '../admin/bootstrap';
import { hashPassword } from '../accounts/password';
import { createUser } from '../accounts/users';
import { sandboxIdentityProvider, verifyIdentity } from '../identity/identity-service';
import type { IdentityProvider } from '../identity/identity-service';

const creditCode = (body: string) => body + creditCodeCheckChar(body);

describe.each(testDatabases())('settling in on $name', (database) => {
  let f: PublishingFixture;
  let admin: string;
  let seed = 100;

  const samples = async (token: string, count = 2) => {
    const keys: string[] = [];
    for (let i = 0; i < count; i++)
      keys.push((await f.upload(token, await patternPng(++seed))).fileKey);
    return keys;
  };
  type ShopApply = CallRequest<typeof subitShopApply>;
  const personal = async (
    token: string,
    overrides: Partial<ShopApply> = {},
  ): Promise<ShopApply> => ({
    nickName: `纹样设计师${++seed}`,
    settledInType: 1,
    realName: '张三',
    idNumber: validIdNumber(seed),
    contactPhone: '13912345678',
    contactEmail: 'me@example.com',
    industryIds: [1, 2],
    intro: '专注花卉与几何图案十年',
    sampleFileKeys: await samples(token),
    ...overrides,
  });

  beforeAll(async () => {
    f = await buildPublishingApp(database);
    admin = await f.signIn(DEMO_ADMIN.phone);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('takes a user from 未申请 to 审核中, shows the reason of a rejection, and settles them on re-applying', async () => {
    const user = await f.registerUser();
    const none = await f.ok(getShopApplyInfo, {}, user.token);
    expect(none).toMatchObject({
      settleState: 'none',
      settleStateTitle: '未申请',
      application: null,
    });

    const first = await f.ok(subitShopApply, await personal(user.token), user.token);
    expect(first).toMatchObject({ state: 'submitted', kind: 'personal', realName: '张三' });
    expect(first.idNumberMasked).toMatch(/^110\*+\d{3}[\dX]$/);
    expect(first.samples).toHaveLength(2);
    expect(first.samples[0]?.thumbUrl).toMatch(/^\/files\/private\/thumbs\/.+\?expires=/);
    const thumb = await f.app.inject({ method: 'GET', url: first.samples[0]?.thumbUrl ?? '' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const again = await f.call(subitShopApply, await personal(user.token), user.token);
    expect(again.body).toMatchObject({ code: 1009, msg: '您的入驻申请正在审核中，请耐心等待' });
    expect((await f.ok(getShopApplyInfo, {}, user.token)).settleState).toBe('submitted');

    const noReason = await f.call(
      reviewApplication,
      { reason: '', id: first.id, approve: false },
      admin,
    );
    expect(noReason.body).toMatchObject({ code: 1022 });
    await f.ok(
      reviewApplication,
      { id: first.id, approve: false, reason: '样例图片太少，请补充原创作品' },
      admin,
    );
    const rejected = await f.ok(getShopApplyInfo, {}, user.token);
    expect(rejected).toMatchObject({
      settleState: 'rejected',
      settleStateTitle: '未通过',
      application: { state: 'rejected', rejectReason: '样例图片太少，请补充原创作品' },
    });
    expect(await f.ok(getDesignerStatus, {}, user.token)).toEqual({ status: 0, settleStatus: 0 });

    // Re-applying: the verified identity is reused, so the ID need not be typed again.
    const second = await f.ok(
      subitShopApply,
      await personal(user.token, { realName: '', idNumber: '', settledInType: 2 }),
      user.token,
    );
    expect(second).toMatchObject({ state: 'submitted', realName: '张三' });
    const approved = await f.ok(
      reviewApplication,
      { reason: '', id: second.id, approve: true },
      admin,
    );
    expect(approved.state).toBe('approved');
    const settled = await f.ok(getShopApplyInfo, {}, user.token);
    expect(settled.settleState).toBe('settled');
    expect(await f.ok(getDesignerStatus, {}, user.token)).toEqual({ status: 1, settleStatus: 1 });
    const profile = await f.ok(getDesignerInfo, {
      userId: user.userId,
    });
    expect(profile).toMatchObject({ userName: second.nickName, settledInType: 2 });

    const settledAgain = await f.call(subitShopApply, await personal(user.token), user.token);
    expect(settledAgain.body).toMatchObject({ code: 1022, msg: '您已入驻，无需重复申请' });
    const decided = await f.call(
      reviewApplication,
      { id: second.id, approve: false, reason: 'x' },
      admin,
    );
    expect(decided.body).toMatchObject({ code: 1009, msg: '该申请已处理' });
  });

  it('keeps nicknames unique among designers and applicants', async () => {
    const a = await f.registerUser();
    const b = await f.registerUser();
    const input = await personal(a.token, { nickName: '唯一的昵称' });
    expect(await f.ok(isExistenceNickName, { nickName: '唯一的昵称' }, b.token)).toEqual({
      exists: false,
    });
    await f.ok(subitShopApply, input, a.token);
    expect(await f.ok(isExistenceNickName, { nickName: '唯一的昵称' }, b.token)).toEqual({
      exists: true,
    });
    // Your own application does not block you.
    expect(await f.ok(isExistenceNickName, { nickName: '唯一的昵称' }, a.token)).toEqual({
      exists: false,
    });
    const taken = await f.call(
      subitShopApply,
      await personal(b.token, { nickName: '唯一的昵称' }),
      b.token,
    );
    expect(taken.body).toMatchObject({ code: 1009, msg: '该昵称已被使用，请换一个' });
    // A seeded designer's name is taken too.
    expect((await f.call(isExistenceNickName, { nickName: '  ' }, b.token)).body.code).toBe(400);
  });

  it('refuses a bad ID, a failed verification, someone else’s samples, and the same ID on two accounts', async () => {
    const user = await f.registerUser();
    const other = await f.registerUser();
    const badChecksum =
      validIdNumber(3).slice(0, 17) + (validIdNumber(3).endsWith('1') ? '2' : '1');
    const bad = await f.call(
      subitShopApply,
      await personal(user.token, { idNumber: badChecksum }),
      user.token,
    );
    expect(bad.body).toMatchObject({ code: 1022, msg: '身份证号校验位不正确' });
    const badDate = await f.call(
      getVerifyUrl,
      { kind: 'personal', name: '李四', number: '110105199002301234' },
      user.token,
    );
    expect(badDate.body).toMatchObject({ code: 1022, msg: '身份证号中的出生日期不正确' });
    const failing = await f.call(
      subitShopApply,
      await personal(user.token, { idNumber: validIdNumber(5, '000') }),
      user.token,
    );
    expect(failing.body).toMatchObject({ code: 1022 });
    expect(failing.body.msg).toContain('实名认证未通过');
    const othersSamples = await f.call(
      subitShopApply,
      await personal(user.token, { sampleFileKeys: await samples(other.token, 1) }),
      user.token,
    );
    expect(othersSamples.body).toMatchObject({
      code: 1022,
      msg: '图片不存在或不属于您，请重新上传',
    });
    expect((await f.ok(getShopApplyInfo, {}, user.token)).application).toBeNull();

    const id = validIdNumber(7, '456');
    const verified = await f.ok(
      getVerifyUrl,
      { kind: 'personal', name: '王五', number: id },
      user.token,
    );
    expect(verified).toMatchObject({ record: { status: 'verified', isSigner: true }, url: null });
    const twice = await f.call(
      getVerifyUrl,
      { kind: 'personal', name: '王五', number: id },
      other.token,
    );
    expect(twice.body).toMatchObject({ code: 1009, msg: '该身份证号已被其他账号认证' });
  });

  it('records verifications and lets the user choose the first signer of contracts', async () => {
    const user = await f.registerUser();
    const a = await f.ok(
      getVerifyUrl,
      { kind: 'personal', name: '赵六', number: validIdNumber(9, '789') },
      user.token,
    );
    const b = await f.ok(
      getVerifyUrl,
      { kind: 'enterprise', name: '杭州纹样设计有限公司', number: creditCode('91330100MA2B3C4D5') },
      user.token,
    );
    expect(b.record.isSigner).toBe(false);
    const info = await f.ok(changeFirstSigner, { id: b.record.id }, user.token);
    expect(info).toMatchObject({ verified: true, signerId: b.record.id });
    expect(info.records.map((r) => r.id)).toEqual([b.record.id, a.record.id]);
    const other = await f.registerUser();
    expect((await f.call(changeFirstSigner, { id: a.record.id }, other.token)).body.code).toBe(
      1004,
    );
    expect((await f.ok(getVerifyInfo, {}, other.token)).verified).toBe(false);
    const badCode = await f.call(
      getVerifyUrl,
      { kind: 'enterprise', name: '某公司', number: '91330100MA2B3C4D5X' },
      user.token,
    );
    expect(badCode.body.msg).toMatch(/统一社会信用代码/);
  });

  it('settles a design company with its enterprise hall', async () => {
    const user = await f.registerUser();
    const [licence] = await samples(user.token, 1);
    const code = creditCode('91440300MA5F6G7H8');
    const app = await f.ok(
      subitEnterprise,
      {
        contactEmail: '',
        nickName: '南方图案工作室',
        settledInType: 1,
        companyName: '深圳南方图案设计有限公司',
        creditCode: code,
        contactName: '陈经理',
        contactPhone: '13812345678',
        industryIds: [1],
        intro: '面料花型设计与开发',
        sampleFileKeys: await samples(user.token, 3),
        licenceFileKey: licence!,
      },
      user.token,
    );
    expect(app).toMatchObject({
      kind: 'enterprise',
      companyName: '深圳南方图案设计有限公司',
      creditCode: code,
    });
    expect(app.licence?.fileKey).toBe(licence);
    const info = await f.ok(getEnterpriseApplyInfo, {}, user.token);
    expect(info).toMatchObject({ settleState: 'submitted', verified: true });

    const list = await f.ok(
      getApplicationList,
      { pageIndex: 1, pageSize: 20, kind: 'enterprise' },
      admin,
    );
    expect(list.list.map((r) => r.id)).toContain(app.id);
    const detail = await f.ok(getApplicationDetail, { id: app.id }, admin);
    expect(detail.verification).toMatchObject({ kind: 'enterprise', status: 'verified' });
    expect(detail.application.samples).toHaveLength(3);
    expect(detail.applicant.phoneMasked).toMatch(/^166\*{4}\d{4}$/);

    await f.ok(reviewApplication, { reason: '', id: app.id, approve: true }, admin);
    const hall = await f.ok(getEnterpriseHallBasicInfo, { userId: user.userId }, user.token);
    expect(hall).toMatchObject({ name: '深圳南方图案设计有限公司', isOwner: true });
  });

  it('keeps the back office to admins: guests get 401, other users 1003', async () => {
    // Every admin call is refused the same way in src/server/http/call-roles.test.ts.
    const user = await f.registerUser();
    for (const [call, input] of [
      [getAdminOverview, {}],
      [getApplicationList, {}],
      [reviewApplication, { id: 1, approve: true }],
    ] as const) {
      expect((await f.call(call, input)).body.code).toBe(401);
      expect((await f.call(call, input, user.token)).body).toMatchObject({
        code: 1003,
        msg: '需要管理员权限',
      });
    }
    const before = await f.ok(getAdminOverview, {}, admin);
    await f.ok(subitShopApply, await personal(user.token), user.token);
    const after = await f.ok(getAdminOverview, {}, admin);
    expect(after.pendingApplications).toBe(before.pendingApplications + 1);
  });

  it('creates or promotes the first admin from the environment', async () => {
    const created = await ensureAdminAccount(f.deps, {
      phone: '13611112222',
      password: 'admin-pass-1',
    });
    expect(created).toBe('created');
    const signIn = await f.ok(login, {
      phone: '13611112222',
      password: 'admin-pass-1',
    });
    expect((await f.call(getAdminOverview, {}, signIn.login.token)).body.code).toBe(1);
    const user = await f.registerUser();
    expect(
      await ensureAdminAccount(f.deps, { phone: user.phone, password: 'new-admin-pass' }),
    ).toBe('updated');
    const promoted = await f.ok(login, {
      phone: user.phone,
      password: 'new-admin-pass',
    });
    expect((await f.call(getAdminOverview, {}, promoted.login.token)).body.code).toBe(1);
  });

  /** A new account signed in with a password (no SMS needed). */
  let accounts = 0;
  const account = async () => {
    const phone = `1551000${String(++accounts).padStart(4, '0')}`;
    const user = await createUser(f.deps, phone, await hashPassword(DEMO_PASSWORD));
    return { userId: user.id, token: await f.signIn(phone) };
  };

  it('lets only one of two accounts verifying the same ID at the same moment through', async () => {
    const [a, b] = [await account(), await account()];
    const id = validIdNumber(11, '321');
    // Both checks pass before either answer is recorded, as when two requests meet.
    let arrived = 0;
    let release = () => {};
    const bothAsked = new Promise<void>((resolve) => (release = resolve));
    const meeting: IdentityProvider = {
      name: 'sandbox',
      async verify(kind, name, number) {
        if (++arrived === 2) release();
        await bothAsked;
        return sandboxIdentityProvider.verify(kind, name, number);
      },
    };
    const results = await Promise.allSettled(
      [a, b].map((u) => verifyIdentity(f.deps, u.userId, 'personal', '孙七', id, meeting)),
    );
    const passed = results.filter((r) => r.status === 'fulfilled');
    expect(passed).toHaveLength(1);
    expect(passed[0]?.value.row.status).toBe('verified');
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 1009, message: '该身份证号已被其他账号认证' });

    // The same through the API, five accounts at once: one verified, the others told why, no 500.
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await account());
    const other = validIdNumber(13, '654');
    const answers = await Promise.all(
      users.map((u) =>
        f.call(getVerifyUrl, { kind: 'personal', name: '周八', number: other }, u.token),
      ),
    );
    expect(answers.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    expect(answers.filter((r) => r.body.code === 1)).toHaveLength(1);
    for (const r of answers.filter((x) => x.body.code !== 1)) {
      expect(r.body).toMatchObject({ code: 1009, msg: '该身份证号已被其他账号认证' });
    }
  });

  it('keeps one verified record when a user verifies their number again under a new name', async () => {
    const user = await account();
    const code = creditCode('91330100MA2B3C4E6');
    const first = await f.ok(
      getVerifyUrl,
      { kind: 'enterprise', name: '杭州纹样设计有限公司', number: code },
      user.token,
    );
    const renamed = await f.ok(
      getVerifyUrl,
      { kind: 'enterprise', name: '杭州纹样文化有限公司', number: code },
      user.token,
    );
    expect(renamed.record).toMatchObject({ id: first.record.id, name: '杭州纹样文化有限公司' });
    const info = await f.ok(getVerifyInfo, {}, user.token);
    expect(info.records.filter((r) => r.status === 'verified')).toHaveLength(1);
  });
});
