import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  adoptManuscript,
  checkPublish,
  getDemandDetailBase,
  getDemandDetailDescription,
  getDemandManuscriptList,
  publishDemand,
  type DemandCard,
  type Manuscript,
} from '@shared/contract/demands';
import { getCategory } from '@shared/contract/works';
import type * as apiClient from '../../../api/api-client';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { useSessionStore } from '../../../stores/session-store';
import { DemandDetailPage } from './demand-detail-page';
import { DemandReleasePage } from './demand-release-page';

/** The machine may be busy: finds wait up to 10 s, each test up to 120 s. */
const WAIT = { timeout: 10_000 };
vi.setConfig({ testTimeout: 120_000 });

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const DEMAND: DemandCard = {
  id: 7,
  title: '婴童床品小碎花四方连续',
  kid: 201,
  categoryName: '四件套',
  type: 1,
  typeName: '原创设计',
  rewardFen: 80_000,
  quota: 2,
  adoptedCount: 0,
  signUpCount: 3,
  manuscriptCount: 1,
  deadline: '2099-01-01T00:00:00.000Z',
  createdAt: '2026-11-20T02:00:00.000Z',
  state: 'open',
  stateName: '征集中',
  customerName: '苏州锦程家纺',
  coverUrl: null,
};
const MANUSCRIPT: Manuscript = {
  id: 31,
  demandId: 7,
  designerId: 5,
  designerName: '林间花事',
  previewUrl: '/files/private/demands/7/a-preview.webp?sig=1',
  note: '两种配色可选',
  state: 'submitted',
  stateName: '待处理',
  refuseReason: '',
  createdAt: '2026-11-21T02:00:00.000Z',
  decidedAt: null,
};

const categories = mockCall(getCategory, [
  {
    kid: 200,
    title: '家纺床品',
    keys3: '',
    keys4: '',
    children: [{ kid: 201, title: '四件套', keys3: '', keys4: '', children: [] }],
  },
]);

beforeEach(() => {
  callApi.mockReset();
  useSessionStore.getState().markSignedIn();
});

describe('DemandReleasePage (/demand/release)', () => {
  it('shows the escrow total and publishes the filled form', async () => {
    callApi.mockImplementation(async (call: CallDef) => {
      if (call === checkPublish) {
        return mockCall(checkPublish, {
          isMember: true,
          remain: 11,
          balanceFen: 500_000,
          canPublish: true,
          reason: '',
        });
      }
      if (call === getCategory) return categories;
      if (call === publishDemand)
        return mockCall(publishDemand, { demandId: 9, escrowFen: 100_000 });
      throw new Error(`unexpected ${call.name}`);
    });
    const user = userEvent.setup();
    renderWithApp(<DemandReleasePage memberDialog={() => <div>会员弹窗</div>} />);
    expect(
      await screen.findByText('本年度还可发布 11 个定制需求；当前余额 ¥5,000。', {}, WAIT),
    ).toBeInTheDocument();
    expect(screen.queryByText('会员弹窗')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('需求标题'));
    await user.paste('婴童床品小碎花');
    await user.click(screen.getByRole('combobox', { name: '品类' }));
    await user.click(await screen.findByText('家纺床品 / 四件套', {}, WAIT));
    await user.click(screen.getByLabelText('需求描述'));
    await user.paste('用于婴儿床品，柔和的粉蓝配色，四方连续。');
    // The form starts at ¥500 for one place: ¥500 is held.
    expect(screen.getByTestId('escrow-total')).toHaveTextContent('¥500');
    await user.click(screen.getByRole('button', { name: '发布需求' }));
    await waitFor(
      () =>
        expect(callApi).toHaveBeenCalledWith(
          publishDemand,
          expect.objectContaining({
            title: '婴童床品小碎花',
            kid: 201,
            rewardFen: 50_000,
            quota: 1,
            days: 14,
          }),
        ),
      WAIT,
    );
    await waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent('/demand/9.html'),
      WAIT,
    );
  });

  it('shows a non-member the member dialog and the reason, with the form disabled', async () => {
    callApi.mockImplementation(async (call: CallDef) => {
      if (call === checkPublish) {
        return mockCall(checkPublish, {
          isMember: false,
          remain: 0,
          balanceFen: 0,
          canPublish: false,
          reason: '开通会员后可发布定制需求',
        });
      }
      if (call === getCategory) return categories;
      throw new Error(`unexpected ${call.name}`);
    });
    renderWithApp(<DemandReleasePage memberDialog={() => <div>会员弹窗</div>} />);
    expect(await screen.findByText('会员弹窗', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('开通会员后可发布定制需求')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '发布需求' })).toBeDisabled();
  });
});

describe('DemandDetailPage', () => {
  it('lets the customer adopt a manuscript after confirming what it pays', async () => {
    let adopted = false;
    callApi.mockImplementation(async (call: CallDef) => {
      if (call === getDemandDetailBase) {
        return mockCall(getDemandDetailBase, {
          demand: DEMAND,
          viewer: {
            isOwner: true,
            signedUp: false,
            collected: false,
            myManuscriptCount: 0,
            canSubmit: false,
          },
        });
      }
      if (call === getDemandDetailDescription) {
        return mockCall(getDemandDetailDescription, { description: '柔和配色', referenceUrls: [] });
      }
      if (call === getDemandManuscriptList) {
        return mockCall(getDemandManuscriptList, {
          list: [adopted ? { ...MANUSCRIPT, state: 'adopted', stateName: '已采用' } : MANUSCRIPT],
          total: 1,
        });
      }
      if (call === adoptManuscript) {
        adopted = true;
        return mockCall(adoptManuscript, { ...MANUSCRIPT, state: 'adopted', stateName: '已采用' });
      }
      throw new Error(`unexpected ${call.name}`);
    });
    const user = userEvent.setup();
    renderWithApp(<DemandDetailPage demandId={7} tab="manuscripts" />);
    const card = await screen.findByTestId('manuscript-card', {}, WAIT);
    expect(within(card).getByRole('img', { name: '林间花事的稿件' })).toHaveAttribute(
      'src',
      MANUSCRIPT.previewUrl,
    );
    expect(screen.getByRole('button', { name: '关闭需求' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /^采\s*用$/ }));
    expect(
      await screen.findByText(
        /采用后将从托管赏金中支付 ¥800（设计师得 ¥560，其余为平台服务费）/,
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^确\s*定$/ }));
    await waitFor(
      () => expect(callApi).toHaveBeenCalledWith(adoptManuscript, { manuscriptId: 31 }),
      WAIT,
    );
    expect(await screen.findByText('已采用', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '下载原图' }, WAIT)).toBeInTheDocument();
  });

  it('hides manuscripts from people who are not the customer or the author', async () => {
    callApi.mockImplementation(async (call: CallDef) => {
      if (call === getDemandDetailBase) {
        return mockCall(getDemandDetailBase, {
          demand: DEMAND,
          viewer: {
            isOwner: false,
            signedUp: false,
            collected: false,
            myManuscriptCount: 0,
            canSubmit: false,
          },
        });
      }
      if (call === getDemandDetailDescription) {
        return mockCall(getDemandDetailDescription, { description: '柔和配色', referenceUrls: [] });
      }
      if (call === getDemandManuscriptList) {
        return mockCall(getDemandManuscriptList, {
          list: [{ ...MANUSCRIPT, previewUrl: null, note: '' }],
          total: 1,
        });
      }
      throw new Error(`unexpected ${call.name}`);
    });
    renderWithApp(<DemandDetailPage demandId={7} tab="manuscripts" />);
    expect(await screen.findByText('稿件仅需求发布者可见', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^报\s*名$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^采\s*用$/ })).not.toBeInTheDocument();
  });
});
