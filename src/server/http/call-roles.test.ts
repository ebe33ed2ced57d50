import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@shared/contract';
import { getAdminOverview } from '@shared/contract/admin';
import type { CallDef } from '@shared/contract/define';
import { needsSignIn } from '@shared/contract/define';
import { addOrEditSeries } from '@shared/contract/series';
import { DEMO_ADMIN } from '../db/seed/demo-catalogue';
import { BUYER, buildCatalogueApp } from '../testing/catalogue-fixture';
import type { CatalogueFixture } from '../testing/catalogue-fixture';
import { testDatabases } from '../testing/test-app';

const SETTLED_DESIGNER = '13900000001';
const UNSETTLED_DESIGNER = '13900000011';

// The tables a refused admin or publishing call could write to.
const WATCHED = [
  'users',
  'designer_applications',
  'works',
  'work_reviews',
  'work_images',
  'series',
  'orders',
  'payments',
  'ledger_transfers',
  'invoice_requests',
  'bank_cards',
  'withdrawals',
  'member_packages',
  'member_package_auths',
  'dosing_packages',
  'agreements',
  'activities',
  'invitation_codes',
  'topics',
  'banners',
  'demands',
  'demand_signups',
  'demand_manuscripts',
] as const;

const adminCalls = allCalls.filter((c) => c.auth === 'admin');
const settledCalls = allCalls.filter((c) => c.auth === 'settled');
/** Designers (any status but 0) answer custom-pattern demands. */
const designerCalls = allCalls.filter((c) => c.auth === 'designer');

describe('call roles in the contract', () => {
  it('mark every admin call and the publishing calls of settled designers', () => {
    expect(adminCalls.map((c) => c.name)).toEqual([
      'Admin/GetOverview',
      'Admin/GetApplicationList',
      'Admin/GetApplicationDetail',
      'Admin/ReviewApplication',
      'Admin/GetWorkReviewList',
      'Admin/GetWorkReviewDetail',
      'Admin/ReviewWork',
      'Admin/TakeDownWork',
      'Admin/GetPendingBankTransfers',
      'Admin/ConfirmBankTransfer',
      'Admin/GetMemberPackages',
      'Admin/SaveMemberPackage',
      'Admin/SaveDosingPackage',
      'Admin/SetMemberPackageEnabled',
      'Admin/GetInvoiceRequests',
      'Admin/HandleInvoiceRequest',
      'Admin/GetWithdrawals',
      'Admin/HandleWithdrawal',
      'Admin/GetAgreementSource',
      'Admin/PublishAgreement',
      'Admin/GetComplaintList',
      'Admin/GetComplaintReview',
      'Admin/DecideComplaint',
      'Admin/GetActivityList',
      'Admin/SaveActivity',
      'Admin/GetActivityParticipants',
      'Admin/IssueInvitationCode',
      'Admin/GetInvitationCodeList',
      'Admin/RevokeInvitationCode',
      'Admin/GetHelpTree',
      'Admin/SaveHelpCategory',
      'Admin/GetHelpArticleSource',
      'Admin/SaveHelpArticle',
      'Admin/SetHelpPublished',
      'Admin/MoveHelpItem',
      'Admin/PreviewHelpMarkdown',
      'Admin/GetServiceThreads',
      'Admin/GetServiceThread',
      'Admin/ReplyServiceThread',
      'Admin/SetServiceThreadState',
      'Admin/GetFolkAccess',
      'Admin/GrantFolkAccess',
      'Admin/RevokeFolkAccess',
      'Admin/AnswerFolkAccessRequest',
      'Admin/GetFolkIntentions',
      'Admin/SetFolkIntentionState',
      'Admin/GetTopicList',
      'Admin/GetTopicSource',
      'Admin/SaveTopic',
      'Admin/PreviewTopic',
      'Admin/PublishTopic',
      'Admin/GetBannerList',
      'Admin/SaveBanner',
      'Admin/SetBannerEnabled',
      'Admin/SortBanners',
    ]);
    expect(settledCalls.map((c) => c.name).sort()).toEqual([
      'Creation/PerfectCreationPic',
      'Creation/PublishCreation',
      'Finance/ApplyWithdrawal',
      'Finance/GetIncomeStatement',
      'Finance/GetWithdrawalAccount',
      'Finance/GetWithdrawalLog',
      'Series/AddOrEditSeries',
      'User/GetUserBankCard',
      'User/SubBankCertify',
    ]);
    expect(designerCalls.map((c) => c.name).sort()).toEqual([
      'Demand/ApplyDemand',
      'Demand/SubmitManuscript',
    ]);
    expect(allCalls.filter((c) => c.auth !== 'required' && needsSignIn(c.auth))).toHaveLength(
      adminCalls.length + settledCalls.length + designerCalls.length,
    );
  });
});

describe.each(testDatabases())('who may call, on $name', (database) => {
  let f: CatalogueFixture;
  let buyer: string;
  let unsettled: string;
  let publishedId: number;

  /** Inputs that would change rows if the role check let the caller through. */
  const inputOf = (c: CallDef): object => {
    switch (c.name) {
      case 'Admin/ReviewApplication':
        return { id: 1, approve: true, reason: '' };
      case 'Admin/ReviewWork':
        return { id: publishedId, approve: false, reason: '不通过' };
      case 'Admin/TakeDownWork':
        return { id: publishedId, reason: '下架' };
      case 'Admin/GetApplicationDetail':
      case 'Admin/GetWorkReviewDetail':
        return { id: publishedId };
      case 'Creation/PublishCreation':
        return { ids: [publishedId] };
      case 'Creation/PerfectCreationPic':
        return { id: publishedId, title: '改名' };
      case 'Series/AddOrEditSeries':
        return { title: '不该建成的系列', description: '' };
      case 'Admin/ConfirmBankTransfer':
        return { payOrderNo: 'PB2026112400000000000', bankSerial: 'ICBC0001', amountFen: 100 };
      case 'Admin/SaveMemberPackage':
        return { id: 1, title: '改名', price: 9800, description: '', auths: [] };
      case 'Admin/SaveDosingPackage':
        return { id: 1, title: '改名', priceFen: 100, count: 1, description: '' };
      case 'Admin/SetMemberPackageEnabled':
        return { kind: 'package', id: 1, enabled: false };
      case 'Admin/HandleInvoiceRequest':
        return { id: 1, action: 'issue', invoiceNo: '04412345', reason: '' };
      case 'Admin/GetWithdrawals':
        return { state: 'applied', pageIndex: 1, pageSize: 20 };
      case 'Admin/HandleWithdrawal':
        return { id: 1, action: 'reject', paySerial: '', reason: '驳回' };
      case 'Finance/ApplyWithdrawal':
        return { amountFen: 10_000, idemKey: 'role-check-0001' };
      case 'Finance/GetWithdrawalLog':
        return { pageIndex: 1, pageSize: 20 };
      case 'Admin/GetAgreementSource':
        return { alias: 'userAgreement' };
      case 'Admin/DecideComplaint':
        return { id: 1, decision: 'takeDown', reason: '' };
      case 'Admin/GetComplaintReview':
        return { id: 1 };
      case 'Admin/PublishAgreement':
        return {
          alias: 'userAgreement',
          markdown: '## 不该发布的版本\n\n这段正文足够长，足以通过长度检查并被发布。',
          note: '',
        };
      case 'Admin/SaveActivity':
        return {
          title: '不该建成的活动',
          kind: 'contest',
          rulesMarkdown: '## 规则\n\n这段规则足够长，足以通过长度检查。',
          startDay: '2026-01-01',
          endDay: '2026-12-31',
        };
      case 'Admin/GetActivityParticipants':
      case 'Admin/RevokeInvitationCode':
        return { id: 1 };
      case 'Demand/ApplyDemand':
        return { demandId: 1 };
      case 'Demand/SubmitManuscript':
        return { demandId: 1, fileKey: 'private/uploads/1/aa/x.png', note: '' };
      case 'User/SubBankCertify':
        return { holderName: '张三', bankCode: 'CMB', cardNumber: '6225881234567890' };
      default:
        return {};
    }
  };

  const snapshot = async (): Promise<string> => {
    const tables = await Promise.all(
      WATCHED.map((table) => f.deps.db.selectFrom(table).selectAll().execute()),
    );
    return JSON.stringify(tables);
  };

  beforeAll(async () => {
    f = await buildCatalogueApp(database, 4);
    buyer = await f.signIn(BUYER);
    unsettled = await f.signIn(UNSETTLED_DESIGNER);
    const work = await f.deps.db
      .selectFrom('works')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    publishedId = work.id;
  });
  afterAll(async () => {
    await f?.close();
  });

  it.each(adminCalls.map((c) => [c.name, c] as const))(
    '%s: a guest gets 401, a signed-in buyer 1003, and no row changes',
    async (_name, c) => {
      const before = await snapshot();
      const guest = await f.call(c, inputOf(c));
      expect(guest.body.code).toBe(401);
      const other = await f.call(c, inputOf(c), buyer);
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ code: 1003, msg: '需要管理员权限' });
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(settledCalls.map((c) => [c.name, c] as const))(
    '%s: a guest gets 401, an unsettled designer and a buyer 1003, and no row changes',
    async (_name, c) => {
      const before = await snapshot();
      expect((await f.call(c, inputOf(c))).body.code).toBe(401);
      for (const token of [unsettled, buyer]) {
        const res = await f.call(c, inputOf(c), token);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({
          code: 1003,
          msg: '请先完成设计师入驻，入驻后即可发布作品',
        });
      }
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(designerCalls.map((c) => [c.name, c] as const))(
    '%s: a guest gets 401, a buyer 1003, and no row changes',
    async (_name, c) => {
      const before = await snapshot();
      expect((await f.call(c, inputOf(c))).body.code).toBe(401);
      const res = await f.call(c, inputOf(c), buyer);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(1003);
      expect(await snapshot()).toBe(before);
    },
  );

  it('lets the holders of a role through', async () => {
    const admin = await f.signIn(DEMO_ADMIN.phone);
    expect((await f.call(getAdminOverview, {}, admin)).body.code).toBe(1);
    const settled = await f.signIn(SETTLED_DESIGNER);
    const series = await f.call(addOrEditSeries, { title: '春日系列', description: '' }, settled);
    expect(series.body.code, series.body.msg).toBe(1);
  });
});
