import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getBasicInfo,
  getDesignHelpInfo,
  getDesignHelpList,
  getHelpArticleSource,
  getHelpInfo,
  getHelpList,
  getHelpTree,
  moveHelpItem,
  previewHelpMarkdown,
  saveHelpArticle,
  saveHelpCategory,
  setHelpPublished,
} from '@shared/contract/help';
import { ConfigError, loadSiteInfo } from '../../config';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { markdownToText } from './help-service';

describe('help site information', () => {
  it('reads outside links from the environment and hides an unset design cloud', () => {
    expect(loadSiteInfo({}).designCloudUrl).toBeNull();
    const info = loadSiteInfo({
      DESIGN_CLOUD_URL: 'https://cloud.example.com/',
      DESIGNER_INFO_URL: ' https://designer.example.com/me ',
      CONSULTATION_PATH: '/user/service',
    });
    expect(info.designCloudUrl).toBe('https://cloud.example.com/');
    expect(info.designerInfoUrl).toBe('https://designer.example.com/me');
    expect(info.consultationPath).toBe('/user/service');
    expect(() => loadSiteInfo({ DESIGN_CLOUD_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(loadSiteInfo({}).consultationPath).toBe('/user/service');
    expect(() => loadSiteInfo({ CONSULTATION_PATH: 'https://chat.example.com/' })).toThrow(
      '配置错误：CONSULTATION_PATH 必须是以 / 开头的站内路径，当前为 "https://chat.example.com/"',
    );
    expect(() => loadSiteInfo({ DESIGN_CLOUD_URL: '/cloud' })).toThrow(
      '配置错误：DESIGN_CLOUD_URL 必须是 http(s) 网址，当前为 "/cloud"',
    );
  });

  it('reads the words of an article without its Markdown marks', () => {
    expect(markdownToText('## 标题\n\n- **加粗** 与 [链接](https://x.example/a)')).toBe(
      '标题 加粗 与 链接',
    );
  });
});

describe.each(testDatabases())('help centre ($name)', (database) => {
  let f: CatalogueFixture;
  let admin: string;
  let buyer: string;

  beforeAll(async () => {
    f = await buildCatalogueApp(database, 2);
    admin = await f.signIn(DEMO_ADMIN.phone);
    buyer = await f.signIn(BUYER);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('lists the buyers’ and the designers’ categories with their seeded articles', async () => {
    const buyers = await f.ok(getHelpList, { keyword: '' });
    expect(buyers.categories.map((c) => [c.alias, c.title])).toEqual([
      ['licensing', '授权与许可'],
      ['payment', '支付与发票'],
      ['member', '会员与下载'],
      ['copyright', '版权与投诉'],
    ]);
    expect(buyers.hits).toEqual([]);
    const designers = await f.ok(getDesignHelpList, { keyword: '' });
    expect(designers.categories.map((c) => c.alias)).toEqual([
      'settle-in',
      'upload',
      'income',
      'copyright',
    ]);
    const total = [...buyers.categories, ...designers.categories].reduce(
      (n, c) => n + c.articles.length,
      0,
    );
    expect(total).toBeGreaterThanOrEqual(14);
    const first = buyers.categories[0]?.articles[0];
    expect(first?.title).toBe('纹样授权是怎么运作的');
    const article = await f.ok(getHelpInfo, { id: first?.id ?? 0 });
    expect(article.categoryAlias).toBe('licensing');
    expect(article.html).toContain('<h2>一次授权包含什么</h2>');
    // A designer article is not served as a buyer article, and the other way round.
    const upload = designers.categories[1]?.articles[1];
    expect((await f.ok(getDesignHelpInfo, { id: upload?.id ?? 0 })).title).toBe(
      '用桌面客户端上传整个文件夹',
    );
    const wrong = await f.call(getHelpInfo, { id: upload?.id ?? 0 });
    expect(wrong.body.code).not.toBe(1);
    expect(wrong.body.msg).toBe('帮助文章不存在或已下线，请从左侧目录中选择');
  });

  it('finds an article by a word inside its text, not only its title', async () => {
    const invoice = await f.ok(getHelpList, { keyword: '纳税人识别号' });
    expect(invoice.hits.map((h) => h.title)).toEqual(['如何申请发票']);
    expect(invoice.hits[0]?.excerpt).toContain('纳税人识别号');
    const transfer = await f.ok(getHelpList, { keyword: '转账 订单号' });
    expect(transfer.hits[0]?.title).toBe('对公转账怎么付款');
    const folder = await f.ok(getDesignHelpList, { keyword: '文件夹' });
    expect(folder.hits.map((h) => h.title)).toContain('用桌面客户端上传整个文件夹');
    expect((await f.ok(getHelpList, { keyword: '文件夹' })).hits).toEqual([]);
    expect((await f.ok(getHelpList, { keyword: '。。。' })).hits).toEqual([]);
  });

  it('refuses editing to guests and buyers, and changes nothing', async () => {
    const before = await f.ok(getHelpTree, { audience: 'buyer' }, admin);
    expect((await f.call(getHelpTree, { audience: 'buyer' })).status).toBe(401);
    const refused = await f.call(
      saveHelpCategory,
      { audience: 'buyer', alias: 'refunds', title: '退款' },
      buyer,
    );
    expect(refused.body.code).toBe(1003);
    expect(refused.body.msg).toBe('需要管理员权限');
    const hide = await f.call(
      setHelpPublished,
      { kind: 'category', id: before[0]?.id ?? 1, published: false },
      buyer,
    );
    expect(hide.body.code).toBe(1003);
    expect(await f.ok(getHelpTree, { audience: 'buyer' }, admin)).toEqual(before);
  });

  it('creates a category and an article unpublished, hidden from users until published', async () => {
    const { id: categoryId } = await f.ok(
      saveHelpCategory,
      { audience: 'buyer', alias: 'refunds', title: '退款与售后' },
      admin,
    );
    const markdown = '## 什么时候能退款\n\n独家授权被他人先付款买走时，订单自动原路退款。';
    const { id } = await f.ok(saveHelpArticle, { categoryId, title: '退款说明', markdown }, admin);
    // A double click: the second save of the same new article is refused, not duplicated.
    const again = await f.call(saveHelpArticle, { categoryId, title: '退款说明', markdown }, admin);
    expect(again.body.msg).toBe('该分类下已有同名文章，请换一个标题');
    const tree = await f.ok(getHelpTree, { audience: 'buyer' }, admin);
    expect(tree.at(-1)).toMatchObject({
      alias: 'refunds',
      published: false,
      articles: [{ id, title: '退款说明', published: false }],
    });
    const hidden = await f.ok(getHelpList, { keyword: '原路退款' });
    expect(hidden.categories.map((c) => c.alias)).not.toContain('refunds');
    expect(hidden.hits).toEqual([]);
    expect((await f.call(getHelpInfo, { id })).body.code).not.toBe(1);

    await f.ok(setHelpPublished, { kind: 'category', id: categoryId, published: true }, admin);
    // The category is shown, its unpublished article still not.
    const halfway = await f.ok(getHelpList, { keyword: '原路退款' });
    expect(halfway.categories.find((c) => c.alias === 'refunds')?.articles).toEqual([]);
    expect(halfway.hits).toEqual([]);
    await f.ok(setHelpPublished, { kind: 'article', id, published: true }, admin);
    const shown = await f.ok(getHelpList, { keyword: '原路退款' });
    expect(shown.hits.map((h) => h.id)).toEqual([id]);
    expect((await f.ok(getHelpInfo, { id })).html).toContain('<h2>什么时候能退款</h2>');

    // Edited: the new words are found, the old ones no longer.
    await f.ok(
      saveHelpArticle,
      {
        id,
        categoryId,
        title: '退款说明',
        markdown: '## 退款到哪里\n\n退款按付款渠道返回：微信退回零钱或银行卡。',
      },
      admin,
    );
    expect((await f.ok(getHelpList, { keyword: '零钱' })).hits.map((h) => h.id)).toEqual([id]);
    expect((await f.ok(getHelpList, { keyword: '原路退款' })).hits).toEqual([]);
    const source = await f.ok(getHelpArticleSource, { id }, admin);
    expect(source.markdown).toContain('## 退款到哪里');

    await f.ok(setHelpPublished, { kind: 'article', id, published: false }, admin);
    expect((await f.call(getHelpInfo, { id })).body.msg).toBe(
      '帮助文章不存在或已下线，请从左侧目录中选择',
    );
  });

  it('reorders categories and articles among their siblings', async () => {
    const tree = await f.ok(getHelpTree, { audience: 'designer' }, admin);
    const [first, second] = tree;
    expect(
      (await f.ok(moveHelpItem, { kind: 'category', id: second?.id ?? 0, direction: 'up' }, admin))
        .moved,
    ).toBe(true);
    const list = await f.ok(getDesignHelpList, { keyword: '' });
    expect(list.categories.slice(0, 2).map((c) => c.alias)).toEqual([second?.alias, first?.alias]);
    // Already at the top: nothing moves.
    expect(
      (await f.ok(moveHelpItem, { kind: 'category', id: second?.id ?? 0, direction: 'up' }, admin))
        .moved,
    ).toBe(false);
    const upload = tree.find((c) => c.alias === 'upload');
    const last = upload?.articles.at(-1);
    await f.ok(moveHelpItem, { kind: 'article', id: last?.id ?? 0, direction: 'up' }, admin);
    const after = await f.ok(getHelpTree, { audience: 'designer' }, admin);
    const titles = after.find((c) => c.alias === 'upload')?.articles.map((a) => a.title);
    expect(titles?.at(-2)).toBe(last?.title);
  });

  it('names bad input in Chinese and saves nothing', async () => {
    const before = await f.ok(getHelpTree, { audience: 'buyer' }, admin);
    const categoryId = before[0]?.id ?? 0;
    const cases: [object, string][] = [
      [
        { audience: 'buyer', alias: 'Bad Alias', title: '名称' },
        '分类别名须以小写字母开头，由 2-32 位小写字母、数字或连字符组成',
      ],
      [
        { audience: 'buyer', alias: 'payment', title: '重复' },
        '分类别名“payment”已被使用，请换一个',
      ],
      [
        { audience: 'buyer', alias: 'bqshengming', title: '版权' },
        '“bqshengming”是版权声明的地址，不能用作分类别名',
      ],
      [{ audience: 'buyer', alias: 'empty', title: '   ' }, '请填写分类名称'],
      [{ audience: 'buyer', alias: 'long', title: '一'.repeat(21) }, '分类名称不能超过 20 个字'],
    ];
    for (const [input, msg] of cases) {
      const res = await f.callRaw(saveHelpCategory, input as Record<string, unknown>, admin);
      expect(res.body.msg).toBe(msg);
    }
    const articleCases: [object, string][] = [
      [{ categoryId, title: ' ', markdown: '足够长的正文足够长的正文' }, '请填写文章标题'],
      [{ categoryId, title: '标题', markdown: '  ' }, '请填写文章正文'],
      [{ categoryId, title: '标题', markdown: '太短' }, '文章正文过短，至少需要 10 个字'],
      [
        { categoryId: 999_999, title: '标题', markdown: '足够长的正文足够长的正文' },
        '帮助分类不存在，请刷新后重试',
      ],
    ];
    for (const [input, msg] of articleCases) {
      const res = await f.callRaw(saveHelpArticle, input as Record<string, unknown>, admin);
      expect(res.body.msg).toBe(msg);
    }
    expect(await f.ok(getHelpTree, { audience: 'buyer' }, admin)).toEqual(before);
  });

  it('previews Markdown as sanitised HTML, and serves the contact block', async () => {
    const preview = await f.ok(
      previewHelpMarkdown,
      { markdown: '**粗体**<script>alert(1)</script>[x](javascript:alert(1))' },
      admin,
    );
    expect(preview.html).toContain('<strong>粗体</strong>');
    expect(preview.html).not.toMatch(/<script|href="javascript:/);
    const info = await f.ok(getBasicInfo, {});
    expect(info).toMatchObject({ hotline: '400-000-0000', hours: '工作日 9:00-18:00' });
    expect(info.designCloudUrl).toBeNull();
  });
});
