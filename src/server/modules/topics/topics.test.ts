import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeDownWork } from '@shared/contract/admin';
import {
  TOPIC_SLUGS,
  getTopic,
  getTopicList,
  getTopicSource,
  previewTopic,
  publishTopic,
  saveTopic,
} from '@shared/contract/topics';
import type {
  TopicBlockInput,
  TopicBlockView,
  TopicSource,
  TopicView,
} from '@shared/contract/topics';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER } from '../../testing/catalogue-fixture';
import { buildPublishingApp, patternPng } from '../../testing/publishing-fixture';
import type { PublishingFixture } from '../../testing/publishing-fixture';
import { testDatabases } from '../../testing/test-app';
import { isAllowedLink, isAllowedVideo } from '@shared/rules/editorial-links';

describe('topic links', () => {
  it('allows our paths and https only', () => {
    expect(isAllowedLink('/work?seamless=1')).toBe(true);
    expect(isAllowedLink('https://www.example.com/a')).toBe(true);
    expect(isAllowedLink('')).toBe(true);
    for (const bad of [
      'http://x.com',
      '//evil.com/a',
      'javascript:alert(1)',
      'data:text/html,1',
      'https://',
      '/a b',
    ]) {
      expect(isAllowedLink(bad)).toBe(false);
    }
    expect(isAllowedVideo('/files/public/topics/intro.mp4')).toBe(true);
    expect(isAllowedVideo('https://cdn.example.com/v/a.webm')).toBe(true);
    expect(isAllowedVideo('https://www.youtube.com/watch?v=1')).toBe(false);
    expect(isAllowedVideo('/files/private/a.mp4')).toBe(false);
  });
});

describe.each(testDatabases())('topic pages ($name)', (database) => {
  let f: PublishingFixture;
  let admin: string;
  let buyer: string;
  let workIds: number[];
  let designerId: number;

  const source = (slug: 'four' | 'video' | 'case') => f.ok(getTopicSource, { slug }, admin);
  const save = (s: TopicSource, blocks: unknown[], title = s.title) =>
    f.callRaw(
      saveTopic,
      { slug: s.slug, title, summary: s.summary, blocks, revision: s.revision },
      admin,
    );
  const worksOf = (blocks: TopicBlockView[]) =>
    blocks.flatMap((b) => (b.type === 'works' ? b.works : []));

  beforeAll(async () => {
    f = await buildPublishingApp(database);
    admin = await f.signIn(DEMO_ADMIN.phone);
    buyer = await f.signIn(BUYER);
    const works = await f.deps.db
      .selectFrom('works')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .execute();
    workIds = works.map((w) => w.id);
    const designer = await f.deps.db
      .selectFrom('users')
      .select('id')
      .where('settle_status', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    designerId = designer.id;
  });
  afterAll(async () => {
    await f?.close();
  });

  it('serves all eleven demo topics, published, each opening with a banner whose image loads', async () => {
    const list = await f.ok(getTopicList, {}, admin);
    expect(list.map((t) => t.slug).sort()).toEqual([...TOPIC_SLUGS].sort());
    expect(list.every((t) => t.publishedAt !== '' && !t.unpublishedChanges)).toBe(true);
    for (const slug of TOPIC_SLUGS) {
      const topic = await f.ok(getTopic, { slug });
      expect(topic.title).not.toBe('');
      const [banner] = topic.blocks;
      expect(banner?.type).toBe('banner');
      if (banner?.type !== 'banner') continue;
      const image = await f.app.inject({ method: 'GET', url: banner.imageUrl });
      expect(image.statusCode).toBe(200);
    }
    const four = await f.ok(getTopic, { slug: 'four' });
    expect(four.blocks.some((b) => b.type === 'text' && b.html.includes('四方连续'))).toBe(true);
    const fourWorks = worksOf(four.blocks);
    expect(fourWorks.length).toBeGreaterThan(0);
    expect(fourWorks.every((w) => w.tags.includes('四方连续'))).toBe(true);
    const stylist = await f.ok(getTopic, { slug: 'stylist' });
    expect(stylist.blocks.some((b) => b.type === 'designers' && b.designers.length > 0)).toBe(true);
  });

  it('round-trips a topic with every block type, and publishes only when asked', async () => {
    const upload = await f.upload(admin, await patternPng(4242, 300));
    const before = await source('video');
    const blocks: TopicBlockInput[] = [
      { type: 'banner', title: '  视频上新  ', imageKey: upload.fileKey, link: '/work' },
      { type: 'text', markdown: '## 看效果\n\n**面料** 垂坠\n\n<script>alert(1)</script>' },
      {
        type: 'works',
        title: '精选',
        source: 'list',
        query: { sort: 'newest' },
        workIds: [workIds[1] ?? 0, workIds[0] ?? 0],
        limit: 2,
      },
      {
        type: 'works',
        title: '最新',
        source: 'query',
        query: { sort: 'newest' },
        workIds: [],
        limit: 3,
      },
      { type: 'designers', title: '设计师', designerIds: [designerId] },
      {
        type: 'video',
        title: '演示',
        src: 'https://cdn.example.com/demo.mp4',
        posterKey: upload.fileKey,
      },
    ];
    const saved = await save(before, blocks, '视频：看花型上身');
    expect(saved.body.code).toBe(1);
    const after = saved.body.data as TopicSource;
    expect(after.revision).toBe(before.revision + 1);
    expect(after.unpublishedChanges).toBe(true);
    expect(after.blocks.map((b) => b.type)).toEqual([
      'banner',
      'text',
      'works',
      'works',
      'designers',
      'video',
    ]);
    const banner = after.blocks[0];
    // The private upload was checked and published under a public key named by its hash.
    expect(banner).toMatchObject({
      type: 'banner',
      title: '视频上新',
      imageKey: `public/topics/${upload.sha256}.png`,
    });
    expect(await f.ok(getTopicSource, { slug: 'video' }, admin)).toEqual(after);

    // Readers still see the published version until the draft is published.
    expect((await f.ok(getTopic, { slug: 'video' })).title).toBe('视频专区');
    const published = await f.ok(publishTopic, { slug: 'video', revision: after.revision }, admin);
    expect(published.unpublishedChanges).toBe(false);
    // Publishing again (a double click) changes nothing.
    expect(await f.ok(publishTopic, { slug: 'video', revision: after.revision }, admin)).toEqual(
      published,
    );

    const view = await f.ok(getTopic, { slug: 'video' }, buyer);
    expect(view.title).toBe('视频：看花型上身');
    expect(view.blocks.map((b) => b.type)).toEqual([
      'banner',
      'text',
      'works',
      'works',
      'designers',
      'video',
    ]);
    const [b0, b1, b2, b3, b4, b5] = view.blocks;
    expect(b0).toMatchObject({
      imageUrl: `/files/public/topics/${upload.sha256}.png`,
      link: '/work',
    });
    expect(b1?.type === 'text' && b1.html).toContain('<strong>面料</strong>');
    expect(b1?.type === 'text' && b1.html).not.toContain('<script');
    expect(b2?.type === 'works' && b2.works.map((w) => w.id)).toEqual([workIds[1], workIds[0]]);
    expect(b3?.type === 'works' && b3.works.length).toBe(3);
    expect(b4?.type === 'designers' && b4.designers.map((d) => d.userId)).toEqual([designerId]);
    expect(b5).toEqual({
      type: 'video',
      title: '演示',
      src: 'https://cdn.example.com/demo.mp4',
      posterUrl: `/files/public/topics/${upload.sha256}.png`,
    });
  });

  it('resolves a work grid by query against published works only, following edits', async () => {
    const s = await source('four');
    const tag = '编辑测试标签';
    const grid: TopicBlockInput = {
      type: 'works',
      title: '带标签的作品',
      source: 'query',
      query: { tag, sort: 'newest' },
      workIds: [],
      limit: 20,
    };
    // Nothing carries the tag yet: the editor is told so.
    const empty = await save(s, [grid]);
    expect(empty.status).toBe(422);
    expect(empty.body.msg).toBe('第 1 个区块（作品）的筛选条件下没有已发布的作品');

    const [a, b, c] = workIds;
    for (const id of [a, b, c]) {
      await f.deps.db
        .updateTable('works')
        .set({ tags: JSON.stringify(['几何', tag]) })
        .where('id', '=', id ?? 0)
        .execute();
    }
    const saved = await save(s, [grid]);
    expect(saved.body.code).toBe(1);
    const revision = (saved.body.data as TopicSource).revision;
    await f.ok(publishTopic, { slug: 'four', revision }, admin);
    const ids = async () =>
      worksOf((await f.ok(getTopic, { slug: 'four' })).blocks)
        .map((w) => w.id)
        .sort((x, y) => x - y);
    expect(await ids()).toEqual([a, b, c].sort((x, y) => (x ?? 0) - (y ?? 0)));

    // A work taken down leaves the grid; a work given the tag joins it.
    await f.ok(takeDownWork, { id: a ?? 0, reason: '测试下架' }, admin);
    const d = workIds[3] ?? 0;
    await f.deps.db
      .updateTable('works')
      .set({ tags: JSON.stringify([tag]) })
      .where('id', '=', d)
      .execute();
    expect(await ids()).toEqual([b, c, d].sort((x, y) => (x ?? 0) - (y ?? 0)));

    // A hand-picked list drops the unpublished work as well.
    const listedRes = await f.callRaw(
      previewTopic,
      {
        slug: 'four',
        title: '四方连续',
        summary: '',
        blocks: [
          {
            type: 'works',
            title: '',
            source: 'list',
            query: { sort: 'newest' },
            workIds: [b ?? 0],
            limit: 1,
          },
        ],
      },
      admin,
    );
    const listed = listedRes.body.data as TopicView;
    expect(worksOf(listed.blocks).map((w) => w.id)).toEqual([b]);
  });

  it('refuses bad blocks with a message naming the block, and changes nothing', async () => {
    const s = await source('case');
    const text = { type: 'text', markdown: '正文' };
    const cases: [unknown[], string][] = [
      [[], '专题至少需要一个区块'],
      [
        [text, { type: 'poll', title: 'x' }],
        '第 2 个区块的类型“poll”不存在，只能是横幅、图文、作品、设计师或视频',
      ],
      [[{ type: 'text' }], '第 1 个区块（图文）的内容不完整或格式不正确，请重新编辑该区块'],
      [[{ type: 'text', markdown: '   ' }], '第 1 个区块（图文）请填写正文'],
      [
        [
          text,
          {
            type: 'banner',
            title: '横幅',
            imageKey: 'public/topics/seed-case.png',
            link: 'javascript:alert(1)',
          },
        ],
        '第 2 个区块（横幅）的链接只能是本站路径（以 / 开头）或 https:// 开头的网址',
      ],
      [
        [{ type: 'banner', title: '横幅', imageKey: 'public/topics/nothing.png', link: '/' }],
        '第 1 个区块（横幅）的图片不存在，请重新上传',
      ],
      [
        [
          {
            type: 'works',
            title: '',
            source: 'list',
            query: { sort: 'newest' },
            workIds: [999_999],
            limit: 4,
          },
        ],
        '第 1 个区块（作品）中的作品 999999 不存在或未发布',
      ],
      [
        [
          {
            type: 'works',
            title: '',
            source: 'query',
            query: { kid: 99_999, sort: 'newest' },
            workIds: [],
            limit: 4,
          },
        ],
        '第 1 个区块（作品）的品类 99999 不存在',
      ],
      [
        [{ type: 'designers', title: '', designerIds: [await f.userId(BUYER)] }],
        `第 1 个区块（设计师）中的用户 ${await f.userId(BUYER)} 不是已入驻的设计师`,
      ],
      [
        [{ type: 'video', title: '', src: 'https://www.youtube.com/embed/abc', posterKey: '' }],
        '第 1 个区块（视频）只能使用 mp4 或 webm 视频文件：本站文件（/files/public/ 开头）或 https:// 开头的地址，不支持第三方播放页',
      ],
    ];
    for (const [blocks, message] of cases) {
      const res = await save(s, blocks);
      expect(res.body.msg).toBe(message);
      expect(res.body.code).not.toBe(1);
    }
    const noTitle = await save(s, [text], '  ');
    expect(noTitle.body.msg).toBe('请填写专题标题');
    // Another user's upload cannot be put on a page.
    const buyerUpload = await f.upload(buyer, await patternPng(777, 200));
    const foreign = await save(s, [
      { type: 'banner', title: '横幅', imageKey: buyerUpload.fileKey, link: '' },
    ]);
    expect(foreign.body.msg).toBe('第 1 个区块（横幅）的图片不是您上传的文件，请重新上传');
    expect(await source('case')).toEqual(s);
  });

  it('refuses a save from an old revision, and a retried save changes nothing', async () => {
    const s = await source('case');
    const blocks = [{ type: 'text', markdown: '第一次保存' }];
    const first = await save(s, blocks);
    expect(first.body.code).toBe(1);
    // The same request again (a double click) answers with the saved draft.
    const again = await save(s, blocks);
    expect(again.body.code).toBe(1);
    expect((again.body.data as TopicSource).revision).toBe(s.revision + 1);
    const other = await save(s, [{ type: 'text', markdown: '另一位管理员的修改' }]);
    expect(other.status).toBe(409);
    expect(other.body.msg).toBe('该专题已被其他管理员修改，请刷新后在最新内容上编辑');
    const stalePublish = await f.call(publishTopic, { slug: 'case', revision: s.revision }, admin);
    expect(stalePublish.body.msg).toBe('请先保存草稿再发布（发布的是已保存的内容）');
  });

  it('lets only admins edit, and tells a reader of an unknown topic clearly', async () => {
    const s = await source('case');
    const asBuyer = await f.callRaw(
      saveTopic,
      {
        slug: 'case',
        title: 'x',
        summary: '',
        blocks: [{ type: 'text', markdown: 'x' }],
        revision: s.revision,
      },
      buyer,
    );
    expect(asBuyer.status).toBe(403);
    expect((await f.call(getTopicSource, { slug: 'case' })).status).toBe(401);
    expect((await f.call(publishTopic, { slug: 'case', revision: s.revision }, buyer)).status).toBe(
      403,
    );
    expect(await source('case')).toEqual(s);
    const unknown = await f.callRaw(getTopic, { slug: 'nowhere' });
    expect(unknown.status).toBe(400);
  });
});
