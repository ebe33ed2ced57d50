import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getBasicInfo } from '@shared/contract/help';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { AboutPage } from './about-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === getBasicInfo) {
      return mockCall(getBasicInfo, {
        hotline: '400-123-4567',
        hours: '工作日 9:00-18:00',
        consultationPath: '/help',
        miniProgramUrl: '/work',
        officialAccountUrl: 'https://mp.example.com/wenyang',
        designCloudUrl: null,
        designerInfoUrl: null,
      });
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('AboutPage (/about)', () => {
  it('describes the platform and links the help centres and agreements', () => {
    renderWithApp(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: '关于纹样' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '设计师帮助中心' })).toHaveAttribute(
      'href',
      '/helpCenter',
    );
    expect(screen.getByRole('link', { name: '平台协议' })).toHaveAttribute('href', '/agreement');
  });

  it('shows the contact block from Support/GetBasicInfo: consultation, hotline, hours, QR codes', async () => {
    renderWithApp(<AboutPage />);
    const contact = await screen.findByRole('region', { name: '联系我们' });
    expect(within(contact).getByRole('link', { name: '在线咨询' })).toHaveAttribute(
      'href',
      '/help',
    );
    expect(within(contact).getByRole('link', { name: '400-123-4567' })).toHaveAttribute(
      'href',
      'tel:4001234567',
    );
    expect(within(contact).getByText('服务时间：工作日 9:00-18:00')).toBeInTheDocument();
    expect(within(contact).getByText('小程序')).toBeInTheDocument();
    expect(within(contact).getByText('公众号')).toBeInTheDocument();
    expect(contact.querySelectorAll('svg')).toHaveLength(2);
    expect(within(contact).getByTitle('公众号二维码')).toBeInTheDocument();
  });
});
