import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  getPackageDesk,
  saveDosingPackage,
  saveMemberPackage,
  setPackageEnabled,
} from '@shared/contract/membership';
import type { AdminDosingPackage, AdminMemberPackage } from '@shared/contract/membership';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { PackageDesk } from './package-desk';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const PKG: AdminMemberPackage = {
  id: 2,
  title: '专业商用版',
  price: 9800,
  description: '适合中小工厂与电商',
  enabled: true,
  sort: 1,
  authList: [
    {
      authorityId: 21,
      code: 'S1',
      title: '素材授权',
      count: 300,
      unitName: '次',
      computeMode: 'per_year',
    },
  ],
};
const PACK: AdminDosingPackage = {
  id: 11,
  title: '素材授权加量包（50次）',
  authCode: 'S1',
  authTitle: '素材授权',
  count: 50,
  unitName: '次',
  priceFen: 98_000,
  description: '',
  enabled: true,
  sort: 1,
};

let packages: AdminMemberPackage[];
let packs: AdminDosingPackage[];

beforeEach(() => {
  packages = [PKG];
  packs = [PACK];
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === getPackageDesk) return mockCall(getPackageDesk, { packages, packs });
    if (call === saveMemberPackage) {
      if (input.title === '重复')
        throw new ApiError(1022, '价格须为会员档位之一：15800 元/年、9800 元/年');
      const auths = input.auths as { authorityId: number; count: number }[];
      const saved: AdminMemberPackage = {
        ...PKG,
        title: String(input.title),
        price: Number(input.price),
        description: String(input.description),
        authList: PKG.authList.map((a) => ({
          ...a,
          count: auths.find((x) => x.authorityId === a.authorityId)!.count,
        })),
      };
      packages = [saved];
      return mockCall(saveMemberPackage, saved);
    }
    if (call === saveDosingPackage) {
      const saved = { ...PACK, priceFen: Number(input.priceFen), count: Number(input.count) };
      packs = [saved];
      return mockCall(saveDosingPackage, saved);
    }
    if (call === setPackageEnabled) {
      packages = packages.map((p) =>
        p.id === input.id ? { ...p, enabled: Boolean(input.enabled) } : p,
      );
      return mockCall(setPackageEnabled, { id: Number(input.id), enabled: Boolean(input.enabled) });
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

describe('PackageDesk (会员套餐)', () => {
  it('lists packages and packs, edits a package within the tiers and its counts', async () => {
    const user = fastUser();
    renderWithApp(<PackageDesk />);
    const row = (await screen.findByText('专业商用版')).closest('tr')!;
    expect(row).toHaveTextContent('9,800 元/年');
    expect(row).toHaveTextContent('素材授权 300次/年');
    expect(row).toHaveTextContent('在售');
    expect((await screen.findByText('素材授权加量包（50次）')).closest('tr')!).toHaveTextContent(
      '¥980',
    );

    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('已开通会员持有的权益和到期时间不变');
    const title = within(dialog).getByLabelText('名称');
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText('请填写名称')).toBeInTheDocument();
    expect(requestsOf(callApi, saveMemberPackage)).toEqual([]);

    await user.type(title, '专业商用版（新）');
    const count = within(dialog).getByLabelText('素材授权数量');
    await user.clear(count);
    await user.type(count, '360');
    await user.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(requestsOf(callApi, saveMemberPackage)).toEqual([
        {
          id: 2,
          title: '专业商用版（新）',
          price: 9800,
          description: '适合中小工厂与电商',
          auths: [{ authorityId: 21, count: 360 }],
        },
      ]),
    );
    expect(await screen.findByText('专业商用版（新）')).toBeInTheDocument();
    expect(screen.getByText('素材授权 360次/年')).toBeInTheDocument();
  });

  it('shows the server refusal and keeps the dialog open', async () => {
    const user = fastUser();
    renderWithApp(<PackageDesk />);
    const row = (await screen.findByText('专业商用版')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByLabelText('名称');
    await user.clear(title);
    await user.type(title, '重复');
    await user.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(
      await within(dialog).findByText('价格须为会员档位之一：15800 元/年、9800 元/年'),
    ).toBeInTheDocument();
  });

  it('disables a package after confirming, and edits a pack price in yuan', async () => {
    const user = fastUser();
    renderWithApp(<PackageDesk />);
    const row = (await screen.findByText('专业商用版')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /停\s?用/ }));
    const pop = (await screen.findByText(/确定停用/)).closest('.ant-popover') as HTMLElement;
    await user.click(within(pop).getByRole('button', { name: /停\s?用/ }));
    await waitFor(() =>
      expect(requestsOf(callApi, setPackageEnabled)).toEqual([
        { kind: 'package', id: 2, enabled: false },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByText('专业商用版').closest('tr')!).toHaveTextContent('已停用'),
    );

    const packRow = screen.getByText('素材授权加量包（50次）').closest('tr')!;
    await user.click(within(packRow).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText('价格（元）');
    await user.clear(price);
    await user.type(price, '888');
    await user.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(requestsOf(callApi, saveDosingPackage)).toEqual([
        { id: 11, title: '素材授权加量包（50次）', priceFen: 88_800, count: 50, description: '' },
      ]),
    );
  });
});
