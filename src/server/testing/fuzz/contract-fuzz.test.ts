import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@shared/contract';
import type { CallDef } from '@shared/contract/define';
import { buildTestApp, testDatabases } from '../test-app';
import type { TestApp, TestDatabase } from '../test-app';
import { createSnapshotGuard, diffSnapshots, takeSnapshot } from './db-snapshot';
import { TOKEN_PLACEHOLDER } from './hostile';
import { buildRequest, findLeaks, formatReport, runContractFuzz } from './run-fuzz';

// The guard of issue 9 in `npm test`: every contract call, a small bounded number of valid and
// hostile inputs per role. `npm run fuzz -- --runs N` runs deeper (and with a random seed).
const SEED = Number(process.env.FUZZ_SEED ?? 9_2026);

describe('contract fuzz', () => {
  it('answers every valid and hostile input without a server error, and refusals change no row', async () => {
    const report = await runContractFuzz({
      runs: 1,
      seed: SEED,
      // The heavy inputs (about 1 MB, 20,000 deep) once per call, as a role drawn at random.
      anyRoleKinds: ['huge-string', 'deep-nesting', 'huge-value'],
    });
    expect(report.calls).toBe(allCalls.length);
    expect(report.requests).toBeGreaterThan(allCalls.length * 40);
    const summary = formatReport(report);
    expect(report.serverErrors, summary).toBe(0);
    expect(report.stateChangesOnRejection, summary).toBe(0);
  }, 300_000);
});

describe("the fuzzer's own checks", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(testDatabases()[0] as TestDatabase);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sees a changed row, a new row and a deleted row, but not a rolled-back write', async () => {
    const { db } = t.deps;
    const guard = createSnapshotGuard(db);
    const now = new Date().toISOString();
    const user = {
      cai_hong_id: '1',
      phone: '13912345678',
      user_name: 'a',
      created_at: now,
      updated_at: now,
    };

    let mark = await guard.before();
    await db.insertInto('users').values(user).execute();
    expect(await guard.changesSince(mark)).toEqual(['users: 0 → 1 rows']);

    mark = await guard.before();
    await db.updateTable('users').set({ user_name: 'b' }).execute();
    expect(await guard.changesSince(mark)).toEqual(['users: rows changed (1 rows)']);

    mark = await guard.before();
    await db.updateTable('users').set({ user_name: 'b' }).execute();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ ...user, cai_hong_id: '2', phone: null })
          .execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await guard.changesSince(mark)).toEqual([]);

    // What the exclusions name is left out: a counted SMS attempt is not a change.
    await db
      .insertInto('sms_codes')
      .values({
        phone: '13912345678',
        purpose: 'login',
        code_hash: 'x',
        ip: '',
        expires_at: now,
        created_at: now,
      })
      .execute();
    mark = await guard.before();
    await db.updateTable('sms_codes').set({ attempts: 1 }).execute();
    expect(await guard.changesSince(mark)).toEqual([]);

    mark = await guard.before();
    await db.deleteFrom('users').execute();
    expect(diffSnapshots(mark.snapshot, await takeSnapshot(db))).toEqual(['users: 1 → 0 rows']);
  });

  it('finds stack traces, file paths and error texts in an answer, unless the request sent them', () => {
    const stack = 'TypeError: x is undefined\n    at handler (/work/main/src/server/app.ts:12:3)';
    expect(findLeaks(JSON.stringify({ code: 400, msg: stack }), '')).toHaveLength(4);
    expect(findLeaks('{"msg":"SqliteError: datatype mismatch"}', '')).toHaveLength(1);
    expect(findLeaks('{"code":1,"msg":"","data":{"url":"/files/public/a.webp"}}', '')).toEqual([]);
    expect(
      findLeaks('{"data":{"keyword":"Error: <script>"}}', '{"keyword":"Error: <script>"}'),
    ).toEqual([]);
  });

  it('sends hostile inputs as they are', () => {
    const [list] = allCalls.filter((c) => c.name === 'Creation/GetCreationList');
    expect(list).toBeDefined();
    const sent = buildRequest(
      list as CallDef,
      {
        kind: 'bad-cookie',
        note: '',
        body: { pageIndex: 1 },
        headers: { cookie: `token=${TOKEN_PLACEHOLDER}; token=%E0%A4%A` },
        sendToken: false,
      },
      'abc',
    );
    expect(sent.options.headers).toEqual({
      cookie: 'token=abc; token=%E0%A4%A',
      'content-type': 'application/json',
    });
    expect(sent.options.payload).toBe('{"pageIndex":1}');
  });
});
