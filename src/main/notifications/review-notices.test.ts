import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeHttpRequest, BridgeHttpResponse } from '../../shared/bridge';
import { getNoticeList } from '../../shared/contract/notices';
import type { Notice } from '../../shared/contract/notices';
import type { DesktopNotice } from './notification-texts';
import {
  NOTIFIED_NOTICES_FILE,
  isInAppPath,
  openReviewNoticeWatcher,
  parseNoticeListResponse,
} from './review-notices';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wenyang-notices-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const notice = (id: number, extra: Partial<Notice> = {}): Notice => ({
  id,
  kind: 'review',
  title: '作品审核通过',
  body: `您的作品《纹样${id}》已通过审核并上架。`,
  link: '/user/mywork',
  createdAt: '2026-11-24T10:00:00.000Z',
  readAt: null,
  ...extra,
});

/** The message centre as the server answers GetMessageList, checked against the contract's schema. */
function messageCentre(initial: Notice[]) {
  let unread = initial;
  const asked: unknown[] = [];
  let down = false;
  const http = {
    request: async (req: BridgeHttpRequest): Promise<BridgeHttpResponse> => {
      if (down) throw new Error('无法连接服务器');
      asked.push({ path: req.path, body: JSON.parse(req.body ?? '{}') as unknown });
      const data = { list: unread, total: unread.length };
      expect(Value.Check(getNoticeList.response, data)).toBe(true);
      return { status: 200, headers: {}, body: JSON.stringify({ code: 1, msg: '成功', data }) };
    },
  };
  return {
    http,
    asked,
    set: (next: Notice[]) => (unread = next),
    setDown: (value: boolean) => (down = value),
  };
}

describe('openReviewNoticeWatcher', () => {
  it('asks for unread review notices and announces each once, even across restarts', async () => {
    const centre = messageCentre([notice(2), notice(1)]);
    const shown: DesktopNotice[] = [];
    const watcher = await openReviewNoticeWatcher({
      http: centre.http,
      dir,
      notify: (n) => shown.push(n),
    });
    expect(await watcher.poll()).toBe(2);
    expect(centre.asked[0]).toEqual({
      path: getNoticeList.path,
      body: { pageIndex: 1, pageSize: 20, filter: 'unread', kind: 'review' },
    });
    expect(shown.map((n) => n.title)).toEqual(['作品审核通过', '作品审核通过']);
    expect(shown[0]).toMatchObject({
      body: '您的作品《纹样2》已通过审核并上架。',
      openPath: '/user/mywork',
    });

    expect(await watcher.poll()).toBe(0);
    // A restart reads what was announced.
    const again = await openReviewNoticeWatcher({
      http: centre.http,
      dir,
      notify: (n) => shown.push(n),
    });
    centre.set([
      notice(3, { title: '作品审核未通过', link: '/publishWork?id=3' }),
      notice(2),
      notice(1),
    ]);
    expect(await again.poll()).toBe(1);
    expect(shown.at(-1)).toMatchObject({ title: '作品审核未通过', openPath: '/publishWork?id=3' });
    expect(JSON.parse(await readFile(join(dir, NOTIFIED_NOTICES_FILE), 'utf8'))).toEqual({
      version: 1,
      ids: [2, 1, 3],
    });
  });

  it('shows at most three and sums up the rest in one', async () => {
    const centre = messageCentre([5, 4, 3, 2, 1].map((id) => notice(id)));
    const shown: DesktopNotice[] = [];
    const watcher = await openReviewNoticeWatcher({
      http: centre.http,
      dir,
      notify: (n) => shown.push(n),
    });
    expect(await watcher.poll()).toBe(4);
    expect(shown.at(-1)).toEqual({
      title: '审核通知',
      body: '还有 2 条审核通知，请在消息中心查看',
      openPath: '/user/message',
    });
  });

  it('waits quietly when the server cannot be reached or the session is gone', async () => {
    const centre = messageCentre([notice(1)]);
    const shown: DesktopNotice[] = [];
    const watcher = await openReviewNoticeWatcher({
      http: centre.http,
      dir,
      notify: (n) => shown.push(n),
    });
    centre.setDown(true);
    expect(await watcher.poll()).toBe(0);
    const signedOut = await openReviewNoticeWatcher({
      http: {
        request: async () => ({
          status: 200,
          headers: {},
          body: '{"code":401,"msg":"请先登录","data":null}',
        }),
      },
      dir,
      notify: (n) => shown.push(n),
    });
    expect(await signedOut.poll()).toBe(0);
    expect(shown).toEqual([]);
    // Once the server answers, the notice is announced after all.
    centre.setDown(false);
    expect(await watcher.poll()).toBe(1);
  });

  it('starts afresh from an unreadable record', async () => {
    await writeFile(join(dir, NOTIFIED_NOTICES_FILE), '{not json');
    const centre = messageCentre([notice(1)]);
    const watcher = await openReviewNoticeWatcher({
      http: centre.http,
      dir,
      notify: () => undefined,
    });
    expect(await watcher.poll()).toBe(1);
  });
});

describe('parseNoticeListResponse', () => {
  it('keeps only unread review notices with an in-app link', () => {
    const body = JSON.stringify({
      code: 1,
      msg: '',
      data: {
        total: 4,
        list: [
          notice(1, { link: 'https://evil.example/' }),
          notice(2, { kind: 'order' }),
          notice(3, { readAt: '2026-11-24T11:00:00.000Z' }),
          { id: 'x', kind: 'review', title: 't', body: 'b', link: null, readAt: null },
        ],
      },
    });
    expect(parseNoticeListResponse(200, body)).toEqual([
      { id: 1, title: '作品审核通过', body: '您的作品《纹样1》已通过审核并上架。', link: null },
    ]);
    expect(parseNoticeListResponse(500, body)).toBeNull();
    expect(parseNoticeListResponse(200, 'oops')).toBeNull();
  });

  it('opens only in-site paths', () => {
    expect(isInAppPath('/user/mywork')).toBe(true);
    for (const link of [
      '//evil.example/',
      '/\\evil.example',
      'https://x',
      'javascript:x',
      '/a\nb',
    ]) {
      expect(isInAppPath(link), link).toBe(false);
    }
  });
});
