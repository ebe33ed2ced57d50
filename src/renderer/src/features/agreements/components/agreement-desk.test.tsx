import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getAgreementList,
  getAgreementSource,
  publishAgreement,
} from '@shared/contract/agreements';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { AgreementDesk } from './agreement-desk';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const V1 = {
  alias: 'userAgreement',
  title: '纹样用户协议',
  version: 1,
  publishedAt: '2021-09-29T16:00:00.000Z',
};
let version: number;

beforeEach(() => {
  version = 1;
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: { markdown?: string }) => {
    if (call === getAgreementList) return mockCall(getAgreementList, [{ ...V1, version }]);
    if (call === getAgreementSource) {
      return mockCall(getAgreementSource, { ...V1, version, markdown: '## 一、总则\n\n旧的正文' });
    }
    if (call === publishAgreement) {
      if (input.markdown?.includes('重复')) {
        throw new ApiError(1022, '新版本与现行版本内容相同，无需发布');
      }
      version += 1;
      return mockCall(publishAgreement, {
        ...V1,
        version,
        publishedAt: '2026-11-24T03:00:00.000Z',
      });
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('AgreementDesk (/admin/agreements 协议管理)', () => {
  it('drafts from the text in force, checks it, publishes a new version and says so', async () => {
    const user = fastUser();
    renderWithApp(<AgreementDesk />);
    const body = await screen.findByLabelText('协议正文');
    expect(body).toHaveValue('## 一、总则\n\n旧的正文');
    expect(screen.getByText(/第 1 版 · 2021年9月30日发布/)).toBeInTheDocument();

    await user.clear(body);
    await user.type(body, '太短');
    await user.click(screen.getByRole('button', { name: '发布新版本' }));
    expect(
      await screen.findByText(/已同意旧版本的用户再次访问时须重新阅读并同意/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^发\s?布$/ }));
    expect(await screen.findByText('协议正文过短，至少需要 20 个字')).toBeInTheDocument();
    expect(requestsOf(callApi, publishAgreement)).toEqual([]);

    await user.clear(body);
    await user.type(body, '重复的正文，重复的正文，重复的正文，重复的正文。');
    await user.click(screen.getByRole('button', { name: '发布新版本' }));
    await user.click(await screen.findByRole('button', { name: /^发\s?布$/ }));
    expect(await screen.findByText('新版本与现行版本内容相同，无需发布')).toBeInTheDocument();

    const text = '新的正文：平台新增侵权投诉的处理流程与时限，并说明设计师提交反通知的方式。';
    await user.clear(body);
    await user.type(body, text);
    await user.type(screen.getByLabelText('更新说明'), '新增侵权投诉流程');
    await user.click(screen.getByRole('button', { name: '发布新版本' }));
    await user.click(await screen.findByRole('button', { name: /^发\s?布$/ }));
    expect(await screen.findByText('已发布《纹样用户协议》第 2 版')).toBeInTheDocument();
    expect(requestsOf(callApi, publishAgreement).at(-1)).toEqual({
      alias: 'userAgreement',
      markdown: text,
      note: '新增侵权投诉流程',
    });
    await waitFor(() => expect(screen.getByText(/现行版本：第 2 版/)).toBeInTheDocument());
  });
});
