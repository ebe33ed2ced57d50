import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef, CallResponse } from '@shared/contract/define';
import { empowerCategory, getOrderCodeByCreationId, getUserImgAuth } from '@shared/contract/orders';
import type { LicenceOption } from '@shared/contract/works';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import type { SaveOriginal } from '../../../lib/save-original';
import { useSessionStore } from '../../../stores/session-store';
import { LicenceTable } from './licence-table';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const LICENCES: LicenceOption[] = [
  { kind: 'category_exclusive', title: '品类独家授权', priceFen: 120000, scope: '品类独家' },
  { kind: 'commercial', title: '扩展商用授权', priceFen: 50000, scope: '商用' },
];

let code: CallResponse<typeof getOrderCodeByCreationId>;

beforeEach(() => {
  callApi.mockReset();
  saveOriginal.mockReset();
  saveOriginal.mockResolvedValue({ fileName: '青花缠枝.png', savedPath: null });
  useSessionStore.setState({ loginState: 'no-logged-in', loginDialogOpen: false });
  code = { orderNo: '', state: '', canDownload: false };
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === empowerCategory) {
      return mockCall(empowerCategory, {
        creationId: 7,
        title: '青花缠枝',
        thumbUrl: '',
        designerName: '林设计',
        orderType: 'purchase',
        options: [
          {
            licenceId: 11,
            kind: 'category_exclusive',
            title: '品类独家授权',
            priceFen: 120000,
            scope: '',
          },
          { licenceId: 12, kind: 'commercial', title: '扩展商用授权', priceFen: 50000, scope: '' },
        ],
        categories: [],
        onSale: true,
      });
    }
    if (call === getOrderCodeByCreationId) return mockCall(getOrderCodeByCreationId, code);
    if (call === getUserImgAuth) {
      return mockCall(getUserImgAuth, {
        url: '/files/original/7.png?sig=abc',
        fileName: '纹样-7-青花缠枝.png',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        width: 4000,
        height: 4000,
      });
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

const saveOriginal = vi.fn<SaveOriginal>();

const renderTable = () =>
  renderWithApp(
    <LicenceTable
      creationId={7}
      title="青花缠枝"
      headerType={3}
      licences={LICENCES}
      saveOriginal={saveOriginal}
    />,
    { initialEntries: ['/work/detail?id=7'] },
  );

describe('LicenceTable', () => {
  it('asks a guest to sign in before 立即授权', async () => {
    const user = fastUser();
    renderTable();
    const buttons = await screen.findAllByRole('button', { name: '立即授权' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[0]!);
    expect(useSessionStore.getState().loginDialogOpen).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/work/detail?id=7');
    expect(requestsOf(callApi, getOrderCodeByCreationId)).toHaveLength(0);
  });

  it('sends a signed-in buyer of a category-exclusive work to /purchaseOrder with the licence', async () => {
    const user = fastUser();
    useSessionStore.getState().markSignedIn();
    renderTable();
    await waitFor(() => expect(requestsOf(callApi, empowerCategory)).toHaveLength(1));
    const buttons = await screen.findAllByRole('button', { name: '立即授权' });
    await waitFor(() => expect(requestsOf(callApi, getOrderCodeByCreationId)).toHaveLength(1));
    await user.click(buttons[1]!);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/purchaseOrder?creationId=7&licenceId=12',
      ),
    );
  });

  it('shows 已授权 and hands a fresh signed link to the download settings’ save', async () => {
    const user = fastUser();
    useSessionStore.getState().markSignedIn();
    code = { orderNo: 'WY20261124120000123456', state: 'paid', canDownload: true };
    renderTable();
    expect(await screen.findByText('已授权')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /下载原图/ }));
    await waitFor(() => expect(saveOriginal).toHaveBeenCalledTimes(1));
    expect(requestsOf(callApi, getUserImgAuth)).toEqual([{ creationId: 7 }]);
    expect(saveOriginal).toHaveBeenCalledWith({
      url: '/files/original/7.png?sig=abc',
      workId: 7,
      title: '青花缠枝',
      orderNo: 'WY20261124120000123456',
    });
  });

  it('says why the original could not be saved', async () => {
    const user = fastUser();
    saveOriginal.mockRejectedValue(new Error('磁盘空间不足，原图未能保存'));
    useSessionStore.getState().markSignedIn();
    code = { orderNo: 'WY20261124120000123456', state: 'paid', canDownload: true };
    renderTable();
    await user.click(await screen.findByRole('button', { name: /下载原图/ }));
    expect(await screen.findByText('磁盘空间不足，原图未能保存')).toBeInTheDocument();
  });

  it('offers 继续支付 for a pending order', async () => {
    useSessionStore.getState().markSignedIn();
    code = { orderNo: 'WY20261124120000123456', state: 'pending', canDownload: false };
    renderTable();
    const resume = await screen.findAllByRole('button', { name: '继续支付' });
    await fastUser().click(resume[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/purchaseOrder/2?orderNo=WY20261124120000123456',
      ),
    );
  });
});
