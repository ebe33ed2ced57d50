import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindBankAccount, getBankAccount } from '@shared/contract/certification';
import { changeFirstSigner, getVerifyInfo, getVerifyUrl } from '@shared/contract/identity';
import { BANK_ACCOUNT_MSG } from '@shared/rules/bank-account';
import { creditCodeCheckChar } from '@shared/rules/identity';
import { buildPublishingApp, validIdNumber } from '../../testing/publishing-fixture';
import type { PublishingFixture } from '../../testing/publishing-fixture';
import { testDatabases } from '../../testing/test-app';

const creditCode = (body: string) => body + creditCodeCheckChar(body);
const COMPANY = '杭州纹样设计有限公司';
const ACCOUNT = {
  accountName: COMPANY,
  bankName: '招商银行',
  branchName: '杭州分行营业部',
  accountNumber: '6222 0212 3456 7890 123',
};

describe.each(testDatabases())('certification on $name', (database) => {
  let f: PublishingFixture;
  let seed = 200;

  beforeAll(async () => {
    f = await buildPublishingApp(database);
  });
  afterAll(async () => {
    await f.close();
  });

  const verifyPerson = (token: string, name = '王五', number = validIdNumber(++seed, '456')) =>
    f.call(getVerifyUrl, { kind: 'personal', name, number }, token);
  const verifyCompany = (token: string, name = COMPANY, body = `91330100MA2B3C${++seed}`) =>
    f.call(getVerifyUrl, { kind: 'enterprise', name, number: creditCode(body) }, token);
  const signers = async (userId: number) =>
    f.deps.db
      .selectFrom('identity_verifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('is_signer', '=', 1)
      .execute();

  describe('verification', () => {
    it('verifies a person through the sandbox at once and shows the number masked', async () => {
      const user = await f.registerUser();
      const number = validIdNumber(++seed, '456');
      const { body } = await verifyPerson(user.token, '王五', number);
      expect(body.code).toBe(1);
      expect(body.data).toMatchObject({
        record: { kind: 'personal', status: 'verified', isSigner: true, provider: 'sandbox' },
        url: null,
      });
      const info = await f.ok(getVerifyInfo, {}, user.token);
      expect(info.verified).toBe(true);
      expect(info.records[0]?.numberMasked).toBe(
        `${number.slice(0, 3)}***********${number.slice(-4)}`,
      );
      expect(JSON.stringify(info)).not.toContain(number);
    });

    it('refuses a number whose checksum is wrong, before asking the provider', async () => {
      const user = await f.registerUser();
      const good = validIdNumber(++seed, '456');
      const bad = good.slice(0, 17) + (good[17] === '1' ? '2' : '1');
      const { body } = await verifyPerson(user.token, '王五', bad);
      expect(body).toMatchObject({ code: 1022, msg: '身份证号校验位不正确' });
      const code = await f.call(
        getVerifyUrl,
        { kind: 'enterprise', name: COMPANY, number: '91330100MA2B3C4D5X' },
        user.token,
      );
      expect(code.body.msg).toMatch(/统一社会信用代码/);
      expect((await f.ok(getVerifyInfo, {}, user.token)).records).toEqual([]);
    });

    it('records the sandbox provider refusing a name and number that do not match', async () => {
      const user = await f.registerUser();
      const { body } = await verifyPerson(user.token, '王五', validIdNumber(++seed, '000'));
      expect(body.data?.record).toMatchObject({ status: 'failed', isSigner: false });
      expect(body.data?.record.reason).toMatch(/不一致/);
      expect((await f.ok(getVerifyInfo, {}, user.token)).verified).toBe(false);
    });

    it('refuses a number another account has verified', async () => {
      const [a, b] = [await f.registerUser(), await f.registerUser()];
      const body = `91330100MA2B3C${++seed}`;
      expect((await verifyCompany(a.token, COMPANY, body)).body.code).toBe(1);
      const again = await verifyCompany(b.token, COMPANY, body);
      expect(again.body).toMatchObject({ code: 1009, msg: '该企业已被其他账号认证' });
    });
  });

  describe('contract signer', () => {
    it('makes exactly one of my verified identities the signer', async () => {
      const user = await f.registerUser();
      const person = (await verifyPerson(user.token)).body.data!.record;
      const company = (await verifyCompany(user.token)).body.data!.record;
      expect([person.isSigner, company.isSigner]).toEqual([true, false]);

      const info = await f.ok(changeFirstSigner, { id: company.id }, user.token);
      expect(info.signerId).toBe(company.id);
      expect(info.records.filter((r) => r.isSigner).map((r) => r.id)).toEqual([company.id]);
      expect(await signers(user.userId)).toEqual([{ id: company.id }]);

      await f.ok(changeFirstSigner, { id: person.id }, user.token);
      expect(await signers(user.userId)).toEqual([{ id: person.id }]);
    });

    it('refuses an identity that failed or that belongs to someone else', async () => {
      const [user, other] = [await f.registerUser(), await f.registerUser()];
      const mine = (await verifyPerson(user.token)).body.data!.record;
      const failed = (await verifyPerson(user.token, '王五', validIdNumber(++seed, '000'))).body
        .data!.record;
      const theirs = (await verifyCompany(other.token)).body.data!.record;

      const refused = await f.call(changeFirstSigner, { id: failed.id }, user.token);
      expect(refused.body).toMatchObject({ code: 1022, msg: '只有已通过的认证可以作为签署人' });
      const foreign = await f.call(changeFirstSigner, { id: theirs.id }, user.token);
      expect(foreign.body.code).toBe(1004);
      expect(await signers(user.userId)).toEqual([{ id: mine.id }]);
      expect(await signers(other.userId)).toEqual([{ id: theirs.id }]);
    });
  });

  describe('company bank account', () => {
    it('is refused before the company is verified, even to a verified person', async () => {
      const user = await f.registerUser();
      const before = await f.call(bindBankAccount, ACCOUNT, user.token);
      expect(before.body).toMatchObject({ code: 1022, msg: BANK_ACCOUNT_MSG.needsEnterprise });
      await verifyPerson(user.token);
      const person = await f.call(bindBankAccount, ACCOUNT, user.token);
      expect(person.body).toMatchObject({ code: 1022, msg: BANK_ACCOUNT_MSG.needsEnterprise });
      expect(await f.ok(getBankAccount, {}, user.token)).toEqual({
        enterprises: [],
        account: null,
      });
    });

    it('wants the verified company name, a bank, a branch and 8–30 digits', async () => {
      const user = await f.registerUser();
      await verifyCompany(user.token);
      const cases: [Partial<typeof ACCOUNT>, string][] = [
        [{ accountName: '杭州别的公司' }, BANK_ACCOUNT_MSG.nameMismatch],
        [{ accountNumber: '6222 0212'.slice(0, 7) }, BANK_ACCOUNT_MSG.badNumber],
        [{ accountNumber: '6222-0212-3456-7890' }, BANK_ACCOUNT_MSG.badNumber],
        [{ accountNumber: '1'.repeat(31) }, BANK_ACCOUNT_MSG.badNumber],
        [{ bankName: ' ' }, BANK_ACCOUNT_MSG.bankName],
        [{ branchName: 'x' }, BANK_ACCOUNT_MSG.branchName],
      ];
      for (const [change, msg] of cases) {
        const { body } = await f.call(bindBankAccount, { ...ACCOUNT, ...change }, user.token);
        expect(body).toMatchObject({ code: 1022, msg });
      }
      expect((await f.ok(getBankAccount, {}, user.token)).account).toBeNull();
    });

    it('binds the account in the company name and answers with the number masked', async () => {
      const user = await f.registerUser();
      await verifyCompany(user.token);
      const info = await f.ok(
        bindBankAccount,
        { ...ACCOUNT, accountName: ` ${COMPANY} ` },
        user.token,
      );
      expect(info).toMatchObject({
        enterprises: [COMPANY],
        account: {
          accountName: COMPANY,
          bankName: '招商银行',
          branchName: '杭州分行营业部',
          accountNumberMasked: '6222 **** 0123',
          matchesEnterprise: true,
        },
      });
      expect(JSON.stringify(info)).not.toContain('6222021234567890123');
      expect(await f.ok(getBankAccount, {}, user.token)).toEqual(info);
      const row = await f.deps.db
        .selectFrom('bank_accounts')
        .selectAll()
        .where('user_id', '=', user.userId)
        .executeTakeFirstOrThrow();
      expect(row.account_number).toBe('6222021234567890123');

      const again = await f.ok(
        bindBankAccount,
        { ...ACCOUNT, accountNumber: '6217000011112222' },
        user.token,
      );
      expect(again.account?.accountNumberMasked).toBe('6217 **** 2222');
      const rows = await f.deps.db
        .selectFrom('bank_accounts')
        .select('id')
        .where('user_id', '=', user.userId)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('is for signed-in users only, each seeing their own', async () => {
      const guest = await f.call(getBankAccount, {});
      expect(guest.status).toBe(401);
      const other = await f.registerUser();
      expect((await f.ok(getBankAccount, {}, other.token)).account).toBeNull();
    });
  });
});
