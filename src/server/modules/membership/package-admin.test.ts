import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAuthList,
  getDosingPackageList,
  getDosingQrCode,
  getMemberPackageConfig,
  getMemberQrCode,
  getPackageDesk,
  getShowMemberPackageList,
  saveDosingPackage,
  saveMemberPackage,
  setPackageEnabled,
} from '@shared/contract/membership';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

describe.each(testDatabases())('the back office package desk ($name)', (database) => {
  let f: CatalogueFixture;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    f = await buildCatalogueApp(database);
    admin = await f.signIn(DEMO_ADMIN.phone);
    member = await f.signIn(BUYER);
    // BUYER becomes a member of the 9800 package for one year.
    const pkg = (await f.ok(getShowMemberPackageList, { type: 3, source: 1 })).find(
      (p) => p.price === 9800,
    )!;
    const qr = await f.ok(
      getMemberQrCode,
      { typeId: pkg.id, payMethod: 2, device: 1, amount: 1 },
      member,
    );
    await f.app.inject({ method: 'POST', url: `/pay/sandbox/${qr.payOrderNo}` });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('is for admins only', async () => {
    const res = await f.call(getPackageDesk, {}, member);
    expect(res.body.code).not.toBe(1);
    const guest = await f.call(getPackageDesk, {});
    expect(guest.body.code).not.toBe(1);
  });

  it('lists every package and pack, and refuses bad edits in Chinese, changing nothing', async () => {
    const desk = await f.ok(getPackageDesk, {}, admin);
    expect(desk.packages.length).toBeGreaterThanOrEqual(2);
    expect(desk.packs.length).toBeGreaterThanOrEqual(1);
    const pkg = desk.packages[0]!;
    const other = desk.packages.find((p) => p.id !== pkg.id)!;
    const base = {
      id: pkg.id,
      title: pkg.title,
      price: pkg.price,
      description: pkg.description,
      auths: pkg.authList.map((a) => ({ authorityId: a.authorityId, count: a.count })),
    };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...base, price: 12345 }, '价格须为会员档位之一：15800 元/年、9800 元/年'],
      [{ ...base, title: '   ' }, '请填写名称'],
      [{ ...base, title: '套'.repeat(31) }, '名称不能超过 30 个字'],
      [{ ...base, description: '说'.repeat(201) }, '说明不能超过 200 个字'],
      [
        { ...base, auths: [{ authorityId: pkg.authList[0]!.authorityId, count: -1 }] },
        '权益数量须为 0–100000 的整数',
      ],
      [
        { ...base, auths: [{ authorityId: other.authList[0]!.authorityId, count: 1 }] },
        '权益项不属于该套餐',
      ],
      [{ ...base, id: 999_999 }, '套餐不存在或已停用！'],
    ];
    for (const [input, msg] of refusals) {
      const res = await f.callRaw(saveMemberPackage, input, admin);
      expect(res.body.msg).toBe(msg);
    }
    const pack = desk.packs[0]!;
    const packBase = {
      id: pack.id,
      title: pack.title,
      priceFen: pack.priceFen,
      count: pack.count,
      description: pack.description,
    };
    for (const [input, msg] of [
      [{ ...packBase, priceFen: 0 }, '加量包价格须在 0.01–100000 元之间'],
      [{ ...packBase, count: 0 }, '加量包数量须为 1–100000 的整数'],
      [{ ...packBase, title: '' }, '请填写名称'],
    ] as const) {
      const res = await f.callRaw(saveDosingPackage, input, admin);
      expect(res.body.msg).toBe(msg);
    }
    expect(await f.ok(getPackageDesk, {}, admin)).toEqual(desk);
  });

  it('edits a package for new buyers only: existing members keep what they hold', async () => {
    const desk = await f.ok(getPackageDesk, {}, admin);
    const pkg = desk.packages.find((p) => p.price === 9800)!;
    const held = await f.ok(getAuthList, {}, member);
    const heldEnd = await f.deps.db
      .selectFrom('users')
      .select('vip_end_time')
      .where('phone', '=', BUYER)
      .executeTakeFirstOrThrow();
    const s1 = pkg.authList.find((a) => a.code === 'S1')!;
    const saved = await f.ok(
      saveMemberPackage,
      {
        id: pkg.id,
        title: '  标准会员（新版）  ',
        price: 15800,
        description: '新的说明',
        auths: [{ authorityId: s1.authorityId, count: s1.count + 7 }],
      },
      admin,
    );
    expect(saved).toMatchObject({
      title: '标准会员（新版）',
      price: 15800,
      description: '新的说明',
    });
    expect(saved.authList.find((a) => a.code === 'S1')!.count).toBe(s1.count + 7);
    // Sold from now on at the new tier and counts.
    const config = await f.ok(getMemberPackageConfig, {});
    expect(config['15800']!.some((p) => p.id === pkg.id)).toBe(true);
    const qr = await f.ok(
      getMemberQrCode,
      { typeId: pkg.id, payMethod: 2, device: 1, amount: 1 },
      member,
    );
    expect(qr.amountFen).toBe(1_580_000);
    // What the member already holds is unchanged.
    expect(await f.ok(getAuthList, {}, member)).toEqual(held);
    expect(
      await f.deps.db
        .selectFrom('users')
        .select('vip_end_time')
        .where('phone', '=', BUYER)
        .executeTakeFirstOrThrow(),
    ).toEqual(heldEnd);
  });

  it('disables and enables a package and a pack: a disabled one is neither listed nor sold', async () => {
    const desk = await f.ok(getPackageDesk, {}, admin);
    const pkg = desk.packages[0]!;
    expect(
      await f.ok(setPackageEnabled, { kind: 'package', id: pkg.id, enabled: false }, admin),
    ).toEqual({
      id: pkg.id,
      enabled: false,
    });
    expect(
      (await f.ok(getShowMemberPackageList, { type: 3, source: 1 })).some((p) => p.id === pkg.id),
    ).toBe(false);
    const refused = await f.call(
      getMemberQrCode,
      { typeId: pkg.id, payMethod: 2, device: 1, amount: 1 },
      member,
    );
    expect(refused.body.msg).toBe('套餐不存在或已停用！');
    expect(
      (await f.ok(getPackageDesk, {}, admin)).packages.find((p) => p.id === pkg.id)!.enabled,
    ).toBe(false);
    await f.ok(setPackageEnabled, { kind: 'package', id: pkg.id, enabled: true }, admin);
    expect(
      (await f.ok(getShowMemberPackageList, { type: 3, source: 1 })).some((p) => p.id === pkg.id),
    ).toBe(true);

    const pack = desk.packs[0]!;
    const edited = await f.ok(
      saveDosingPackage,
      { id: pack.id, title: '素材授权加量', priceFen: 88_800, count: 60, description: '' },
      admin,
    );
    expect(edited).toMatchObject({ priceFen: 88_800, count: 60, enabled: true });
    expect((await f.ok(getDosingPackageList, {})).find((p) => p.id === pack.id)).toMatchObject({
      priceFen: 88_800,
      count: 60,
    });
    await f.ok(setPackageEnabled, { kind: 'dosing', id: pack.id, enabled: false }, admin);
    expect((await f.ok(getDosingPackageList, {})).some((p) => p.id === pack.id)).toBe(false);
    const packRefused = await f.call(
      getDosingQrCode,
      { dosingId: pack.id, payMethod: 2, device: 1 },
      member,
    );
    expect(packRefused.body.msg).toBe('加量包不存在或已停用！');
    const missing = await f.call(
      setPackageEnabled,
      { kind: 'dosing', id: 999_999, enabled: true },
      admin,
    );
    expect(missing.body.msg).toBe('加量包不存在或已停用！');
  });
});
