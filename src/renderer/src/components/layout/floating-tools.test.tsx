import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FloatingTools } from './floating-tools';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
  vi.restoreAllMocks();
});

describe('FloatingTools', () => {
  it('stays hidden at the top of the page', () => {
    scrollTo(0);
    render(<FloatingTools />);
    expect(screen.queryByRole('button', { name: '返回顶部' })).not.toBeInTheDocument();
  });

  it('stays hidden at exactly 600px of scroll', () => {
    render(<FloatingTools />);
    scrollTo(600);
    expect(screen.queryByRole('button', { name: '返回顶部' })).not.toBeInTheDocument();
  });

  it('appears after scrolling past 600px and hides again back at the top', () => {
    render(<FloatingTools />);
    scrollTo(700);
    for (const name of ['APP下载', '小程序看作品', '在线客服', '返回顶部']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    scrollTo(0);
    expect(screen.queryByRole('button', { name: '返回顶部' })).not.toBeInTheDocument();
  });

  it('scrolls smoothly back to the top', async () => {
    const scrollToSpy = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<FloatingTools />);
    scrollTo(700);
    await userEvent.click(screen.getByRole('button', { name: '返回顶部' }));
    expect(scrollToSpy).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('shows a QR code when hovering APP下载', async () => {
    render(<FloatingTools />);
    scrollTo(700);
    await userEvent.hover(screen.getByRole('button', { name: 'APP下载' }));
    expect(await screen.findByText('扫码下载纹样 APP')).toBeInTheDocument();
  });

  it('shows the hotline and working hours for 在线客服', async () => {
    render(<FloatingTools />);
    scrollTo(700);
    await userEvent.click(screen.getByRole('button', { name: '在线客服' }));
    expect(await screen.findByText('400-000-0000')).toBeInTheDocument();
    expect(screen.getByText('工作日 9:00-18:00')).toBeInTheDocument();
  });
});
