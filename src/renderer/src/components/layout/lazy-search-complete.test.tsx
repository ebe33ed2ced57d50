import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type * as AutoCompleteModule from 'antd/es/auto-complete';
import { SearchComplete } from './lazy-search-complete';

// antd's AutoComplete arrives only when the test lets it, as a slow chunk would.
const chunk = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});
vi.mock('antd/es/auto-complete', async (importOriginal) => {
  const actual = await importOriginal<typeof AutoCompleteModule>();
  await chunk.arrived;
  return actual;
});

function Box() {
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const options = value ? [{ value: `${value}卉`, label: `${value}卉` }] : [];
  return (
    <SearchComplete<{ value: string; label: string }>
      value={value}
      onChange={setValue}
      options={options}
      open={open && options.length > 0}
      onOpenChange={setOpen}
    >
      <Input aria-label="搜索" onFocus={() => setOpen(true)} />
    </SearchComplete>
  );
}

describe('the header search box before its suggestion list has loaded', () => {
  it('keeps what was typed and the focus when the list arrives, then suggests', async () => {
    const user = userEvent.setup();
    render(<Box />);
    const box = () => screen.getByRole('combobox', { name: '搜索' });
    const plain = () => screen.getByRole('textbox', { name: '搜索' });
    await user.type(plain(), '花');
    expect(plain()).toHaveValue('花');
    expect(document.querySelector('.ant-select')).toBeNull();

    chunk.release();
    await waitFor(() => expect(document.querySelector('.ant-select')).not.toBeNull(), {
      timeout: 20_000,
    });
    expect(box()).toHaveValue('花');
    expect(box()).toHaveFocus();
    await user.type(box(), '叶');
    expect(box()).toHaveValue('花叶');
    expect(await screen.findByTitle('花叶卉')).toBeInTheDocument();
  });
});
