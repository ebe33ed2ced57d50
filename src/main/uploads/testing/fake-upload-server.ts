// A stand-in for the marketplace's upload calls (GenPostPolicy and PUT /upload/creation) on a random
// local port, for the main process's tests. It keeps the real server's rules that the queue relies on:
// the `token` header (one per account, user.getUserInfo says whose), the per-user sha256 dedupe
// (`duplicate: true`), and {code≠1, msg} refusals.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UploadAccount } from '../../../shared/bridge';
import { getUserInfo } from '../../../shared/contract/accounts';
import { perfectCreationPic } from '../../../shared/contract/publishing';
import { UPLOAD_PATH, genPostPolicy } from '../../../shared/contract/uploads';

/** The account `token` belongs to unless `addAccount` says otherwise. */
export const FAKE_ACCOUNT: UploadAccount = { userId: 1, caiHongID: '80000001', name: '设计师甲' };

export type FakeUploadServer = {
  url: string;
  token: string;
  /** Another account, signed in with its own token. */
  addAccount(token: string, account: UploadAccount): void;
  /** Every accepted upload: whose it was (userId) and the bytes' sha256, in order. */
  readonly uploadsBy: { userId: number; sha256: string }[];
  /** sha256 → fileKey of the stored bytes (first account's copy), and how many times they were sent. */
  readonly stored: Map<string, string>;
  readonly sent: Map<string, number>;
  /** fileKey → the draft made from it (one per fileKey, as PerfectCreationPic does). */
  readonly drafts: Map<string, { id: number; userId: number; request: Record<string, unknown> }>;
  /** Draft requests refused with this message (code 1003), e.g. a designer not settled in yet. */
  refuseDrafts(msg: string | null): void;
  policiesIssued: number;
  /** The next `count` uploads answer HTTP 503. */
  failNext(count: number): void;
  /** Uploads of these bytes are refused with this message (code 1022); null lifts it. */
  refuse(sha256: string, msg: string | null): void;
  /** Every request answers 401 (a session that ended on the server). */
  signOut(signedOut: boolean): void;
  close(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, body: unknown, status = 200): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

export async function startFakeUploadServer(
  options: { token?: string; delayMs?: number } = {},
): Promise<FakeUploadServer> {
  const token = options.token ?? 'test-token';
  const stored = new Map<string, string>();
  const storedByUser = new Map<string, string>();
  const sent = new Map<string, number>();
  const refusals = new Map<string, string>();
  const drafts = new Map<
    string,
    { id: number; userId: number; request: Record<string, unknown> }
  >();
  const accounts = new Map<string, UploadAccount>([[token, FAKE_ACCOUNT]]);
  const uploadsBy: { userId: number; sha256: string }[] = [];
  let draftRefusal: string | null = null;
  let failures = 0;
  let signedOut = false;
  const state = { policiesIssued: 0 };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = await readBody(req);
      const user =
        typeof req.headers.token === 'string' ? accounts.get(req.headers.token) : undefined;
      if (signedOut || !user) {
        json(res, { code: 401, msg: '请先登录', data: null });
        return;
      }
      if (req.method === 'POST' && url.pathname === getUserInfo.path) {
        json(res, {
          flag: true,
          msg: '',
          rs: { userId: user.userId, caiHongID: user.caiHongID, userName: user.name },
        });
        return;
      }
      if (req.method === 'POST' && url.pathname === genPostPolicy.path) {
        state.policiesIssued += 1;
        json(res, {
          flag: true,
          msg: '',
          rs: {
            uploadUrl: UPLOAD_PATH,
            policy: `p${state.policiesIssued}`,
            signature: 's',
            maxBytes: 40 * 1024 * 1024,
            expiresAt: Date.now() + 15 * 60_000,
            contentTypes: ['image/png', 'image/jpeg'],
          },
        });
        return;
      }
      if (req.method === 'POST' && url.pathname === perfectCreationPic.path) {
        if (draftRefusal) {
          json(res, { code: 1003, msg: draftRefusal, data: null }, 403);
          return;
        }
        const request = JSON.parse(body.toString()) as Record<string, unknown>;
        const fileKey = String(request['fileKey']);
        const existing = drafts.get(fileKey);
        const draft = existing ?? { id: drafts.size + 1, userId: user.userId, request };
        drafts.set(fileKey, draft);
        json(res, { code: 1, msg: '', data: { work: { id: draft.id }, created: !existing } });
        return;
      }
      if (req.method === 'PUT' && url.pathname === UPLOAD_PATH) {
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        if (failures > 0) {
          failures -= 1;
          json(res, { code: 500, msg: '服务器繁忙', data: null }, 503);
          return;
        }
        const sha256 = createHash('sha256').update(body).digest('hex');
        sent.set(sha256, (sent.get(sha256) ?? 0) + 1);
        const refusal = refusals.get(sha256);
        if (refusal) {
          json(res, { code: 1022, msg: refusal, data: null }, 422);
          return;
        }
        // Kept per account, as the real server does.
        const existing = storedByUser.get(`${user.userId}:${sha256}`);
        const fileKey = existing ?? `private/uploads/${user.userId}/${sha256}.png`;
        storedByUser.set(`${user.userId}:${sha256}`, fileKey);
        if (!stored.has(sha256)) stored.set(sha256, fileKey);
        uploadsBy.push({ userId: user.userId, sha256 });
        json(res, {
          code: 1,
          msg: '',
          data: {
            fileKey,
            sha256,
            size: body.length,
            width: 1,
            height: 1,
            format: 'png',
            duplicate: existing !== undefined,
          },
        });
        return;
      }
      json(res, { code: 404, msg: '接口不存在', data: null }, 404);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    addAccount(other, account) {
      accounts.set(other, account);
    },
    uploadsBy,
    stored,
    sent,
    drafts,
    refuseDrafts(msg) {
      draftRefusal = msg;
    },
    get policiesIssued() {
      return state.policiesIssued;
    },
    set policiesIssued(value: number) {
      state.policiesIssued = value;
    },
    failNext(count) {
      failures = count;
    },
    refuse(sha256, msg) {
      if (msg === null) refusals.delete(sha256);
      else refusals.set(sha256, msg);
    },
    signOut(value) {
      signedOut = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
