import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserInfo, login, register, sendSmsCode } from '@shared/contract/accounts';
import {
  cancelDeletion,
  changeMyPassword,
  changePhone,
  exportMyData,
  getProfile,
  phoneCaptcha,
  requestDeletion,
  saveNickName,
  uploadAvatar,
  verifyOldPhone,
} from '@shared/contract/profile';
import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '../../db/seed/demo-catalogue';
import { submitOrder } from '../orders/order-service';
import { createPayment, handleNotification } from '../orders/payment-service';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { COOLING_OFF_MS, sweepDueDeletions } from './deletion-service';
import { EXPORT_SECTIONS } from './export-service';

const NEW_PASSWORD = 'newpass-2024';
const crop = { left: 0, top: 0, size: 1 };

describe.each(testDatabases())('profile ($name)', (database) => {
  let f: CatalogueFixture;
  let buyer: string;
  let other: string;
  let phoneSeq = 0;

  /** A fresh self-registered account (no orders, no money), signed in. */
  const newAccount = async (): Promise<{ phone: string; token: string; id: number }> => {
    const phone = `1360000${String(++phoneSeq).padStart(4, '0')}`;
    const sent = await f.ok(sendSmsCode, { phone, purpose: 'register' });
    const res = await f.ok(register, {
      phone,
      smsCode: sent.sandboxCode ?? '',
      password: DEMO_PASSWORD,
    });
    return { phone, token: res.login.token, id: await f.userId(phone) };
  };
  /** Lets the per-phone SMS limit (one a minute) pass, as a user waiting would. */
  const aMinuteLater = () => f.advance(61_000);
  /** A paid licence order of the user, made through the real order and sandbox payment path. */
  const buyWork = async (buyerId: number): Promise<string> => {
    const licence = await f.deps.db
      .selectFrom('work_licences as l')
      .innerJoin('works as w', 'w.id', 'l.work_id')
      .select(['l.id', 'l.work_id'])
      .where('w.status', '=', 'published')
      .where('l.kind', '!=', 'category_exclusive')
      .executeTakeFirstOrThrow();
    const deps = { ...f.deps, commerce: f.app.commerce, payments: f.app.payments };
    const order = await submitOrder(deps, buyerId, {
      creationId: licence.work_id,
      licenceId: licence.id,
      categoryKids: [],
      keywords: [],
      customKey: '',
      termYears: 1,
      idemKey: `profile-test-${buyerId}-${randomBytes(4).toString('hex')}`,
      agreed: true,
    });
    const pay = await createPayment(deps, buyerId, order.orderNo, 1, 'http://127.0.0.1');
    const sandbox = f.app.payments.sandbox;
    if (!sandbox) throw new Error('the test app pays through the sandbox');
    const raw = sandbox.buildNotification(
      pay.payOrderNo,
      pay.amountFen,
      randomBytes(8).toString('hex'),
    );
    await handleNotification(deps, 'sandbox', raw);
    return order.orderNo;
  };
  const sweep = () =>
    sweepDueDeletions({
      ...f.deps,
      wordIndex: f.app.wordIndex,
      imageIndex: f.app.imageIndex,
      worksChanged: f.app.worksChanged,
    });

  beforeAll(async () => {
    f = await buildCatalogueApp(database, 2);
    buyer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
  });
  afterAll(async () => {
    await f?.close();
  });

  describe('nickname', () => {
    it.each([
      ['张', '昵称长度为 2–20 个字符'],
      ['一二三四五六七八九十一二三四五六七八九十一', '昵称长度为 2–20 个字符'],
      ['20240101', '昵称不能是纯数字'],
      ['花 样', '昵称只能包含中文、字母、数字、下划线、短横线和间隔号（·）'],
      ['<b>花样</b>', '昵称只能包含中文、字母、数字、下划线、短横线和间隔号（·）'],
      ['纹样官方店', '昵称不能包含“纹样”“官方”“客服”“管理员”等字样'],
    ])('refuses %s with a clear message and keeps the old name', async (name, message) => {
      const before = (await f.ok(getProfile, {}, buyer)).userName;
      const res = await f.call(saveNickName, { nickName: name }, buyer);
      expect(res.body.msg).toBe(message);
      expect((await f.ok(getProfile, {}, buyer)).userName).toBe(before);
    });

    it('refuses a name another user has, whatever its case', async () => {
      const taken = (await f.ok(getProfile, {}, other)).userName;
      const res = await f.call(saveNickName, { nickName: taken }, buyer);
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('该昵称已被使用，请换一个');
      await f.ok(saveNickName, { nickName: 'Linen_Studio' }, other);
      const upper = await f.call(saveNickName, { nickName: 'LINEN_STUDIO' }, buyer);
      expect(upper.body.msg).toBe('该昵称已被使用，请换一个');
    });

    it('saves a good name, trimmed, and the header reads it at once', async () => {
      expect(await f.ok(saveNickName, { nickName: ' 杭州织造·二厂 ' }, buyer)).toEqual({
        userName: '杭州织造·二厂',
      });
      expect((await f.ok(getUserInfo, {}, buyer)).userName).toBe('杭州织造·二厂');
    });
  });

  describe('avatar', () => {
    const png = (w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: '#1677ff' } })
        .png()
        .toBuffer();

    it('refuses a file that is not a PNG or JPG by its content, whatever its name', async () => {
      const text = Buffer.from('just some text, not an image at all').toString('base64');
      const res = await f.call(uploadAvatar, { name: 'me.png', data: text, crop }, buyer);
      expect(res.body.msg).toBe('头像文件不是可识别的 PNG 或 JPG 图片，或文件已损坏');
      const gif = await sharp({
        create: { width: 80, height: 80, channels: 3, background: '#f00' },
      })
        .gif()
        .toBuffer();
      const renamed = await f.call(
        uploadAvatar,
        { name: 'me.jpg', data: gif.toString('base64'), crop },
        buyer,
      );
      expect(renamed.body.msg).toBe('头像只支持 PNG、JPG 格式');
    });

    it('refuses a file of 2 MB or more, and one too small to look sharp', async () => {
      const big = Buffer.alloc(2 * 1024 * 1024, 1).toString('base64');
      const res = await f.call(uploadAvatar, { name: 'big.png', data: big, crop }, buyer);
      expect(res.body.msg).toBe('头像图片需小于2M');
      const tiny = (await png(40, 40)).toString('base64');
      const small = await f.call(uploadAvatar, { name: 't.png', data: tiny, crop }, buyer);
      expect(small.body.msg).toBe('头像图片太小，宽和高都至少需要 64 像素');
    });

    it('cuts the chosen square at 256 and 64 px and shows it in the user info at once', async () => {
      const before = await f.ok(getUserInfo, {}, buyer);
      const data = `data:image/png;base64,${(await png(300, 200)).toString('base64')}`;
      const saved = await f.ok(
        uploadAvatar,
        { name: 'me.png', data, crop: { left: 0.2, top: 0, size: 1 } },
        buyer,
      );
      const info = await f.ok(getUserInfo, {}, buyer);
      expect(info.headImg).toBe(saved.headImg);
      expect(info.smallHeadImg).toBe(saved.smallHeadImg);
      expect(info.smallHeadImg).not.toBe(before.smallHeadImg);
      const row = await f.deps.db
        .selectFrom('users')
        .select(['head_img', 'small_head_img'])
        .where('id', '=', await f.userId(BUYER))
        .executeTakeFirstOrThrow();
      for (const [key, side] of [
        [row.head_img, 256],
        [row.small_head_img ?? '', 64],
      ] as const) {
        const stored = await f.deps.storage.get(key);
        const meta = await sharp(stored?.body).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', side, side]);
      }
    });
  });

  describe('phone change', () => {
    it('needs a code to the old number and one to the new, and a number nobody uses', async () => {
      const me = await newAccount();
      const early = await f.call(
        phoneCaptcha,
        { target: 'new', phone: '13612340000', ticket: 'x.y' },
        me.token,
      );
      expect(early.body.msg).toBe('原手机号验证已失效，请重新获取验证码');
      const noTicket = await f.call(
        phoneCaptcha,
        { target: 'new', phone: '13612340000' },
        me.token,
      );
      expect(noTicket.body.msg).toBe('请先验证原手机号');

      aMinuteLater();
      const old = await f.ok(phoneCaptcha, { target: 'old' }, me.token);
      expect(old.phoneMasked).toBe(`${me.phone.slice(0, 3)}****${me.phone.slice(7)}`);
      expect(f.sentSms.at(-1)?.phone).toBe(me.phone);
      const wrongOld = old.sandboxCode === '000000' ? '111111' : '000000';
      const refused = await f.call(verifyOldPhone, { code: wrongOld }, me.token);
      expect(refused.body.msg).toBe('验证码错误或已过期');
      const { ticket } = await f.ok(verifyOldPhone, { code: old.sandboxCode ?? '' }, me.token);

      const used = await f.call(
        phoneCaptcha,
        { target: 'new', phone: OTHER_BUYER, ticket },
        me.token,
      );
      expect(used.status).toBe(409);
      expect(used.body.msg).toBe('该手机号已被其他账号使用');
      const same = await f.call(phoneCaptcha, { target: 'new', phone: me.phone, ticket }, me.token);
      expect(same.body.msg).toBe('新手机号不能与当前手机号相同');

      const next = '13612340000';
      const sent = await f.ok(phoneCaptcha, { target: 'new', phone: next, ticket }, me.token);
      expect(f.sentSms.at(-1)?.phone).toBe(next);
      const wrongNew = sent.sandboxCode === '000000' ? '111111' : '000000';
      const bad = await f.call(changePhone, { ticket, phone: next, code: wrongNew }, me.token);
      expect(bad.body.msg).toBe('验证码错误或已过期');
      const still = await f.deps.db
        .selectFrom('users')
        .select('phone')
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      expect(still.phone).toBe(me.phone);

      const done = await f.ok(
        changePhone,
        { ticket, phone: next, code: sent.sandboxCode ?? '' },
        me.token,
      );
      expect(done.phoneMasked).toBe('136****0000');
      expect((await f.ok(getProfile, {}, me.token)).phoneMasked).toBe('136****0000');
      // The ticket proved the old number, which is no longer this account's.
      const again = await f.call(
        phoneCaptcha,
        { target: 'new', phone: '13612340001', ticket },
        me.token,
      );
      expect(again.body.msg).toBe('原手机号验证已失效，请重新获取验证码');
      // Signing in works with the new number only.
      await f.ok(login, { phone: next, password: DEMO_PASSWORD });
      expect(
        (await f.call(login, { phone: me.phone, password: DEMO_PASSWORD })).body.code,
      ).not.toBe(1);
    });
  });

  describe('password', () => {
    it('needs the current password; this session stays and the others end', async () => {
      const me = await newAccount();
      const elsewhere = (await f.ok(login, { phone: me.phone, password: DEMO_PASSWORD })).login
        .token;
      const wrong = await f.call(
        changeMyPassword,
        { password: 'not-my-password', newPassword: NEW_PASSWORD },
        me.token,
      );
      expect(wrong.body.msg).toBe('当前密码错误，还可尝试 4 次');
      await f.ok(
        changeMyPassword,
        { password: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
        me.token,
      );
      expect((await f.call(getProfile, {}, me.token)).body.code).toBe(1);
      expect((await f.call(getProfile, {}, elsewhere)).status).toBe(401);
      await f.ok(login, { phone: me.phone, password: NEW_PASSWORD });
    });
  });

  describe('data export', () => {
    it("holds the user's rows and nothing of another user's", async () => {
      const [mine, theirs] = [await f.userId(BUYER), await f.userId(OTHER_BUYER)];
      // Both users collect the same work: each export has only its own collection row.
      const work = await f.deps.db
        .selectFrom('works')
        .select('id')
        .where('status', '=', 'published')
        .executeTakeFirstOrThrow();
      for (const userId of [mine, theirs]) {
        await f.deps.db
          .insertInto('collections')
          .values({
            user_id: userId,
            target_type: 'work',
            target_id: work.id,
            group_id: null,
            created_at: new Date().toISOString(),
          })
          .execute();
        await buyWork(userId);
      }
      const data = await f.ok(exportMyData, {}, buyer);
      const account = data.account as Record<string, unknown>;
      expect(account.id).toBe(mine);
      expect(account.phone).toBe(BUYER);
      expect(account).not.toHaveProperty('password_hash');
      const orders = data.orders as { buyer_id: number; order_no: string }[];
      const inDb = await f.deps.db
        .selectFrom('orders')
        .select('order_no')
        .where('buyer_id', '=', mine)
        .execute();
      expect(inDb.length).toBeGreaterThan(0);
      expect(orders.map((o) => o.order_no).sort()).toEqual(inDb.map((o) => o.order_no).sort());
      expect(data.collections).toEqual([
        expect.objectContaining({ user_id: mine, target_id: work.id }),
      ]);
      expect((data.agreementAcceptances as unknown[]).length).toBeGreaterThanOrEqual(0);
      // The demo buyer's seeded 展厅, without its request id.
      const halls = data.showrooms as Record<string, unknown>[];
      expect(halls.length).toBeGreaterThan(0);
      expect(halls[0]).not.toHaveProperty('request_id');
      // Every row of every section is the user's by the column that names them.
      for (const section of EXPORT_SECTIONS) {
        const rows = data[section.key] as Record<string, unknown>[];
        for (const row of rows) expect(row[section.column]).toBe(mine);
      }
      const text = JSON.stringify(data);
      const otherRow = await f.deps.db
        .selectFrom('users')
        .select(['cai_hong_id', 'phone'])
        .where('id', '=', theirs)
        .executeTakeFirstOrThrow();
      expect(text).not.toContain(otherRow.cai_hong_id);
      expect(text).not.toContain(OTHER_BUYER);
      expect(text).not.toMatch(/token_hash|refresh_hash|password_hash|number_hash/);
    });

    it('gives a designer their sales without the buyers', async () => {
      const sale = await f.deps.db
        .selectFrom('sale_records')
        .select(['designer_id'])
        .executeTakeFirstOrThrow();
      const phone = await f.deps.db
        .selectFrom('users')
        .select('phone')
        .where('id', '=', sale.designer_id)
        .executeTakeFirstOrThrow();
      const token = await f.signIn(phone.phone ?? '');
      const data = await f.ok(exportMyData, {}, token);
      const sales = data.sales as Record<string, unknown>[];
      expect(sales.length).toBeGreaterThan(0);
      expect(sales[0]).not.toHaveProperty('buyer_user_id');
      expect(sales[0]).not.toHaveProperty('buyer_company');
      expect((data.works as unknown[]).length).toBeGreaterThan(0);
    });
  });

  describe('account deletion', () => {
    it('refuses while money is held for the user, changing nothing', async () => {
      const held = await f.deps.db
        .selectFrom('ledger_accounts')
        .select('user_id')
        .where('user_id', 'is not', null)
        .where('balance', '>', 0)
        .executeTakeFirstOrThrow();
      const phone = await f.deps.db
        .selectFrom('users')
        .select('phone')
        .where('id', '=', held.user_id ?? 0)
        .executeTakeFirstOrThrow();
      const token = await f.signIn(phone.phone ?? '');
      const res = await f.call(requestDeletion, { password: DEMO_PASSWORD }, token);
      expect(res.body.msg).toMatch(
        /^账户中还有 ¥[\d,.]+ 的余额或待结算收益，请先提现或用完后再申请注销$/,
      );
      expect((await f.ok(getProfile, {}, token)).deletion).toBeNull();
    });

    it('asks for the password or a code; a wrong one changes nothing', async () => {
      const me = await newAccount();
      expect((await f.call(requestDeletion, {}, me.token)).body.msg).toBe(
        '请输入登录密码或短信验证码以确认注销',
      );
      const wrong = await f.call(requestDeletion, { password: 'wrong-one' }, me.token);
      expect(wrong.body.msg).toBe('当前密码错误，还可尝试 4 次');
      expect((await f.ok(getProfile, {}, me.token)).deletion).toBeNull();
    });

    it('starts a 15-day cooling-off that signing in can cancel', async () => {
      const me = await newAccount();
      aMinuteLater();
      const sent = await f.ok(phoneCaptcha, { target: 'deletion' }, me.token);
      const state = await f.ok(requestDeletion, { smsCode: sent.sandboxCode ?? '' }, me.token);
      expect(state.dueAt - state.requestedAt).toBe(COOLING_OFF_MS);
      expect(COOLING_OFF_MS).toBe(15 * 24 * 3600_000);
      // Every session ended.
      expect((await f.call(getProfile, {}, me.token)).status).toBe(401);
      // Signing in is allowed, and the profile offers to cancel.
      const back = (await f.ok(login, { phone: me.phone, password: DEMO_PASSWORD })).login.token;
      expect((await f.ok(getProfile, {}, back)).deletion).toEqual(state);
      // A second request (double click) does not ask twice.
      expect(await f.ok(requestDeletion, { password: DEMO_PASSWORD }, back)).toEqual(state);
      const rows = await f.deps.db
        .selectFrom('account_deletions')
        .select('state')
        .where('user_id', '=', me.id)
        .execute();
      expect(rows).toEqual([{ state: 'pending' }]);
      expect(await f.ok(cancelDeletion, {}, back)).toEqual({ cancelled: true });
      expect((await f.ok(getProfile, {}, back)).deletion).toBeNull();
      expect((await f.call(cancelDeletion, {}, back)).body.msg).toBe('没有待撤销的注销申请');
      // The sweep leaves a cancelled request alone, even long after.
      f.advance(COOLING_OFF_MS + 3600_000);
      await sweep();
      const user = await f.deps.db
        .selectFrom('users')
        .select(['phone', 'deleted_at'])
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ phone: me.phone, deleted_at: null });
    });

    it('after the cooling-off anonymises the account and keeps its orders', async () => {
      const id = await f.userId(BUYER);
      await buyWork(id);
      // The buyer also publishes a work, to see it leave the catalogue.
      const work = await f.deps.db
        .selectFrom('works')
        .select(['id', 'designer_id'])
        .where('status', '=', 'published')
        .executeTakeFirstOrThrow();
      await f.deps.db
        .updateTable('works')
        .set({ designer_id: id })
        .where('id', '=', work.id)
        .execute();
      const token = await f.signIn(BUYER);
      const orders = await f.deps.db
        .selectFrom('orders')
        .select(['order_no', 'amount_fen'])
        .where('buyer_id', '=', id)
        .orderBy('order_no')
        .execute();
      expect(orders.length).toBeGreaterThan(0);
      // The demo buyer curates a 展厅 (seeded) and made a 新品.
      const halls = await f.deps.db
        .selectFrom('showrooms')
        .select('id')
        .where('owner_id', '=', id)
        .execute();
      expect(halls.length).toBeGreaterThan(0);
      const newProductKey = `private/new-products/${id}/deleted-account-test.jpg`;
      await f.deps.storage.put(newProductKey, Buffer.from('jpeg'), 'image/jpeg');
      const stamp = new Date(f.deps.now()).toISOString();
      await f.deps.db
        .insertInto('new_products')
        .values({
          user_id: id,
          title: '抱枕',
          template_id: 'pillow',
          source_kind: 'work',
          work_id: work.id,
          file_key: null,
          scale: 30,
          rotation: 0,
          offset_x: 0,
          offset_y: 0,
          clean_key: newProductKey,
          watermarked_key: null,
          idem_key: 'deleted-account-test',
          request_hash: 'x',
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await f.ok(requestDeletion, { password: DEMO_PASSWORD }, token);
      // Not yet: the sweep waits for the end of the cooling-off.
      expect(await sweep()).toBe(0);
      f.advance(COOLING_OFF_MS + 60_000);
      expect(await sweep()).toBe(1);
      expect(await sweep()).toBe(0);

      const user = await f.deps.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(user.phone).toBeNull();
      expect(user.password_hash).toBeNull();
      expect(user.user_name).toBe(`已注销用户${id}`);
      expect(user.deleted_at).not.toBeNull();
      const live = await f.deps.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toEqual([]);
      const kept = await f.deps.db
        .selectFrom('orders')
        .select(['order_no', 'amount_fen'])
        .where('buyer_id', '=', id)
        .orderBy('order_no')
        .execute();
      expect(kept).toEqual(orders);
      const collections = await f.deps.db
        .selectFrom('collections')
        .select('target_id')
        .where('user_id', '=', id)
        .execute();
      expect(collections).toEqual([]);
      const hallsAfter = await f.deps.db
        .selectFrom('showrooms')
        .select('id')
        .where('owner_id', '=', id)
        .execute();
      expect(hallsAfter).toEqual([]);
      const hallWorks = await f.deps.db
        .selectFrom('showroom_works')
        .select('work_id')
        .where(
          'showroom_id',
          'in',
          halls.map((h) => h.id),
        )
        .execute();
      expect(hallWorks).toEqual([]);
      const productsAfter = await f.deps.db
        .selectFrom('new_products')
        .select('id')
        .where('user_id', '=', id)
        .execute();
      expect(productsAfter).toEqual([]);
      expect(await f.deps.storage.exists(newProductKey)).toBe(false);
      const after = await f.deps.db
        .selectFrom('works')
        .select('status')
        .where('id', '=', work.id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe('offline');
      expect((await f.call(login, { phone: BUYER, password: DEMO_PASSWORD })).body.code).not.toBe(
        1,
      );
      expect((await f.call(getProfile, {}, token)).status).toBe(401);
    });
  });
});
