import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { GuestNotice } from './guest-notice';

describe('GuestNotice', () => {
  it('reads 提示 游客请先登录 with a 离开页面 button', () => {
    renderWithApp(<GuestNotice />, { initialEntries: ['/user/myorder'] });
    const notice = screen.getByRole('region', { name: '提示' });
    expect(notice).toHaveTextContent('游客请先登录');
    expect(screen.getByRole('button', { name: '离开页面' })).toBeInTheDocument();
  });

  it('goes back to the previous page', async () => {
    renderWithApp(<GuestNotice />, { initialEntries: ['/theme', '/user/myorder'] });
    await userEvent.click(screen.getByRole('button', { name: '离开页面' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/theme');
  });

  it('goes home when the user page was opened directly', async () => {
    renderWithApp(<GuestNotice />, { initialEntries: ['/user/myorder'] });
    await userEvent.click(screen.getByRole('button', { name: '离开页面' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
