import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHOWROOMS_PER_USER,
  WORKS_PER_SHOWROOM,
  acceptShowRoomInvite,
  addShowRoom,
  addShowRoomWorks,
  createShowRoomShare,
  deleteShowRooms,
  getCandidateWorks,
  getCooperation,
  getLockHistory,
  getMyShowRooms,
  getShowRoom,
  inviteShowRoomMember,
  leaveShowRoom,
  lockShowRoom,
  removeShowRoomMember,
  removeShowRoomWork,
  revokeShowRoomShare,
  sortShowRoomWorks,
  unlockShowRoom,
  updateShowRoomSetting,
  viewSharedShowRoom,
} from '@shared/contract/showrooms';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

let request = 0;
const requestId = () => `test-req-${++request}-hall`;

describe.each(testDatabases())('showrooms ($name)', (database) => {
  let f: CatalogueFixture;
  let owner: string;
  let other: string;
  let stranger: string;
  /** A designer with published works: a stranger to the buyers' halls. */
  let DESIGNER: string;
  let otherId: number;
  let otherCaiHong: string;
  let published: number[];
  let unpublished: number;

  const hallCount = async () =>
    Number(
      (
        await f.deps.db
          .selectFrom('showrooms')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const create = async (name: string, workIds: number[] = []) =>
    (await f.ok(addShowRoom, { requestId: requestId(), name, description: '', workIds }, owner))
      .showRoomId;

  beforeAll(async () => {
    f = await buildCatalogueApp(database, 6);
    owner = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
    const firstWork = await f.deps.db
      .selectFrom('works as w')
      .innerJoin('users as u', 'u.id', 'w.designer_id')
      .select('u.phone')
      .where('w.status', '=', 'published')
      .orderBy('w.id')
      .executeTakeFirstOrThrow();
    DESIGNER = firstWork.phone!;
    stranger = await f.signIn(DESIGNER);
    otherId = await f.userId(OTHER_BUYER);
    otherCaiHong = (
      await f.deps.db
        .selectFrom('users')
        .select('cai_hong_id')
        .where('id', '=', otherId)
        .executeTakeFirstOrThrow()
    ).cai_hong_id;
    const works = await f.deps.db
      .selectFrom('works')
      .select(['id', 'status'])
      .orderBy('id')
      .execute();
    published = works.filter((w) => w.status === 'published').map((w) => w.id);
    unpublished = published[published.length - 1]!;
    await f.deps.db
      .updateTable('works')
      .set({ status: 'offline' })
      .where('id', '=', unpublished)
      .execute();
    published = published.slice(0, -1);
  });
  afterAll(async () => {
    await f?.close();
  });
  /** Moves the clock on; the owner's session, run out meanwhile, is signed in again. */
  const advance = async (ms: number) => {
    f.advance(ms);
    owner = await f.signIn(BUYER);
  };

  it('gives the demo buyer one hall of published works from the seed', async () => {
    const { mine } = await f.ok(getMyShowRooms, {}, owner);
    expect(mine.map((h) => [h.name, h.workCount > 0])).toEqual([['春夏花卉提案', true]]);
  });

  it('creates one hall for a double click, and lists it with its works and cover', async () => {
    const before = await hallCount();
    const input = {
      requestId: 'double-click-1',
      name: '春季客户提案',
      description: '给杭州客户的花卉提案',
      workIds: published.slice(0, 3),
      coverWorkId: published[1]!,
    };
    const [a, b] = await Promise.all([
      f.ok(addShowRoom, input, owner),
      f.ok(addShowRoom, input, owner),
    ]);
    expect(a.showRoomId).toBe(b.showRoomId);
    expect(await hallCount()).toBe(before + 1);
    const list = await f.ok(getMyShowRooms, {}, owner);
    const hall = list.mine.find((h) => h.id === a.showRoomId)!;
    expect(hall).toMatchObject({
      name: '春季客户提案',
      workCount: 3,
      role: 'owner',
      locked: false,
    });
    expect(hall.coverUrl).not.toBe('');
    const detail = await f.ok(getShowRoom, { showRoomId: a.showRoomId }, owner);
    expect(detail.works.map((w) => w.id)).toEqual(published.slice(0, 3));
    expect(detail.coverWorkId).toBe(published[1]);
  });

  it('refuses a bad name, an unpublished work and a cover outside the hall, creating nothing', async () => {
    const before = await hallCount();
    const bad = [
      [{ name: '  ' }, '请填写展厅名称'],
      [{ name: '展'.repeat(31) }, '展厅名称不能超过 30 个字'],
      [{ name: '好名字', workIds: [unpublished] }, '只能加入已发布的作品，所选作品不存在或已下架'],
      [
        { name: '好名字', workIds: [published[0]!], coverWorkId: published[1]! },
        '封面必须是展厅中的作品',
      ],
    ] as const;
    for (const [input, message] of bad) {
      const { body } = await f.call(
        addShowRoom,
        {
          requestId: requestId(),
          description: '',
          ...input,
          workIds: 'workIds' in input ? [...input.workIds] : [],
        },
        owner,
      );
      expect(body.msg).toBe(message);
    }
    expect(await hallCount()).toBe(before);
  });

  it('adds, orders and removes works; only published works go in', async () => {
    const id = await create('排序测试');
    const refused = await f.call(
      addShowRoomWorks,
      { showRoomId: id, workIds: [unpublished] },
      owner,
    );
    expect(refused.body.msg).toBe('只能加入已发布的作品，所选作品不存在或已下架');
    const added = await f.ok(
      addShowRoomWorks,
      { showRoomId: id, workIds: [published[0]!, published[1]!, published[2]!, published[0]!] },
      owner,
    );
    expect(added).toEqual({ added: 3, workCount: 3 });
    expect(
      (await f.ok(addShowRoomWorks, { showRoomId: id, workIds: [published[1]!] }, owner)).added,
    ).toBe(0);
    const order = [published[2]!, published[0]!, published[1]!];
    await f.ok(sortShowRoomWorks, { showRoomId: id, workIds: order }, owner);
    expect((await f.ok(getShowRoom, { showRoomId: id }, owner)).works.map((w) => w.id)).toEqual(
      order,
    );
    const stale = await f.call(
      sortShowRoomWorks,
      { showRoomId: id, workIds: order.slice(0, 2) },
      owner,
    );
    expect(stale.body.msg).toBe('作品顺序与展厅当前作品不一致，请刷新后重试');
    await f.ok(removeShowRoomWork, { showRoomId: id, workId: published[0]! }, owner);
    expect((await f.ok(getShowRoom, { showRoomId: id }, owner)).works.map((w) => w.id)).toEqual([
      published[2],
      published[1],
    ]);
  });

  it('offers collected, licensed and own published works to pick from', async () => {
    const mine = await f.ok(
      getCandidateWorks,
      { source: 'mine', pageIndex: 1, pageSize: 24 },
      stranger,
    );
    expect(mine.total).toBeGreaterThan(0);
    const designerId = await f.userId(DESIGNER);
    expect(mine.list.every((w) => w.designerId === designerId)).toBe(true);
    const collected = await f.ok(
      getCandidateWorks,
      { source: 'collected', pageIndex: 1, pageSize: 24 },
      owner,
    );
    expect(collected.list.every((w) => w.id !== unpublished)).toBe(true);
  });

  it('lets the owner and editors edit, read-only members only look, strangers see nothing', async () => {
    const id = await create('协作展厅', [published[0]!]);
    const add = (token: string) =>
      f.call(addShowRoomWorks, { showRoomId: id, workIds: [published[1]!] }, token);
    expect((await f.call(getShowRoom, { showRoomId: id }, stranger)).body.msg).toBe(
      '展厅不存在或你没有查看权限',
    );
    expect((await add(stranger)).body.msg).toBe('展厅不存在或你没有查看权限');

    const invited = await f.ok(
      inviteShowRoomMember,
      { showRoomId: id, caiHongID: otherCaiHong, role: 'viewer' },
      owner,
    );
    expect(invited).toMatchObject({ userId: otherId, status: 'pending', role: 'viewer' });
    // The invitee is told, once: inviting again with the same role sends nothing more.
    await f.ok(
      inviteShowRoomMember,
      { showRoomId: id, caiHongID: otherCaiHong, role: 'viewer' },
      owner,
    );
    const notices = await f.deps.db
      .selectFrom('notices')
      .select(['title', 'body', 'link'])
      .where('user_id', '=', otherId)
      .where('title', '=', '展厅协作邀请')
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('查看展厅「协作展厅」');
    expect(notices[0]!.link).toBe('/user/myShowRoom/cooperate');
    // Pending: not yet in.
    expect((await f.call(getShowRoom, { showRoomId: id }, other)).status).toBe(404);
    const coop = await f.ok(getCooperation, {}, other);
    expect(coop.find((c) => c.hall.id === id)?.status).toBe('pending');
    await f.ok(acceptShowRoomInvite, { showRoomId: id }, other);
    const seen = await f.ok(getShowRoom, { showRoomId: id }, other);
    expect(seen).toMatchObject({ role: 'viewer', canEdit: false });
    expect((await add(other)).body.msg).toBe('你在该展厅只有只读权限，不能修改');
    expect(
      (
        await f.call(
          inviteShowRoomMember,
          { showRoomId: id, caiHongID: otherCaiHong, role: 'editor' },
          other,
        )
      ).body.msg,
    ).toBe('只有展厅创建者可以进行此操作');

    await f.ok(
      inviteShowRoomMember,
      { showRoomId: id, caiHongID: otherCaiHong, role: 'editor' },
      owner,
    );
    expect((await add(other)).body.code).toBe(1);
    expect((await f.ok(getMyShowRooms, {}, other)).shared.map((h) => h.id)).toContain(id);
    const setting = {
      showRoomId: id,
      name: '协作展厅（改）',
      description: '',
      background: '#ffffff',
      visibility: 'link' as const,
      coverWorkId: null,
    };
    expect((await f.call(updateShowRoomSetting, setting, other)).body.msg).toBe(
      '只有展厅创建者可以修改可见范围',
    );
    await f.ok(updateShowRoomSetting, { ...setting, visibility: 'private' }, other);
    expect((await f.call(deleteShowRooms, { showRoomIds: [id] }, other)).body.msg).toBe(
      '只有展厅创建者可以进行此操作',
    );

    // Removed: the very next call is refused.
    await f.ok(removeShowRoomMember, { showRoomId: id, userId: otherId }, owner);
    expect((await f.call(getShowRoom, { showRoomId: id }, other)).status).toBe(404);
    expect(
      (await f.call(removeShowRoomWork, { showRoomId: id, workId: published[0]! }, other)).status,
    ).toBe(404);
    expect((await f.call(leaveShowRoom, { showRoomId: id }, other)).body.msg).toBe(
      '没有该展厅的邀请',
    );
    expect(
      (
        await f.call(
          inviteShowRoomMember,
          { showRoomId: id, caiHongID: 'nobody-000', role: 'viewer' },
          owner,
        )
      ).body.msg,
    ).toBe('未找到该彩虹号对应的用户');
  });

  it('locks a hall against every edit, and logs who locked and released it', async () => {
    const id = await create('锁定测试', [published[0]!]);
    await f.ok(
      inviteShowRoomMember,
      { showRoomId: id, caiHongID: otherCaiHong, role: 'editor' },
      owner,
    );
    await f.ok(acceptShowRoomInvite, { showRoomId: id }, other);
    expect((await f.call(lockShowRoom, { showRoomId: id }, other)).body.msg).toBe(
      '只有展厅创建者可以进行此操作',
    );
    await f.ok(lockShowRoom, { showRoomId: id }, owner);
    expect((await f.call(lockShowRoom, { showRoomId: id }, owner)).body.msg).toBe(
      '展厅已经是锁定状态',
    );
    for (const token of [owner, other]) {
      const refused = await f.call(
        addShowRoomWorks,
        { showRoomId: id, workIds: [published[1]!] },
        token,
      );
      expect(refused.body.msg).toBe('展厅已锁定');
    }
    expect((await f.call(deleteShowRooms, { showRoomIds: [id] }, owner)).body.msg).toBe(
      '展厅已锁定',
    );
    expect((await f.ok(getShowRoom, { showRoomId: id }, other)).canEdit).toBe(false);
    await f.ok(unlockShowRoom, { showRoomId: id }, owner);
    expect(
      (await f.call(addShowRoomWorks, { showRoomId: id, workIds: [published[1]!] }, other)).body
        .code,
    ).toBe(1);
    const history = await f.ok(getLockHistory, { showRoomId: id }, other);
    expect(history.map((e) => [e.action, e.userName])).toEqual([
      ['unlock', '杭州织造厂'],
      ['lock', '杭州织造厂'],
    ]);
  });

  it('shares a hall read-only by link with a 访问码, until it expires or is revoked', async () => {
    const id = await create('分享测试', [published[0]!, published[1]!]);
    const share = (code: string, days: number) =>
      f.call(createShowRoomShare, { showRoomId: id, code, days }, owner);
    expect((await share('', 7)).body.msg).toBe(
      '展厅为私密，请先在展厅设置中将可见范围改为“凭链接访问”',
    );
    await f.ok(
      updateShowRoomSetting,
      {
        showRoomId: id,
        name: '分享测试',
        description: '',
        background: '#f5f5f0',
        visibility: 'link',
        coverWorkId: null,
      },
      owner,
    );
    expect((await share('12a4', 7)).body.msg).toBe('访问码须为 4 位数字');
    expect((await share('', 3)).body.msg).toBe('有效期只能选择 7 天、30 天或永久');
    expect(
      (await f.call(createShowRoomShare, { showRoomId: id, code: '', days: 7 }, other)).status,
    ).toBe(404);

    const { token, share: link } = (await share('2468', 7)).body.data!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await f.deps.db
      .selectFrom('showroom_shares')
      .select(['token_hash', 'code_hash'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.code_hash).not.toContain('2468');

    expect(await f.ok(viewSharedShowRoom, { token, code: '' })).toEqual({ needCode: true });
    expect((await f.call(viewSharedShowRoom, { token, code: '1111' })).body.msg).toBe(
      '访问码错误，还可尝试 4 次',
    );
    const seen = await f.ok(viewSharedShowRoom, { token, code: '2468' });
    expect(seen.hall?.works.map((w) => w.id)).toEqual([published[0], published[1]]);
    expect(seen.hall?.ownerName).toBe('杭州织造厂');
    expect((await f.call(viewSharedShowRoom, { token: `${token}x`, code: '' })).body.msg).toBe(
      '分享链接无效或已被撤销',
    );

    // A link without a code, 永久, is revoked at once.
    const open = (await share('', 0)).body.data!;
    expect(open.share.expiresAt).toBeNull();
    expect((await f.ok(viewSharedShowRoom, { token: open.token, code: '' })).hall?.name).toBe(
      '分享测试',
    );
    await f.ok(revokeShowRoomShare, { shareId: open.share.id }, owner);
    expect((await f.call(viewSharedShowRoom, { token: open.token, code: '' })).body.msg).toBe(
      '分享链接无效或已被撤销',
    );

    // Seven days later the first link has expired.
    await advance(7 * 86_400_000 + 1000);
    expect((await f.call(viewSharedShowRoom, { token, code: '2468' })).body.msg).toBe(
      '分享链接已过期',
    );
  });

  it('locks a link for a quarter of an hour after five wrong codes, even for the right one', async () => {
    const id = await create('访问码锁定', [published[0]!]);
    await f.ok(
      updateShowRoomSetting,
      {
        showRoomId: id,
        name: '访问码锁定',
        description: '',
        background: '#f5f5f0',
        visibility: 'link',
        coverWorkId: null,
      },
      owner,
    );
    const { token } = await f.ok(
      createShowRoomShare,
      { showRoomId: id, code: '1357', days: 30 },
      owner,
    );
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push((await f.call(viewSharedShowRoom, { token, code: '0000' })).body.msg);
    }
    expect(messages).toEqual([
      '访问码错误，还可尝试 4 次',
      '访问码错误，还可尝试 3 次',
      '访问码错误，还可尝试 2 次',
      '访问码错误，还可尝试 1 次',
      '访问码错误次数过多，请 15 分钟后再试',
    ]);
    const locked = await f.call(viewSharedShowRoom, { token, code: '1357' });
    expect(locked.status).toBe(429);
    await advance(15 * 60_000 + 1000);
    expect((await f.ok(viewSharedShowRoom, { token, code: '1357' })).hall?.name).toBe('访问码锁定');
  });

  it(`holds at most ${WORKS_PER_SHOWROOM} works per hall and ${SHOWROOMS_PER_USER} halls per user`, async () => {
    const template = await f.deps.db
      .selectFrom('works')
      .selectAll()
      .where('id', '=', published[0]!)
      .executeTakeFirstOrThrow();
    const { id: _omit, ...rest } = template;
    void _omit;
    const extra = Array.from({ length: WORKS_PER_SHOWROOM }, (_, i) => ({
      ...rest,
      title: `填充 ${i}`,
    }));
    const ids = (await f.deps.db.insertInto('works').values(extra).returning('id').execute()).map(
      (r) => r.id,
    );
    const full = await create('满额展厅', ids.slice(0, WORKS_PER_SHOWROOM - 1));
    expect(
      (
        await f.call(
          addShowRoomWorks,
          { showRoomId: full, workIds: [ids[WORKS_PER_SHOWROOM - 1]!, published[0]!] },
          owner,
        )
      ).body.msg,
    ).toBe(`每个展厅最多陈列 ${WORKS_PER_SHOWROOM} 件作品`);
    expect((await f.ok(getShowRoom, { showRoomId: full }, owner)).works).toHaveLength(
      WORKS_PER_SHOWROOM - 1,
    );
    expect(
      (
        await f.ok(
          addShowRoomWorks,
          { showRoomId: full, workIds: [ids[WORKS_PER_SHOWROOM - 1]!] },
          owner,
        )
      ).workCount,
    ).toBe(WORKS_PER_SHOWROOM);

    const { remaining } = await f.ok(getMyShowRooms, {}, owner);
    for (let i = 0; i < remaining; i++) await create(`展厅 ${i}`);
    const before = await hallCount();
    const refused = await f.call(
      addShowRoom,
      { requestId: requestId(), name: '多一个', description: '', workIds: [] },
      owner,
    );
    expect(refused.body.msg).toBe(
      `每位用户最多创建 ${SHOWROOMS_PER_USER} 个展厅，请先删除不用的展厅`,
    );
    expect(await hallCount()).toBe(before);
    const { mine } = await f.ok(getMyShowRooms, {}, owner);
    const deleted = await f.ok(deleteShowRooms, { showRoomIds: [full, mine[0]!.id] }, owner);
    expect(deleted.deleted).toBe(2);
    expect((await f.ok(getMyShowRooms, {}, owner)).remaining).toBe(2);
    // Three creates at once for the last two places: two are made, one is refused.
    const racing = await Promise.all(
      [1, 2, 3].map((i) =>
        f.call(
          addShowRoom,
          { requestId: requestId(), name: `同时 ${i}`, description: '', workIds: [] },
          owner,
        ),
      ),
    );
    expect(racing.filter((r) => r.body.code === 1)).toHaveLength(2);
    expect((await f.ok(getMyShowRooms, {}, owner)).remaining).toBe(0);
  });
});
