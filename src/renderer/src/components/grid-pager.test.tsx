import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, Pagination } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './grid-pager';

/** The titles of a pager's items, in order (antd's Pagination and ours title each item alike). */
const titles = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('li[title]'), (li) => li.getAttribute('title'));

describe('Pager', () => {
  it('shows the same items as antd Pagination for short and long lists, on every page', () => {
    const cases: [number, number][] = [
      [1, 0],
      [1, 20],
      [2, 70],
      [7, 70],
    ];
    // A long list (20 pages): every position where the jumpers and the first/last pages change.
    for (const current of [1, 2, 3, 4, 5, 6, 10, 15, 16, 17, 18, 19, 20])
      cases.push([current, 200]);
    for (const [current, total] of cases) {
      const antd = render(
        <ConfigProvider locale={zhCN}>
          <Pagination current={current} pageSize={10} total={total} showSizeChanger={false} />
        </ConfigProvider>,
      );
      const ours = render(
        <Pager current={current} pageSize={10} total={total} onChange={() => undefined} />,
      );
      expect(titles(ours.container), `${total} items, page ${current}`).toEqual(
        titles(antd.container),
      );
      antd.unmount();
      ours.unmount();
    }
  });

  it('moves by page, by five with the jumpers, and not past either end', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(page: number) => void>();
    render(
      <Pager current={1} pageSize={10} total={200} totalText="共 200 件作品" onChange={onChange} />,
    );
    expect(screen.getByText('共 200 件作品')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await user.click(screen.getByRole('button', { name: '3' }));
    await user.click(screen.getByRole('button', { name: '向后 5 页' }));
    await user.click(screen.getByRole('button', { name: '20' }));
    await user.click(screen.getByRole('button', { name: '1' }));
    expect(onChange.mock.calls.map((call) => call[0])).toEqual([2, 3, 6, 20]);
  });
});
