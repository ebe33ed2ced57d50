import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserInfo, userReadAndAgree } from '@shared/contract/accounts';
import {
  getAgreement,
  getAgreementList,
  getAgreementSource,
  publishAgreement,
} from '@shared/contract/agreements';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { renderAgreementHtml } from './render-markdown';

describe('renderAgreementHtml', () => {
  it('renders Markdown and removes scripts, event handlers and javascript: links', () => {
    const html = renderAgreementHtml(
      [
        '## 一、总则',
        '',
        '**加粗** 与 [链接](https://example.com/a)',
        '',
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(1)">',
        '<p onclick="steal()" style="color:red">段落</p>',
        '[坏链接](javascript:alert(1))',
        '<iframe src="https://evil.example"></iframe>',
      ].join('\n'),
    );
    expect(html).toContain('<h2>一、总则</h2>');
    expect(html).toContain('<strong>加粗</strong>');
    expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer nofollow">');
    expect(html).not.toMatch(/<script|alert\(1\)<\/script|onerror|onclick|style=|<img|<iframe/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('段落');
  });
});

describe.each(testDatabases())('agreements ($name)', (database) => {
  let f: CatalogueFixture;
  let admin: string;
  let buyer: string;
  let other: string;

  const info = async (token: string) => f.ok(getUserInfo, {}, token);
  const acceptances = async (phone: string) =>
    f.deps.db
      .selectFrom('agreement_acceptances')
      .select(['alias', 'version', 'type', 'accepted_at'])
      .where('user_id', '=', await f.userId(phone))
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    f = await buildCatalogueApp(database, 2);
    admin = await f.signIn(DEMO_ADMIN.phone);
    buyer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('lists the five agreements, version 1, dated 30 Sep 2021', async () => {
    const list = await f.ok(getAgreementList, {});
    expect(list.map((a) => [a.alias, a.title, a.version])).toEqual([
      ['userAgreement', '纹样用户协议', 1],
      ['copyrightStatement', '版权声明', 1],
      ['privacyPolicy', '隐私政策', 1],
      ['memberService', '会员服务协议', 1],
      ['licenceAgreement', '纹样作品授权协议', 1],
    ]);
    expect(new Set(list.map((a) => a.publishedAt))).toEqual(new Set(['2021-09-29T16:00:00.000Z']));
  });

  it('serves one agreement by alias as sanitised HTML, and names an unknown alias clearly', async () => {
    const privacy = await f.ok(getAgreement, { alias: 'privacyPolicy' });
    expect(privacy.title).toBe('隐私政策');
    expect(privacy.html).toContain('个人信息保护法');
    expect(privacy.html).toContain('<table>');
    const member = await f.ok(getAgreement, { alias: 'memberService' });
    expect(member.html).toContain('应付金额 = 套餐年价 × 年数');
    const missing = await f.call(getAgreement, { alias: 'noSuchThing' });
    expect(missing.body.code).not.toBe(1);
    expect(missing.body.msg).toBe('协议不存在，请从协议列表中选择');
    const bad = await f.call(getAgreement, { alias: '<script>' });
    expect(bad.body.code).not.toBe(1);
  });

  it('lets only admins read the source and publish; checks the text in Chinese', async () => {
    expect(
      (await f.call(getAgreementSource, { alias: 'userAgreement' }, buyer)).body.code,
    ).not.toBe(1);
    const refused = await f.call(
      publishAgreement,
      {
        alias: 'copyrightStatement',
        markdown: '## 新版本\n\n足够长的正文，足够长的正文。',
        note: '',
      },
      buyer,
    );
    expect(refused.body.code).not.toBe(1);
    const source = await f.ok(getAgreementSource, { alias: 'userAgreement' }, admin);
    expect(source.markdown).toContain('## 一、账号注册与使用');
    const short = await f.call(
      publishAgreement,
      { alias: 'userAgreement', markdown: '  太短  ', note: '' },
      admin,
    );
    expect(short.body.msg).toBe('协议正文过短，至少需要 20 个字');
    const empty = await f.call(
      publishAgreement,
      { alias: 'userAgreement', markdown: ' \n ', note: '' },
      admin,
    );
    expect(empty.body.msg).toBe('请填写协议正文');
    const same = await f.call(
      publishAgreement,
      { alias: 'userAgreement', markdown: source.markdown, note: '' },
      admin,
    );
    expect(same.body.msg).toBe('新版本与现行版本内容相同，无需发布');
    const unknown = await f.call(
      publishAgreement,
      { alias: 'nothing', markdown: source.markdown, note: '' },
      admin,
    );
    expect(unknown.body.msg).toBe('协议不存在，请从协议列表中选择');
    expect((await f.ok(getAgreement, { alias: 'userAgreement' })).version).toBe(1);
  });

  it('records acceptance with its version, and asks again only those who accepted an older one', async () => {
    // Seeded users never accepted: the dialog shows until they agree.
    expect((await info(buyer)).isReadAndAgreeNotify).toBe(false);
    await f.ok(userReadAndAgree, { type: 2, version: 1 }, buyer);
    await f.ok(userReadAndAgree, { type: 2 }, other);
    expect((await info(buyer)).isReadAndAgreeNotify).toBe(true);
    expect((await info(other)).isReadAndAgreeNotify).toBe(true);
    const first = await acceptances(BUYER);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ alias: 'userAgreement', version: 1, type: 2 });
    expect(Date.parse(first[0]!.accepted_at)).toBeGreaterThan(Date.now() - 60_000);

    const source = await f.ok(getAgreementSource, { alias: 'userAgreement' }, admin);
    f.advance(60_000);
    const v2 = await f.ok(
      publishAgreement,
      {
        alias: 'userAgreement',
        markdown: `${source.markdown}\n## 十二、新增条款\n\n平台新增了在线客服与侵权投诉的处理规则。<script>alert(1)</script>`,
        note: '新增侵权投诉规则',
      },
      admin,
    );
    expect(v2).toMatchObject({ alias: 'userAgreement', title: '纹样用户协议', version: 2 });
    const shown = await f.ok(getAgreement, { alias: 'userAgreement' });
    expect(shown).toMatchObject({
      version: 2,
      note: '新增侵权投诉规则',
      publishedAt: v2.publishedAt,
    });
    expect(shown.html).toContain('十二、新增条款');
    expect(shown.html).not.toContain('<script');
    expect((await f.ok(getAgreementList, {}))[0]).toMatchObject({ version: 2 });

    // Both accepted version 1: both are asked again.
    expect((await info(buyer)).isReadAndAgreeNotify).toBe(false);
    expect((await info(other)).isReadAndAgreeNotify).toBe(false);
    // Agreeing to what the dialog showed before the new version is refused, and records nothing.
    const stale = await f.call(userReadAndAgree, { type: 2, version: 1 }, buyer);
    expect(stale.body.msg).toBe('协议已更新，请阅读最新版本后再同意');
    await f.ok(userReadAndAgree, { type: 2, version: 2 }, buyer);
    expect((await info(buyer)).isReadAndAgreeNotify).toBe(true);
    expect((await info(other)).isReadAndAgreeNotify).toBe(false);
    expect((await acceptances(BUYER)).map((a) => [a.version, a.type])).toEqual([
      [1, 2],
      [2, 2],
    ]);

    // Another agreement's new version does not ask anyone about the user agreement again.
    const copyright = await f.ok(getAgreementSource, { alias: 'copyrightStatement' }, admin);
    await f.ok(
      publishAgreement,
      {
        alias: 'copyrightStatement',
        markdown: `${copyright.markdown}\n补充说明：投诉请附联系方式。`,
        note: '',
      },
      admin,
    );
    expect((await info(buyer)).isReadAndAgreeNotify).toBe(true);
  });

  it('keeps a refused publish from writing anything', async () => {
    const count = async () =>
      Number(
        (
          await f.deps.db
            .selectFrom('agreements')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await f.call(
      publishAgreement,
      { alias: 'privacyPolicy', markdown: 'x'.repeat(30), note: '' },
      other,
    );
    expect(await count()).toBe(before);
  });
});
