import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchImage } from '@shared/contract/image-search';
import { getSearchCreationList } from '@shared/contract/word-search';
import {
  FOLK_DICT_KEYS,
  answerFolkAccessRequest,
  applyFolkAccess,
  fetchFolkTagList,
  fetchHasSouthwestEnter,
  getFolkAccessDesk,
  getFolkDetails,
  getFolkDictByKey,
  getFolkIndex,
  getFolkIntentionDesk,
  getFolkList,
  getFolkTagList,
  getMyFolkAccess,
  getMyFolkIntentions,
  grantFolkAccess,
  likeFolkWork,
  revokeFolkAccess,
  searchFolkImage,
  setFolkIntentionState,
  submitFolkIntention,
} from '@shared/contract/folk';
import type { CallDef } from '@shared/contract/define';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { DEFAULT_FOLK_WORKS, planFolkWorks, seedFolk } from '../../db/seed/seed-folk';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

const FOLK_WORKS = 12;
const NOT_ENTITLED =
  '西南民族文化基地仅对已开通权限的用户开放，如需使用请提交开通申请，平台审核后开通';

const validIntention = (workIds: number[], requestKey: string) => ({
  requestKey,
  company: '黔东南文旅文创有限公司',
  contact: '王经理',
  phone: '13812345678',
  industry: '文创礼品',
  purpose: '用于景区文创丝巾与帆布包的印花',
  products: '丝巾、帆布包',
  workIds,
  quantity: '首批 5000 件',
  territory: '中国大陆',
});

describe('the folk demo collection', () => {
  it('plans at least 40 distinct works across the four crafts, each with its cultural note', () => {
    const plan = planFolkWorks(DEFAULT_FOLK_WORKS);
    expect(plan.length).toBeGreaterThanOrEqual(40);
    expect(new Set(plan.map((w) => w.title)).size).toBe(plan.length);
    const crafts = new Map<string, number>();
    for (const w of plan) crafts.set(w.craft.craft, (crafts.get(w.craft.craft) ?? 0) + 1);
    expect(Object.fromEntries(crafts)).toEqual({
      苗绣: 10,
      侗锦: 10,
      彝族漆器纹: 10,
      布依族蜡染: 10,
    });
    for (const w of plan) {
      expect(w.note).toContain(w.origin);
      expect(w.note).toContain(w.inheritor);
      expect(w.motif.meaning.length).toBeGreaterThan(20);
    }
  });
});

describe.each(testDatabases())('south-west folk base ($name)', (database) => {
  let f: CatalogueFixture;
  let admin: string;
  let buyer: string;
  let other: string;
  let workIds: number[];

  const notices = async (phone: string) =>
    f.deps.db
      .selectFrom('notices')
      .selectAll()
      .where('user_id', '=', await f.userId(phone))
      .where('kind', '=', 'folk')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    f = await buildCatalogueApp(database, 2);
    await seedFolk(f.deps, () => undefined, FOLK_WORKS);
    admin = await f.signIn(DEMO_ADMIN.phone);
    buyer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
    workIds = (await f.deps.db.selectFrom('folk_works').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );
  }, 120_000);
  afterAll(async () => {
    await f?.close();
  });

  /** Every folk call that shows works or takes input, with a valid request. */
  const guardedCalls = (): [CallDef, Record<string, unknown>][] => [
    [fetchFolkTagList, {}],
    [getFolkTagList, {}],
    [getFolkIndex, {}],
    [getFolkList, { keyword: '', people: '', craft: '', pageIndex: 1, pageSize: 20 }],
    [getFolkDetails, { id: workIds[0] }],
    [likeFolkWork, { id: workIds[0], like: true }],
    [submitFolkIntention, validIntention([workIds[0]!], 'guard-check-0001')],
    [getMyFolkIntentions, {}],
    [getFolkDictByKey, { key: FOLK_DICT_KEYS.industries }],
  ];

  it('seeds the collection for 苗岭绣坊 and entitles the demo buyer, who sees the header flag', async () => {
    expect(workIds).toHaveLength(FOLK_WORKS);
    const designer = await f.userId('13900000003');
    const owners = await f.deps.db.selectFrom('folk_works').select('designer_id').execute();
    expect(new Set(owners.map((o) => o.designer_id))).toEqual(new Set([designer]));
    expect(await f.ok(fetchHasSouthwestEnter, {}, buyer)).toBe(true);
    expect(await f.ok(getFolkDictByKey, { key: FOLK_DICT_KEYS.enter }, buyer)).toBe(true);
    const index = await f.ok(getFolkIndex, {}, buyer);
    expect(index.collections.map((c) => c.craft)).toEqual([
      '苗绣',
      '侗锦',
      '彝族漆器纹',
      '布依族蜡染',
    ]);
    expect(index.total).toBe(FOLK_WORKS);
    expect(index.tags.map((t) => t.name)).toContain('蝴蝶纹');
    expect(index.newest[0]?.thumb).toMatch(/^\/files\/private\/folk\/.+\?/);
  });

  it('answers a guest: no header flag, and 401 on every folk call', async () => {
    expect(await f.ok(fetchHasSouthwestEnter, {})).toBe(false);
    expect(await f.ok(getFolkDictByKey, { key: FOLK_DICT_KEYS.enter })).toBe(false);
    for (const [call, input] of guardedCalls()) {
      const res = await f.callRaw(call, input);
      expect(res.body.code, call.name).not.toBe(1);
      expect(res.body.data ?? null, call.name).toBeNull();
    }
  });

  it('refuses a signed-in user without the entitlement on every folk call, with how to apply', async () => {
    expect(await f.ok(fetchHasSouthwestEnter, {}, other)).toBe(false);
    for (const [call, input] of guardedCalls()) {
      const res = await f.callRaw(call, input, other);
      expect(res.body.msg, call.name).toBe(NOT_ENTITLED);
      expect(res.body.data ?? null, call.name).toBeNull();
    }
    expect(await f.deps.db.selectFrom('folk_likes').selectAll().execute()).toHaveLength(0);
    expect(await f.deps.db.selectFrom('folk_intentions').selectAll().execute()).toHaveLength(0);
  });

  it('lets an entitled user make every folk call', async () => {
    for (const [call, input] of guardedCalls()) {
      const res = await f.callRaw(call, input, buyer);
      expect(res.body.code, `${call.name} ${res.body.msg}`).toBe(1);
    }
    // Undo the like of the round above so the like counts below start from zero.
    await f.ok(likeFolkWork, { id: workIds[0]!, like: false }, buyer);
  });

  it('files one access request, an admin grants it, the user is told and enters; revoked, refused again', async () => {
    const empty = await f.call(applyFolkAccess, { company: ' ', reason: '产品开发' }, other);
    expect(empty.body.msg).toBe('请填写单位名称');
    const input = { company: '杭州织物文创有限公司', reason: '与黔东南绣娘合作社签署非遗合作' };
    const [a, b] = await Promise.all([
      f.ok(applyFolkAccess, input, other),
      f.ok(applyFolkAccess, input, other),
    ]);
    expect(a.id).toBe(b.id);
    expect(a.status).toBe('pending');
    expect((await f.ok(getMyFolkAccess, {}, other)).request?.status).toBe('pending');
    expect((await f.call(getFolkAccessDesk, {}, buyer)).body.code).not.toBe(1);
    const desk = await f.ok(getFolkAccessDesk, {}, admin);
    expect(desk.requests.filter((r) => r.status === 'pending').map((r) => r.id)).toEqual([a.id]);

    const answered = await f.ok(
      answerFolkAccessRequest,
      { id: a.id, grant: true, reply: '欢迎使用' },
      admin,
    );
    expect(answered.status).toBe('granted');
    const again = await f.call(
      answerFolkAccessRequest,
      { id: a.id, grant: false, reply: '' },
      admin,
    );
    expect(again.body.msg).toBe('该申请已答复，无需重复处理');
    expect((await notices(OTHER_BUYER)).map((n) => n.title)).toEqual([
      '西南民族文化基地已为您开通',
    ]);
    expect(await f.ok(fetchHasSouthwestEnter, {}, other)).toBe(true);
    expect(
      (
        await f.ok(
          getFolkList,
          { keyword: '', people: '', craft: '', pageIndex: 1, pageSize: 5 },
          other,
        )
      ).total,
    ).toBe(FOLK_WORKS);

    const userId = await f.userId(OTHER_BUYER);
    await f.ok(revokeFolkAccess, { userId }, admin);
    expect(await f.ok(fetchHasSouthwestEnter, {}, other)).toBe(false);
    for (const [call, callInput] of guardedCalls()) {
      const res = await f.callRaw(call, callInput, other);
      expect(res.body.msg, call.name).toBe(NOT_ENTITLED);
    }
    expect((await notices(OTHER_BUYER)).map((n) => n.title)).toContain(
      '西南民族文化基地权限已收回',
    );
    // Granted again by phone from the desk.
    const bad = await f.call(grantFolkAccess, { phone: '12345', note: '' }, admin);
    expect(bad.body.msg).toBe('请输入正确的手机号（11 位，以 1 开头）');
    await f.ok(grantFolkAccess, { phone: OTHER_BUYER, note: '续签合作' }, admin);
    expect(await f.ok(fetchHasSouthwestEnter, {}, other)).toBe(true);
  });

  it('refuses a request and tells the user why', async () => {
    const user = await f.userId(OTHER_BUYER);
    await f.ok(revokeFolkAccess, { userId: user }, admin);
    const request = await f.ok(applyFolkAccess, { company: '某贸易行', reason: '想看看' }, other);
    await f.ok(
      answerFolkAccessRequest,
      { id: request.id, grant: false, reply: '请提供合作协议' },
      admin,
    );
    expect(await f.ok(fetchHasSouthwestEnter, {}, other)).toBe(false);
    const last = (await notices(OTHER_BUYER)).at(-1);
    expect(last?.title).toBe('西南民族文化基地开通申请未通过');
    expect(last?.body).toContain('请提供合作协议');
  });

  it('searches folk works by word, tag, people and craft, with paging', async () => {
    const byWord = await f.ok(
      getFolkList,
      { keyword: '蝴蝶', people: '', craft: '', pageIndex: 1, pageSize: 20 },
      buyer,
    );
    expect(byWord.total).toBeGreaterThan(0);
    expect(byWord.list.every((w) => w.craft === '苗绣')).toBe(true);
    const tags = await f.ok(getFolkTagList, {}, buyer);
    const dong = tags.find((t) => t.name === '侗锦')!;
    expect(dong.count).toBe(FOLK_WORKS / 4);
    const byTag = await f.ok(
      getFolkList,
      { keyword: '', tagId: dong.id, people: '', craft: '', pageIndex: 1, pageSize: 2 },
      buyer,
    );
    expect(byTag.total).toBe(FOLK_WORKS / 4);
    expect(byTag.list).toHaveLength(2);
    expect(byTag.list.every((w) => w.craft === '侗锦')).toBe(true);
    const page2 = await f.ok(
      getFolkList,
      { keyword: '', tagId: dong.id, people: '', craft: '', pageIndex: 2, pageSize: 2 },
      buyer,
    );
    expect(page2.list.map((w) => w.id)).not.toContain(byTag.list[0]!.id);
    const byPeople = await f.ok(
      getFolkList,
      { keyword: '', people: '彝族', craft: '', pageIndex: 1, pageSize: 20 },
      buyer,
    );
    expect(byPeople.list.every((w) => w.people === '彝族')).toBe(true);
    const none = await f.ok(
      getFolkList,
      { keyword: '青花瓷', people: '', craft: '', pageIndex: 1, pageSize: 20 },
      buyer,
    );
    expect(none.total).toBe(0);
  });

  it('keeps folk works out of the general word search and the general image search', async () => {
    const general = await f.ok(
      getSearchCreationList,
      { keyword: '蝴蝶妈妈', pageIndex: 1, pageSize: 60 },
      buyer,
    );
    const titles = general.list.map((w: { title: string }) => w.title);
    expect(titles.some((t: string) => t.includes('·'))).toBe(false);
    const folkTitles = new Set(
      (await f.deps.db.selectFrom('folk_works').select('title').execute()).map((r) => r.title),
    );
    expect(titles.some((t: string) => folkTitles.has(t))).toBe(false);
  });

  it('finds a folk work by its image, only among folk works', async () => {
    const work = await f.deps.db
      .selectFrom('folk_works')
      .select(['id', 'original_key'])
      .where('id', '=', workIds[2]!)
      .executeTakeFirstOrThrow();
    const original = (await f.deps.storage.get(work.original_key))!.body;
    const jpeg = await sharp(original).resize(500).jpeg({ quality: 85 }).toBuffer();
    const files = [{ name: 'folk.jpg', data: jpeg.toString('base64') }];
    const found = await f.ok(searchFolkImage, { files, ignoreColor: false }, buyer);
    expect(found.list[0]?.id).toBe(work.id);
    expect(found.list[0]?.match).toBe('same');
    const all = new Set(workIds);
    expect(found.list.every((w) => all.has(w.id))).toBe(true);
    const refused = await f.call(searchFolkImage, { files, ignoreColor: false }, other);
    expect(refused.body.msg).toBe(NOT_ENTITLED);
    // The general image search never returns the folk work.
    const general = await f.call(
      searchImage,
      { files, ignoreColor: false, pageIndex: 1, pageSize: 60 },
      buyer,
    );
    const generalTitles = [
      ...((general.body.data as { same?: { title: string }[] } | undefined)?.same ?? []),
      ...((general.body.data as { similar?: { title: string }[] } | undefined)?.similar ?? []),
    ].map((h) => h.title);
    const folkTitles = new Set(
      (await f.deps.db.selectFrom('folk_works').select('title').execute()).map((r) => r.title),
    );
    expect(generalTitles.some((t) => folkTitles.has(t))).toBe(false);
  });

  it('shows a work with its cultural note, tags and a signed zoom image', async () => {
    const detail = await f.ok(getFolkDetails, { id: workIds[0]! }, buyer);
    expect(detail.note).toContain('非物质文化遗产');
    expect(detail.motifMeaning.length).toBeGreaterThan(10);
    expect(detail.inheritor).not.toBe('');
    expect(detail.designerName).toBe('苗岭绣坊');
    expect(detail.zoom).toMatch(/zoom-1200\.webp\?/);
    const missing = await f.call(getFolkDetails, { id: 999_999 }, buyer);
    expect(missing.body.msg).toBe('该作品不存在或已下架');
  });

  it('counts 100 concurrent likes of one user once, and a like from each of many users exactly', async () => {
    const id = workIds[1]!;
    const likes = await Promise.all(
      Array.from({ length: 100 }, () => f.call(likeFolkWork, { id, like: true }, buyer)),
    );
    expect(likes.every((r) => r.body.code === 1)).toBe(true);
    expect((await f.ok(getFolkDetails, { id }, buyer)).likeCount).toBe(1);

    // Many users: 99 more entitled accounts, each clicking once at the same time.
    const now = new Date().toISOString();
    const users = await f.deps.db
      .insertInto('users')
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          cai_hong_id: `8800${String(i).padStart(4, '0')}`,
          phone: `1660000${String(i).padStart(4, '0')}`,
          password_hash: null,
          user_name: `点赞用户${i}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await f.deps.db
      .insertInto('folk_entitlements')
      .values(users.map((u) => ({ user_id: u.id, granted_by: null, granted_at: now, note: '' })))
      .execute();
    const { createSession } = await import('../accounts/sessions');
    const tokens = await Promise.all(
      users.map(async (u) => (await createSession(f.deps, u.id, 'test')).token),
    );
    const many = await Promise.all(
      [...tokens, ...tokens].map((t) => f.call(likeFolkWork, { id, like: true }, t)),
    );
    expect(many.every((r) => r.body.code === 1)).toBe(true);
    const row = await f.deps.db
      .selectFrom('folk_works')
      .select('like_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const rows = await f.deps.db
      .selectFrom('folk_likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('work_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.like_count)).toBe(100);
    expect(Number(rows.n)).toBe(100);

    // Unlike is exact too: 50 concurrent un-clicks of one user remove one like.
    await Promise.all(
      Array.from({ length: 50 }, () => f.call(likeFolkWork, { id, like: false }, buyer)),
    );
    const after = await f.ok(getFolkDetails, { id }, buyer);
    expect(after.likeCount).toBe(99);
    expect(after.liked).toBe(false);
  });

  it('checks every field of the intention form and saves nothing on a bad one', async () => {
    const good = validIntention([workIds[0]!, workIds[3]!], 'form-a-00000001');
    const cases: [Partial<typeof good>, string][] = [
      [{ company: '  ' }, '请填写单位名称'],
      [{ contact: '' }, '请填写联系人'],
      [{ phone: '1381234567' }, '请输入正确的手机号（11 位，以 1 开头）'],
      [{ phone: '23812345678' }, '请输入正确的手机号（11 位，以 1 开头）'],
      [{ industry: '房地产' }, '请从列表中选择所属行业'],
      [{ purpose: '' }, '请填写授权用途'],
      [{ products: '' }, '请填写拟使用的产品'],
      [{ workIds: [] }, '请至少选择一件作品'],
      [{ workIds: [999_999] }, '所选作品不存在或已下架，请重新选择'],
      [{ quantity: '' }, '请填写预计数量'],
      [{ territory: '' }, '请填写使用地域'],
    ];
    for (const [change, msg] of cases) {
      const res = await f.call(submitFolkIntention, { ...good, ...change }, buyer);
      expect(res.body.msg, JSON.stringify(change)).toBe(msg);
    }
    const tooMany = await f.callRaw(
      submitFolkIntention,
      { ...good, workIds: Array.from({ length: 21 }, (_, i) => i + 1) },
      buyer,
    );
    expect(tooMany.body.code).not.toBe(1);
    // Only the guard round's intention exists so far.
    expect(await f.deps.db.selectFrom('folk_intentions').selectAll().execute()).toHaveLength(1);
  });

  it('files a double-clicked intention once, with a reference number, visible to the submitter and admins', async () => {
    const input = validIntention([workIds[0]!, workIds[3]!], 'form-b-00000002');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => f.ok(submitFolkIntention, input, buyer)),
    );
    expect(new Set(results.map((r) => r.refNo)).size).toBe(1);
    const first = results[0]!;
    expect(first.refNo).toMatch(/^YX\d{14}\d{6}$/);
    expect(first.status).toBe('received');
    expect(first.works.map((w) => w.id)).toEqual([workIds[0], workIds[3]]);
    const mine = await f.ok(getMyFolkIntentions, {}, buyer);
    expect(mine.map((m) => m.refNo)).toContain(first.refNo);
    const desk = await f.ok(
      getFolkIntentionDesk,
      { status: 'received', pageIndex: 1, pageSize: 20 },
      admin,
    );
    expect(desk.list.find((i) => i.id === first.id)?.userName).toBe('杭州织造厂');
    expect(
      (await f.call(getFolkIntentionDesk, { pageIndex: 1, pageSize: 20 }, buyer)).body.code,
    ).not.toBe(1);
  });

  it('moves an intention through its follow-up states once each, telling the submitter', async () => {
    const intention = await f.ok(
      submitFolkIntention,
      validIntention([workIds[5]!], 'form-c-00000003'),
      buyer,
    );
    const move = (status: 'received' | 'contacted' | 'contracted' | 'declined', note = '') =>
      f.call(setFolkIntentionState, { id: intention.id, status, note }, admin);
    expect((await move('contracted')).body.msg).toBe('当前状态为「已受理」，不能改为「已签约」');
    const raced = await Promise.all([
      move('contacted', '已电话沟通'),
      move('contacted', '已电话沟通'),
    ]);
    expect(raced.filter((r) => r.body.code === 1)).toHaveLength(1);
    const signed = await move('contracted', '合同已寄出');
    expect(signed.body.data?.status).toBe('contracted');
    expect(signed.body.data?.followUps.map((u) => u.status)).toEqual(['contacted', 'contracted']);
    expect((await move('declined')).body.msg).toBe('当前状态为「已签约」，不能改为「已婉拒」');
    const told = (await notices(BUYER)).filter((n) => n.title.includes(intention.refNo));
    expect(told.map((n) => n.title)).toEqual([
      `授权意向 ${intention.refNo} 已联系`,
      `授权意向 ${intention.refNo} 已签约`,
    ]);
    const mine = await f.ok(getMyFolkIntentions, {}, buyer);
    expect(mine.find((m) => m.id === intention.id)?.status).toBe('contracted');
    expect(
      (
        await f.call(
          setFolkIntentionState,
          { id: intention.id, status: 'declined', note: '' },
          buyer,
        )
      ).body.code,
    ).not.toBe(1);
  });
});
