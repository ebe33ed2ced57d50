import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as DropdownModule from 'antd/es/dropdown';
import { LazyDropdown } from './lazy-dropdown';

// antd's Dropdown arrives only when the test lets it, as a slow chunk would.
const chunk = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});
vi.mock('antd/es/dropdown', async (importOriginal) => {
  const actual = await importOriginal<typeof DropdownModule>();
  await chunk.arrived;
  return actual;
});

describe('LazyDropdown', () => {
  it('shows its trigger until antd Dropdown is in, then opens its menu', async () => {
    const user = userEvent.setup();
    render(
      <LazyDropdown trigger={['click']} menu={{ items: [{ key: 'a', label: '我的订单' }] }}>
        <button type="button">更多</button>
      </LazyDropdown>,
    );
    await user.click(screen.getByRole('button', { name: '更多' }));
    expect(screen.queryByText('我的订单')).not.toBeInTheDocument();

    chunk.release();
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: '更多' })).toHaveClass('ant-dropdown-trigger'),
      { timeout: 20_000 },
    );
    await user.click(screen.getByRole('button', { name: '更多' }));
    expect(await screen.findByText('我的订单')).toBeInTheDocument();
  });
});
