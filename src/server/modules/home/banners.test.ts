import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_TOP_ZONE, advertise } from '@shared/contract/home';
import { getBannerList, saveBanner, setBannerEnabled, sortBanners } from '@shared/contract/topics';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER } from '../../testing/catalogue-fixture';
import { buildPublishingApp, patternPng } from '../../testing/publishing-fixture';
import type { PublishingFixture } from '../../testing/publishing-fixture';
import { testDatabases } from '../../testing/test-app';

describe.each(testDatabases())('home banners on $name', (database) => {
  let t: PublishingFixture;
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    t = await buildPublishingApp(database);
    admin = await t.signIn(DEMO_ADMIN.phone);
    buyer = await t.signIn(BUYER);
  });
  afterAll(async () => {
    await t?.close();
  });

  const DAY = 24 * 60 * 60 * 1000;
  const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
  const draft = (imageKey: string, title: string) => ({
    zoneName: HOME_TOP_ZONE,
    title,
    imageKey,
    linkUrl: '/pageChild/four',
    linkTarget: '_self' as const,
    enabled: true,
    startsAt: '',
    endsAt: '',
  });
  const liveTitles = async () =>
    (await t.ok(advertise, { zoneName: HOME_TOP_ZONE })).map((b) => b.title);

  // The renderer keeps the home-top banners for a calendar day (spec §4), so the list must be stable.
  it('answers the same home-top banners, in order, every time within a day', async () => {
    const first = await t.ok(advertise, { zoneName: HOME_TOP_ZONE });
    const again = await t.ok(advertise, { zoneName: HOME_TOP_ZONE });
    expect(again).toEqual(first);
    expect(first.map((b) => Object.keys(b).sort())).toEqual(
      first.map(() => ['bannerId', 'bannerUrl', 'linkTarget', 'linkUrl', 'title']),
    );
    const image = await t.app.inject({ method: 'GET', url: first[0]?.bannerUrl ?? '' });
    expect(image.statusCode).toBe(200);
  });

  it('answers an unknown zone with no banners and a missing zone with a Chinese message', async () => {
    expect(await t.ok(advertise, { zoneName: 'nowhere' })).toEqual([]);
    const res = await t.call(advertise, { zoneName: '' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('zoneName');
  });

  it('adds a banner from an upload checked by content, once however often it is sent', async () => {
    const upload = await t.upload(admin, await patternPng(9001, 400));
    const before = await liveTitles();
    const first = await t.ok(saveBanner, draft(upload.fileKey, '四方连续专题'), admin);
    expect(first.imageKey).toBe(`public/banners/${upload.sha256}.png`);
    expect(first.live).toBe(true);
    const again = await t.ok(saveBanner, draft(upload.fileKey, '四方连续专题'), admin);
    expect(again.bannerId).toBe(first.bannerId);
    expect(await liveTitles()).toEqual([...before, '四方连续专题']);
    const image = await t.app.inject({ method: 'GET', url: first.bannerUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // Another banner may not take the same title in the zone.
    const other = await t.upload(admin, await patternPng(9002, 400));
    const twin = await t.call(saveBanner, draft(other.fileKey, '四方连续专题'), admin);
    expect(twin.body.msg).toBe('该广告位已有标题为“四方连续专题”的横幅，请换一个标题');
  });

  it('refuses a bad link, a missing image, a foreign upload and a backwards window, changing nothing', async () => {
    const list = await t.ok(getBannerList, { zoneName: HOME_TOP_ZONE }, admin);
    const key = list[0]?.imageKey ?? '';
    const refusals: [Parameters<typeof draft>[0], Partial<ReturnType<typeof draft>>, string][] = [
      [
        key,
        { linkUrl: 'javascript:alert(1)' },
        '横幅链接只能是本站路径（以 / 开头）或 https:// 开头的网址',
      ],
      [
        key,
        { linkUrl: 'http://example.com' },
        '横幅链接只能是本站路径（以 / 开头）或 https:// 开头的网址',
      ],
      ['public/banners/none.png', {}, '横幅的图片不存在，请重新上传'],
      ['', {}, '请上传横幅图片'],
      [key, { title: ' ' }, '请填写横幅标题'],
      [key, { startsAt: iso(DAY), endsAt: iso(-DAY) }, '结束时间须晚于开始时间'],
      [key, { startsAt: 'next tuesday' }, '投放时间格式不正确，请重新选择'],
    ];
    for (const [image, patch, message] of refusals) {
      const res = await t.call(saveBanner, { ...draft(image, '新横幅'), ...patch }, admin);
      expect(res.body.msg).toBe(message);
    }
    const buyerUpload = await t.upload(buyer, await patternPng(9003, 300));
    const foreign = await t.call(saveBanner, draft(buyerUpload.fileKey, '新横幅'), admin);
    expect(foreign.body.msg).toBe('横幅的图片不是您上传的文件，请重新上传');
    expect(await t.ok(getBannerList, { zoneName: HOME_TOP_ZONE }, admin)).toEqual(list);
  });

  it('shows a banner only while enabled and inside its time window', async () => {
    const list = await t.ok(getBannerList, { zoneName: HOME_TOP_ZONE }, admin);
    const key = list[0]?.imageKey ?? '';
    const later = await t.ok(saveBanner, { ...draft(key, '下周上线'), startsAt: iso(DAY) }, admin);
    const over = await t.ok(
      saveBanner,
      { ...draft(key, '已结束'), startsAt: iso(-2 * DAY), endsAt: iso(-DAY) },
      admin,
    );
    const now = await t.ok(
      saveBanner,
      { ...draft(key, '限时活动'), startsAt: iso(-DAY), endsAt: iso(DAY) },
      admin,
    );
    expect([later.live, over.live, now.live]).toEqual([false, false, true]);
    expect(await liveTitles()).toContain('限时活动');
    expect(await liveTitles()).not.toContain('下周上线');
    expect(await liveTitles()).not.toContain('已结束');

    const off = await t.ok(setBannerEnabled, { bannerId: now.bannerId, enabled: false }, admin);
    expect(off.live).toBe(false);
    expect(await liveTitles()).not.toContain('限时活动');
    await t.ok(setBannerEnabled, { bannerId: now.bannerId, enabled: true }, admin);
    expect(await liveTitles()).toContain('限时活动');

    // Editing moves the window: the future banner is brought forward.
    await t.ok(
      saveBanner,
      { ...draft(key, '下周上线'), bannerId: later.bannerId, startsAt: '' },
      admin,
    );
    expect(await liveTitles()).toContain('下周上线');
  });

  it('orders the zone as the back office says, and refuses an order that leaves one out', async () => {
    const list = await t.ok(getBannerList, { zoneName: HOME_TOP_ZONE }, admin);
    const reversed = list.map((b) => b.bannerId).reverse();
    const sorted = await t.ok(sortBanners, { zoneName: HOME_TOP_ZONE, bannerIds: reversed }, admin);
    expect(sorted.map((b) => b.bannerId)).toEqual(reversed);
    const live = (await t.ok(advertise, { zoneName: HOME_TOP_ZONE })).map((b) => b.bannerId);
    expect(live).toEqual(reversed.filter((id) => live.includes(id)));
    const partial = await t.call(
      sortBanners,
      { zoneName: HOME_TOP_ZONE, bannerIds: reversed.slice(1) },
      admin,
    );
    expect(partial.body.msg).toBe('排序中的横幅与该广告位现有横幅不一致，请刷新后重试');
    expect(
      (await t.ok(getBannerList, { zoneName: HOME_TOP_ZONE }, admin)).map((b) => b.bannerId),
    ).toEqual(reversed);
  });

  it('lets only admins see or edit the banner list', async () => {
    expect((await t.call(getBannerList, { zoneName: HOME_TOP_ZONE })).status).toBe(401);
    expect((await t.call(getBannerList, { zoneName: HOME_TOP_ZONE }, buyer)).status).toBe(403);
    const list = await t.ok(getBannerList, { zoneName: HOME_TOP_ZONE }, admin);
    const first = list[0];
    const res = await t.call(
      setBannerEnabled,
      { bannerId: first?.bannerId ?? 1, enabled: false },
      buyer,
    );
    expect(res.status).toBe(403);
    expect(await t.ok(getBannerList, { zoneName: HOME_TOP_ZONE }, admin)).toEqual(list);
  });
});
