import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { BasicInfo } from '@shared/contract/help';
import { SiteFooter } from './site-footer';

/** Support/GetBasicInfo as a configured server answers it. */
const INFO: BasicInfo = {
  hotline: '400-123-4567',
  hours: '每天 8:30-20:00',
  consultationPath: '/user/service',
  miniProgramUrl: 'https://mp.example.com/wenyang',
  officialAccountUrl: '/',
  designCloudUrl: 'https://cloud.example.com/',
  designerInfoUrl: null,
};

function renderFooter(info?: BasicInfo) {
  render(
    <MemoryRouter>
      <SiteFooter info={info} />
    </MemoryRouter>,
  );
}

const footerLinks = () =>
  Object.fromEntries(
    within(screen.getByRole('navigation', { name: '网站导航' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  );

describe('SiteFooter', () => {
  it('links each footer entry to its page, 关于我们 to our own /about', () => {
    renderFooter(INFO);
    expect(footerLinks()).toEqual({
      纹样首页: '/',
      设计工具: '/plantEntrance',
      设计云: 'https://cloud.example.com/',
      设计师入驻: '/application/spread',
      版权声明: '/help/bqshengming/1',
      帮助中心: '/help',
      关于我们: '/about',
    });
  });

  it('opens the configured 设计云 in a new tab, and our own pages in place', () => {
    renderFooter(INFO);
    expect(screen.getByRole('link', { name: '设计云' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: '关于我们' })).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: '帮助中心' })).not.toHaveAttribute('target');
  });

  it('leaves 设计云 out when no design cloud is configured (or before the answer)', () => {
    renderFooter({ ...INFO, designCloudUrl: null });
    expect(Object.keys(footerLinks())).not.toContain('设计云');
    expect(footerLinks()['关于我们']).toBe('/about');
  });

  it('shows the configured hotline, hours and the online consultation entry', () => {
    renderFooter(INFO);
    expect(screen.getByText('客服热线')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '400-123-4567' })).toHaveAttribute(
      'href',
      'tel:4001234567',
    );
    expect(screen.getByRole('link', { name: '在线咨询' })).toHaveAttribute('href', '/user/service');
    expect(screen.getByText('每天 8:30-20:00')).toBeInTheDocument();
  });

  it('shows the default hotline until the server answers', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: '400-000-0000' })).toHaveAttribute(
      'href',
      'tel:4000000000',
    );
  });

  it('shows the mini-program and official-account QR codes', async () => {
    renderFooter(INFO);
    expect(screen.getByText('小程序')).toBeInTheDocument();
    expect(screen.getByText('公众号')).toBeInTheDocument();
    // The QR encoder loads on first render (components/lazy-qr-code.tsx).
    const footer = screen.getByRole('contentinfo');
    await waitFor(() => expect(footer.querySelectorAll('.site-footer__qr svg')).toHaveLength(2));
    const codes = footer.querySelectorAll('.site-footer__qr svg');
    expect(codes[0]).toHaveAttribute('width', '96');
    expect(codes[0]?.querySelector('path')).not.toBeNull();
  });

  it('shows the copyright line', () => {
    renderFooter();
    expect(screen.getByText('© 2012-2022 纹样 版权所有')).toBeInTheDocument();
  });
});
