import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRequest } from '@shared/contract/define';
import {
  NEW_PRODUCTS_PER_USER,
  deleteNewProduct,
  generateNewProduct,
  getMyNewProducts,
  getNewProductSource,
  getNewProductTemplates,
  renameNewProduct,
} from '@shared/contract/new-products';
import { empowerCategory, orderReturnQrCode, submitOrder } from '@shared/contract/orders';
import { UPLOAD_PATH, genPostPolicy } from '@shared/contract/uploads';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

/** Mean absolute difference per channel between two pictures of one size (0…255). */
async function meanDiff(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all(
    [a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  expect(x!.info.width).toBe(y!.info.width);
  let sum = 0;
  for (let i = 0; i < x!.data.length; i++) sum += Math.abs(x!.data[i]! - y!.data[i]!);
  return sum / x!.data.length;
}

describe.each(testDatabases())('新品 ($name)', (database) => {
  let f: CatalogueFixture;
  let buyer: string;
  let other: string;
  let buyerId: number;
  let work: { id: number; title: string };
  let seq = 0;
  const key = () => `np-test-${++seq}-${database.name}`;
  const settings = { templateId: 'pillow', scale: 30, rotation: 15, offsetX: 10, offsetY: 20 };
  const fromWork = (id: number, extra: Partial<CallRequest<typeof generateNewProduct>> = {}) => ({
    source: { workId: id },
    ...settings,
    idemKey: key(),
    ...extra,
  });
  const count = async () =>
    Number(
      (
        await f.deps.db
          .selectFrom('new_products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The bytes behind a signed picture URL, as the browser would get them. */
  const fetchImage = async (url: string) => {
    const res = await f.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  const stored = async (id: number) => {
    const row = await f.deps.db
      .selectFrom('new_products')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const clean = await f.deps.storage.get(row.clean_key);
    return { row, clean: clean!.body };
  };

  beforeAll(async () => {
    f = await buildCatalogueApp(database, 8);
    buyer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
    buyerId = await f.userId(BUYER);
    // A material work the buyer holds no licence for yet (the sales seed may have sold some).
    const licensed = await f.deps.db
      .selectFrom('orders')
      .select('work_id')
      .where('buyer_id', '=', buyerId)
      .execute();
    const works = await f.deps.db
      .selectFrom('works')
      .select(['id', 'title', 'header_type', 'designer_id'])
      .where('status', '=', 'published')
      .orderBy('id')
      .execute();
    const pick = works.find(
      (w) =>
        w.header_type === 4 &&
        w.designer_id !== buyerId &&
        !licensed.some((l) => l.work_id === w.id),
    );
    work = { id: pick!.id, title: pick!.title };
  });
  afterAll(async () => {
    await f?.close();
  });

  it('offers six templates to anyone and the source only to a signed-in user', async () => {
    const templates = await f.ok(getNewProductTemplates, {});
    expect(templates.map((t) => t.id)).toEqual([
      'tshirt',
      'pillow',
      'tote',
      'scarf',
      'phonecase',
      'dress',
    ]);
    expect(templates.every((t) => t.shape.startsWith('M') && t.title !== '')).toBe(true);
    expect((await f.call(getNewProductSource, { workId: work.id })).body.code).toBe(401);
    const source = await f.ok(getNewProductSource, { workId: work.id }, buyer);
    expect(source).toMatchObject({ kind: 'work', workId: work.id, licensed: false });
    expect(source.imageUrl).toContain('/files/public/');
  });

  it('makes a watermarked 新品 of an unlicensed work, clean once the buyer licenses it', async () => {
    const before = await count();
    const made = await f.ok(generateNewProduct, fromWork(work.id), buyer);
    expect(await count()).toBe(before + 1);
    expect(made).toMatchObject({
      title: `${work.title} · 抱枕`,
      templateId: 'pillow',
      watermarked: true,
      licensed: false,
      source: { kind: 'work', workId: work.id, workTitle: work.title },
    });
    expect(made.licence?.minPriceFen).toBeGreaterThan(0);
    expect(made.settings).toEqual(settings);
    const { clean } = await stored(made.id);
    const meta = await sharp(clean).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 1200]);
    // What the buyer is served is the marked picture: far from the clean one.
    const served = await fetchImage(made.imageUrl);
    expect(await meanDiff(served, clean)).toBeGreaterThan(4);
    // The print follows the product: the corners are backdrop, the centre is the pattern.
    const { data } = await sharp(clean).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3);
    expect(Math.min(...at(5, 5))).toBeGreaterThan(200);
    expect([...at(600, 600)]).not.toEqual([...at(5, 5)]);

    // The buyer licenses the work through the order flow and the sandbox payment.
    const info = await f.ok(empowerCategory, { creationId: work.id }, buyer);
    const option = info.options.find((o) => o.kind !== 'category_exclusive')!;
    const order = await f.ok(
      submitOrder,
      {
        creationId: work.id,
        licenceId: option.licenceId,
        categoryKids: [],
        keywords: [],
        customKey: '',
        termYears: 1,
        idemKey: key(),
        agreed: true,
      },
      buyer,
    );
    const qr = await f.ok(orderReturnQrCode, { orderNo: order.orderNo, payMethod: 1 }, buyer);
    const paid = f.app.payments.sandbox!.buildNotification(qr.payOrderNo, qr.amountFen, 'np-1');
    const notify = await f.app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      headers: paid.headers as Record<string, string>,
      payload: paid.body,
    });
    expect(notify.statusCode).toBe(200);

    const { list } = await f.ok(getMyNewProducts, { pageIndex: 1, pageSize: 20 }, buyer);
    const after = list.find((p) => p.id === made.id)!;
    expect(after).toMatchObject({ watermarked: false, licensed: true });
    expect(await meanDiff(await fetchImage(after.imageUrl), clean)).toBe(0);
    expect(after.downloadUrl).toContain('name=');
  });

  it('makes a clean 新品 of the buyer’s own uploaded pattern', async () => {
    const policy = await f.ok(genPostPolicy, { upfilePath: 'creation', module: 'tuan' }, buyer);
    const png = await sharp({
      create: { width: 240, height: 160, channels: 3, background: '#2f6f9f' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160"><circle cx="60" cy="80" r="40" fill="#f2c14e"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const res = await f.app.inject({
      method: 'PUT',
      url: `${UPLOAD_PATH}?policy=${encodeURIComponent(policy.policy)}&signature=${encodeURIComponent(policy.signature)}`,
      payload: png,
      headers: { 'content-type': 'image/png', token: buyer },
    });
    const fileKey = res.json<{ data: { fileKey: string } }>().data.fileKey;
    const source = await f.ok(getNewProductSource, { fileKey }, buyer);
    expect(source).toMatchObject({ kind: 'upload', licensed: true, width: 240, height: 160 });
    const made = await f.ok(
      generateNewProduct,
      { source: { fileKey }, ...settings, templateId: 'tshirt', idemKey: key() },
      buyer,
    );
    expect(made).toMatchObject({ watermarked: false, licence: null, title: '我的花型 · T恤' });
    const { row, clean } = await stored(made.id);
    expect(row.watermarked_key).toBeNull();
    expect(await meanDiff(await fetchImage(made.imageUrl), clean)).toBe(0);
    // Another user cannot use this upload.
    const refused = await f.call(
      generateNewProduct,
      { source: { fileKey }, ...settings, idemKey: key() },
      other,
    );
    expect(refused.body.msg).toBe('找不到这个花型文件，请重新上传');
  });

  it('refuses bad settings with a clear message and changes nothing', async () => {
    const before = await count();
    const cases: [Partial<CallRequest<typeof generateNewProduct>>, string][] = [
      [{ templateId: 'mug' }, '请选择一个产品模板'],
      [{ scale: 2 }, '花回大小需在 5% 到 100% 之间'],
      [{ scale: 101 }, '花回大小需在 5% 到 100% 之间'],
      [{ rotation: 200 }, '旋转角度需在 -180° 到 180° 之间'],
      [{ offsetY: 100 }, '偏移需在 0% 到 99% 之间'],
      [{ title: '   ' }, '请填写新品名称'],
      [{ title: '长'.repeat(41) }, '新品名称不能超过 40 个字'],
      [{ source: {} }, '请选择一件作品或一个自己的花型（只选一个）'],
      [{ source: { workId: 999_999 } }, '该作品不存在或已下架，无法生成新品'],
    ];
    for (const [extra, msg] of cases) {
      const { body } = await f.call(generateNewProduct, fromWork(work.id, extra), buyer);
      expect(body.msg).toBe(msg);
    }
    expect((await f.call(generateNewProduct, fromWork(work.id))).body.code).toBe(401);
    expect(await count()).toBe(before);
  });

  it('keeps at most the limit per user', async () => {
    const mine = await f.deps.db
      .selectFrom('new_products')
      .selectAll()
      .where('user_id', '=', buyerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Fill up to the limit with copies of one row (their pictures are not needed here).
    const { id: _id, ...copy } = mine;
    const have = Number(
      (
        await f.deps.db
          .selectFrom('new_products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', buyerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    // One place left, and two different 新品 asked for at once: one is made, one refused.
    const fill = Array.from({ length: NEW_PRODUCTS_PER_USER - have - 1 }, (_, i) => ({
      ...copy,
      idem_key: `fill-${i}`,
    }));
    await f.deps.db.insertInto('new_products').values(fill).execute();
    const racing = await Promise.all([
      f.call(generateNewProduct, fromWork(work.id, { templateId: 'tote' }), buyer),
      f.call(generateNewProduct, fromWork(work.id, { templateId: 'scarf' }), buyer),
    ]);
    expect(racing.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(racing.filter((r) => r.body.code !== 1).map((r) => r.body.msg)).toEqual([
      `新品最多保存 ${NEW_PRODUCTS_PER_USER} 件，请先删除一些再生成`,
    ]);
    const before = await count();
    const { body } = await f.call(generateNewProduct, fromWork(work.id), buyer);
    expect(body.msg).toBe(`新品最多保存 ${NEW_PRODUCTS_PER_USER} 件，请先删除一些再生成`);
    expect(await count()).toBe(before);
    await f.deps.db
      .deleteFrom('new_products')
      .where('user_id', '=', buyerId)
      .where('idem_key', 'like', 'fill-%')
      .execute();
    const won = racing.find((r) => r.body.code === 1)!.body;
    await f.ok(deleteNewProduct, { id: (won.data ?? won.rs)!.id }, buyer);
  });

  it('makes one 新品 of a double click and refuses the key reused for other choices', async () => {
    const before = await count();
    const input = fromWork(work.id, { templateId: 'tote', rotation: 0 });
    const [a, b] = await Promise.all([
      f.ok(generateNewProduct, input, buyer),
      f.ok(generateNewProduct, input, buyer),
    ]);
    expect(a.id).toBe(b.id);
    expect(await count()).toBe(before + 1);
    const again = await f.call(generateNewProduct, { ...input, scale: 60 }, buyer);
    expect(again.body.msg).toBe('这次提交与之前的生成请求不一致，请刷新页面后重试');
    expect(await count()).toBe(before + 1);
  });

  it('lets only the owner list, rename and delete a 新品', async () => {
    const made = await f.ok(generateNewProduct, fromWork(work.id, { templateId: 'scarf' }), buyer);
    const theirs = await f.ok(getMyNewProducts, { pageIndex: 1, pageSize: 60 }, other);
    expect(theirs.list.some((p) => p.id === made.id)).toBe(false);
    const steal = await f.call(renameNewProduct, { id: made.id, title: '偷改' }, other);
    expect(steal.body.msg).toBe('新品不存在或已删除');
    expect((await f.call(deleteNewProduct, { id: made.id }, other)).body.msg).toBe(
      '新品不存在或已删除',
    );
    const renamed = await f.ok(renameNewProduct, { id: made.id, title: ' 春季 丝巾 ' }, buyer);
    expect(renamed.title).toBe('春季 丝巾');

    const push = await f.ok(
      getMyNewProducts,
      { pageIndex: 1, pageSize: 60, pushBeforeBuy: true },
      buyer,
    );
    expect(push.list.every((p) => p.source.kind === 'work')).toBe(true);
    expect(push.list.some((p) => p.id === made.id)).toBe(true);

    const { row } = await stored(made.id);
    expect(await f.ok(deleteNewProduct, { id: made.id }, buyer)).toEqual({ deleted: true });
    expect(await f.deps.storage.exists(row.clean_key)).toBe(false);
    expect((await f.call(deleteNewProduct, { id: made.id }, buyer)).body.msg).toBe(
      '新品不存在或已删除',
    );
  });
});
