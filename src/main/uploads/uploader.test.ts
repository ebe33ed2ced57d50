import { describe, expect, it } from 'vitest';
import type { BridgeHttpResponse } from '../../shared/bridge';
import type { HttpSendRequest } from '../session/http-client';
import { POLICY_RENEW_BEFORE_MS, createUploader } from './uploader';
import { UPLOAD_MSG } from './upload-failure';

type Answer = BridgeHttpResponse | Error;
const ok = (body: unknown, status = 200): BridgeHttpResponse => ({
  status,
  headers: {},
  body: JSON.stringify(body),
});
const policy = (n: number) =>
  ok({
    flag: true,
    msg: '',
    rs: {
      uploadUrl: '/upload/creation',
      policy: `p${n}`,
      signature: `s${n}`,
      maxBytes: 40 * 1024 * 1024,
      expiresAt: 0,
      contentTypes: [],
    },
  });
const stored = (fileKey: string, duplicate = false) =>
  ok({
    code: 1,
    msg: '',
    data: { fileKey, sha256: 'x', size: 3, width: 1, height: 1, format: 'png', duplicate },
  });

/** The session client as the uploader sees it: answers queued per kind of call. */
function fakeHttp(answers: { policies: Answer[]; puts: Answer[] }) {
  const sent: { path: string; bytes: number }[] = [];
  const next = (list: Answer[]) => {
    const answer = list.shift();
    if (answer === undefined) throw new Error('no answer left');
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return {
    sent,
    http: {
      request: async () => next(answers.policies),
      send: async (req: HttpSendRequest) => {
        let bytes = 0;
        if (req.body instanceof ReadableStream) {
          for await (const chunk of req.body) bytes += chunk.length;
        }
        sent.push({ path: req.path, bytes });
        return next(answers.puts);
      },
    },
  };
}

const prepared = { bytes: new Uint8Array(600 * 1024), converted: false, width: 1, height: 1 };

describe('uploader', () => {
  it('asks for a permission once and reuses it until shortly before it lapses', async () => {
    let now = 1_000_000;
    const { http, sent } = fakeHttp({
      policies: [policy(1), policy(2)],
      puts: [stored('k1'), stored('k2'), stored('k3')],
    });
    const uploader = createUploader({ http, now: () => now });
    const progress: number[] = [];
    await expect(uploader.upload(prepared, (n) => progress.push(n))).resolves.toMatchObject({
      fileKey: 'k1',
    });
    await uploader.upload(prepared, () => undefined);
    now += 15 * 60_000 - POLICY_RENEW_BEFORE_MS + 1;
    await uploader.upload(prepared, () => undefined);
    expect(sent.map((s) => s.path)).toEqual([
      '/upload/creation?policy=p1&signature=s1',
      '/upload/creation?policy=p1&signature=s1',
      '/upload/creation?policy=p2&signature=s2',
    ]);
    expect(sent[0]?.bytes).toBe(prepared.bytes.length);
    expect(progress.at(-1)).toBe(prepared.bytes.length);
    expect(progress.length).toBeGreaterThan(1);
  });

  it('gets a fresh permission and sends again when the server says it lapsed', async () => {
    const { http, sent } = fakeHttp({
      policies: [policy(1), policy(2)],
      puts: [ok({ code: 1003, msg: '上传许可已过期，请重新上传', data: null }, 403), stored('k')],
    });
    const uploader = createUploader({ http });
    await expect(uploader.upload(prepared, () => undefined)).resolves.toMatchObject({
      fileKey: 'k',
    });
    expect(sent).toHaveLength(2);
  });

  it('treats an unreachable or failing server as worth retrying', async () => {
    const { http } = fakeHttp({
      policies: [policy(1)],
      puts: [new Error('ECONNRESET'), ok({ code: 500, msg: '服务器错误', data: null }, 500)],
    });
    const uploader = createUploader({ http });
    await expect(uploader.upload(prepared, () => undefined)).rejects.toMatchObject({
      kind: 'retry',
      message: UPLOAD_MSG.network,
    });
    await expect(uploader.upload(prepared, () => undefined)).rejects.toMatchObject({
      kind: 'retry',
      message: UPLOAD_MSG.server,
    });
  });

  it('retries a file refused by the daily quota later, showing the quota message', async () => {
    const quota = '今日上传已达上限（每天 2000 个文件、4096 MB），请明天再试';
    const { http } = fakeHttp({
      policies: [policy(1)],
      puts: [ok({ code: 1029, msg: quota, data: null }, 429)],
    });
    await expect(createUploader({ http }).upload(prepared, () => undefined)).rejects.toMatchObject({
      kind: 'retry',
      message: quota,
    });
  });

  it('passes the server’s Chinese reason for a refused file, not to be retried', async () => {
    const { http } = fakeHttp({
      policies: [policy(1)],
      puts: [
        ok({ code: 1022, msg: '图片尺寸过大（超过 1.2 亿像素），无法安全处理', data: null }, 422),
      ],
    });
    await expect(createUploader({ http }).upload(prepared, () => undefined)).rejects.toMatchObject({
      kind: 'rejected',
      message: '图片尺寸过大（超过 1.2 亿像素），无法安全处理',
    });
  });

  it('says the session is gone when the server answers 401', async () => {
    const { http } = fakeHttp({
      policies: [ok({ code: 401, msg: '请先登录', data: null })],
      puts: [],
    });
    await expect(createUploader({ http }).upload(prepared, () => undefined)).rejects.toMatchObject({
      kind: 'signed-out',
    });
  });
});
