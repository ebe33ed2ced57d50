import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '@shared/contract/works';
import { renderWithApp } from '../../../test/render-with-app';
import { WorkFilterBar } from './work-filter-bar';

const node = (kid: number, title: string, children: CategoryNode[] = []): CategoryNode => ({
  kid,
  title,
  keys3: title,
  keys4: `${title}素材`,
  children,
});

const TREE = [
  node(100, '服装面料', [node(101, '女装'), node(102, '男装')]),
  node(200, '家纺床品', [node(201, '四件套')]),
];

const location = () => screen.getByTestId('location').textContent ?? '';
const row = (name: string) => within(screen.getByRole('group', { name }));

describe('WorkFilterBar', () => {
  it('writes each choice into the URL and returns to page 1', async () => {
    renderWithApp(<WorkFilterBar categories={TREE} />, {
      initialEntries: ['/work?headerType=3&page=4'],
    });
    await userEvent.click(row('品类').getByRole('button', { name: '服装面料' }));
    expect(location()).toBe('/work?headerType=3&kid=100');

    // A parent shows its children; choosing one narrows to it.
    await userEvent.click(row('服装面料').getByRole('button', { name: '女装' }));
    expect(location()).toBe('/work?headerType=3&kid=101');

    await userEvent.click(row('颜色').getByRole('button', { name: /蓝/ }));
    await userEvent.click(row('风格').getByRole('button', { name: '花卉' }));
    await userEvent.click(row('拼接').getByRole('button', { name: '四方连续' }));
    await userEvent.click(row('排序').getByText('最畅销'));
    expect(new URLSearchParams(location().split('?')[1])).toEqual(
      new URLSearchParams(
        'headerType=3&kid=101&color=blue&style=floral&seamless=1&sort=bestselling',
      ),
    );

    // The chosen colour again, or 全部, clears it.
    await userEvent.click(row('颜色').getByRole('button', { name: /蓝/ }));
    expect(location()).not.toContain('color=');
    await userEvent.click(row('品类').getByRole('button', { name: '全部' }));
    expect(location()).not.toContain('kid=');
    await userEvent.click(row('排序').getByText('最新发布'));
    expect(location()).not.toContain('sort=');
  });

  it('shows the view a copied link describes', () => {
    renderWithApp(<WorkFilterBar categories={TREE} />, {
      initialEntries: ['/work?headerType=4&kid=201&color=red&style=folk&seamless=0&sort=popular'],
    });
    expect(row('品类').getByRole('button', { name: '家纺床品' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(row('家纺床品').getByRole('button', { name: '四件套' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(row('颜色').getByRole('button', { name: /红/ })).toHaveAttribute('aria-pressed', 'true');
    expect(row('风格').getByRole('button', { name: '民族' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(row('拼接').getByRole('button', { name: '定位花' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(row('排序').getByRole('radio', { name: '最受欢迎' })).toBeChecked();
  });

  it('ignores values that are not in the lists', () => {
    renderWithApp(<WorkFilterBar categories={TREE} />, {
      initialEntries: ['/work?color=magenta&style=baroque&seamless=maybe&sort=random'],
    });
    for (const name of ['颜色', '风格', '拼接']) {
      expect(row(name).getByRole('button', { name: '全部' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
    expect(row('排序').getByRole('radio', { name: '最新发布' })).toBeChecked();
  });
});
