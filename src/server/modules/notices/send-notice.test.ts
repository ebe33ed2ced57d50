import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { noticeLink, sendNotice } from './notice-service';

describe('noticeLink', () => {
  it('keeps in-site paths and drops everything else', () => {
    expect(noticeLink('/user/wallet')).toBe('/user/wallet');
    expect(noticeLink(' /user/order?id=3 ')).toBe('/user/order?id=3');
    expect(noticeLink(undefined)).toBeNull();
    expect(noticeLink(null)).toBeNull();
    expect(noticeLink('')).toBeNull();
    expect(noticeLink('https://evil.example/')).toBeNull();
    expect(noticeLink('//evil.example/')).toBeNull();
    expect(noticeLink('javascript:alert(1)')).toBeNull();
    expect(noticeLink(`/${'a'.repeat(400)}`)).toBeNull();
  });
});

describe.each(testDatabases())('sendNotice ($name)', (database) => {
  let t: TestApp;
  let userId: number;
  const rows = async () =>
    t.deps.db
      .selectFrom('notices')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp(database);
    userId = (
      await t.deps.db
        .insertInto('users')
        .values({
          cai_hong_id: 'N0000001',
          phone: '13900009999',
          user_name: '收信人',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes one unread notice, with or without a link', async () => {
    await sendNotice(t.deps.db, {
      userId,
      kind: 'review',
      title: '作品审核通过',
      body: '您的作品《青花缠枝》已通过审核。',
      link: '/user/works',
    });
    await sendNotice(t.deps.db, {
      userId,
      kind: 'wallet',
      title: '提现已打款',
      body: '您的提现 ¥100.00 已打款。',
    });
    const list = await rows();
    expect(list.map((r) => [r.kind, r.title, r.link, r.read_at])).toEqual([
      ['review', '作品审核通过', '/user/works', null],
      ['wallet', '提现已打款', null, null],
    ]);
  });

  it('refuses an empty or over-long title or body, or an unknown kind, and writes nothing', async () => {
    const before = (await rows()).length;
    await expect(
      sendNotice(t.deps.db, { userId, kind: 'review', title: ' ', body: '正文' }),
    ).rejects.toThrow('消息标题不能为空');
    await expect(
      sendNotice(t.deps.db, { userId, kind: 'review', title: '标'.repeat(61), body: '正文' }),
    ).rejects.toThrow('消息标题不能超过 60 个字');
    await expect(
      sendNotice(t.deps.db, { userId, kind: 'review', title: '标题', body: '' }),
    ).rejects.toThrow('消息内容不能为空');
    await expect(
      sendNotice(t.deps.db, { userId, kind: 'review', title: '标题', body: '字'.repeat(1001) }),
    ).rejects.toThrow('消息内容不能超过 1000 个字');
    await expect(
      sendNotice(t.deps.db, { userId, kind: 'nope' as never, title: '标题', body: '正文' }),
    ).rejects.toThrow('未知的消息类型');
    expect((await rows()).length).toBe(before);
  });

  it('sends nothing when the transaction it belongs to rolls back', async () => {
    const before = (await rows()).length;
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await sendNotice(trx, {
          userId,
          kind: 'order',
          title: '订单已支付',
          body: '订单 W1 已支付。',
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await rows()).length).toBe(before);
  });
});
