import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { EXTERNAL } from '@renderer/config/paths';
import { SiteFooter } from './site-footer';

function renderFooter() {
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
}

describe('SiteFooter', () => {
  it('links each footer entry to its page', () => {
    renderFooter();
    const nav = screen.getByRole('navigation', { name: '网站导航' });
    const hrefs = Object.fromEntries(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(hrefs).toEqual({
      纹样首页: '/',
      设计工具: '/plantEntrance',
      设计云: EXTERNAL.designCloud,
      设计师入驻: '/application/spread',
      版权声明: '/help/bqshengming/1',
      帮助中心: '/help',
      关于我们: EXTERNAL.aboutExternal,
    });
  });

  it('opens the external 设计云 and 关于我们 pages in a new tab', () => {
    renderFooter();
    for (const name of ['设计云', '关于我们']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    expect(screen.getByRole('link', { name: '帮助中心' })).not.toHaveAttribute('target');
  });

  it('shows the hotline and online consultation', () => {
    renderFooter();
    expect(screen.getByText('客服热线')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '400-000-0000' })).toHaveAttribute(
      'href',
      'tel:4000000000',
    );
    expect(screen.getByText('在线咨询')).toBeInTheDocument();
  });

  it('shows the mini-program and official-account QR codes', () => {
    renderFooter();
    expect(screen.getByText('小程序')).toBeInTheDocument();
    expect(screen.getByText('公众号')).toBeInTheDocument();
    const codes = screen.getByRole('contentinfo').querySelectorAll('.site-footer__qr svg');
    expect(codes).toHaveLength(2);
    expect(codes[0]).toHaveAttribute('width', '96');
  });

  it('shows the copyright line', () => {
    renderFooter();
    expect(screen.getByText('© 2012-2022 纹样 版权所有')).toBeInTheDocument();
  });
});
