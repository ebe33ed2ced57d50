import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAgreement, getAgreementList } from '@shared/contract/agreements';
import type { AgreementDetail } from '@shared/contract/agreements';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { AgreementListPage } from './agreement-list-page';
import { AgreementPage } from './agreement-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const COPYRIGHT: AgreementDetail = {
  alias: 'copyrightStatement',
  title: '版权声明',
  version: 2,
  publishedAt: '2026-11-24T03:00:00.000Z',
  note: '补充侵权投诉所需材料',
  html: '<h2>一、作品的著作权归属</h2><p>平台展示的纹样作品由入驻设计师上传。</p><ul><li>身份证明</li></ul>',
};

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: { alias?: string }) => {
    if (call === getAgreementList) {
      return mockCall(getAgreementList, [
        {
          alias: 'userAgreement',
          title: '纹样用户协议',
          version: 1,
          publishedAt: '2021-09-29T16:00:00.000Z',
        },
        {
          alias: 'copyrightStatement',
          title: '版权声明',
          version: 2,
          publishedAt: COPYRIGHT.publishedAt,
        },
        {
          alias: 'memberService',
          title: '会员服务协议',
          version: 1,
          publishedAt: '2021-09-29T16:00:00.000Z',
        },
      ]);
    }
    if (call === getAgreement) {
      if (input.alias === 'copyrightStatement') return mockCall(getAgreement, COPYRIGHT);
      throw new ApiError(404, '协议不存在，请从协议列表中选择');
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('AgreementListPage (/agreement)', () => {
  it('lists each agreement with its version and date, linking to /agreement/{alias}', async () => {
    renderWithApp(<AgreementListPage />);
    const user = await screen.findByRole('link', { name: '《纹样用户协议》' });
    expect(user).toHaveAttribute('href', '/agreement/userAgreement');
    expect(user.closest('li')).toHaveTextContent('第 1 版 · 2021年9月30日发布');
    const copyright = screen.getByRole('link', { name: '《版权声明》' });
    expect(copyright.closest('li')).toHaveTextContent('第 2 版 · 2026年11月24日发布');
    expect(screen.getByRole('link', { name: '《会员服务协议》' })).toHaveAttribute(
      'href',
      '/agreement/memberService',
    );
  });
});

describe('AgreementPage (/agreement/{alias}, /help/bqshengming/1)', () => {
  it('shows the title, version, date, what changed and the text as HTML', async () => {
    renderWithApp(<AgreementPage alias="copyrightStatement" />);
    expect(await screen.findByRole('heading', { level: 1, name: '版权声明' })).toBeInTheDocument();
    expect(screen.getByText('第 2 版 · 2026年11月24日发布')).toBeInTheDocument();
    expect(screen.getByText('本版更新：补充侵权投诉所需材料')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: '一、作品的著作权归属' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getByText('身份证明')).toBeInTheDocument();
    expect(callApi).toHaveBeenCalledWith(getAgreement, { alias: 'copyrightStatement' });
  });

  it("names an unknown alias with the server's message and links the list", async () => {
    renderWithApp(<AgreementPage alias="noSuchThing" />);
    expect(await screen.findByText('协议不存在，请从协议列表中选择')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看全部平台协议' })).toHaveAttribute(
      'href',
      '/agreement',
    );
  });
});
