import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Attachment } from '@shared/contract/complaints';
import { ApiError } from '../../api/api-client';
import { UploadRoute } from './upload-route';
import { renderWithApp } from '../../test/render-with-app';

const KB = 1024;
const file = (name: string, size: number, type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });

// Everything the browser would let through the chooser, so the page's own check is what answers.
const user = () =>
  userEvent.setup({ applyAccept: false, pointerEventsCheck: PointerEventsCheckLevel.Never });

function setup() {
  let id = 40;
  const upload = vi.fn(async (f: File): Promise<Attachment> => {
    if (f.name === 'fake.png') throw new ApiError(1022, 'fake.png 无法识别为图片，请重新选择');
    return {
      id: ++id,
      name: f.name,
      size: f.size,
      width: 800,
      height: 600,
      url: `/files/${f.name}`,
    };
  });
  const measure = vi.fn(async (f: File) =>
    f.name.startsWith('strip') ? { width: 50, height: 900 } : { width: 800, height: 600 },
  );
  renderWithApp(<UploadRoute upload={upload} measure={measure} />, {
    initialEntries: ['/components/upload'],
  });
  return { upload, input: screen.getByTestId('attachment-upload-input') };
}

describe('/components/upload 上传 (the §5 upload check)', () => {
  it('uploads a png, previews it, and says a second one of the same name is already added', async () => {
    const u = user();
    const { upload, input } = setup();
    expect(screen.getByRole('heading', { name: '上传' })).toBeInTheDocument();
    await u.upload(input, file('花型原稿.png', 300 * KB));
    expect(await screen.findByText('已上传 1 张')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: '已添加的图片' });
    // The local picture is the preview (no second download of what the user just chose).
    expect(within(list).getByRole('img', { name: '花型原稿.png' }).getAttribute('src')).toMatch(
      /^blob:|^\/files\//,
    );
    expect(within(list).getByText('已上传')).toBeInTheDocument();
    expect(screen.getByText(/附件编号 41/)).toBeInTheDocument();

    await u.upload(input, file('花型原稿.png', 300 * KB));
    expect(await screen.findByText('花型原稿.png 已添加！')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('names each refused file with the reason: format, too large, too small, dimensions', async () => {
    const u = user();
    const { upload, input } = setup();
    await u.upload(input, [
      file('纹样.gif', 300 * KB, 'image/gif'),
      file('大图.jpg', 2 * KB * KB, 'image/jpeg'),
      file('空白.png', 100),
      file('strip.png', 300 * KB),
    ]);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('纹样.gif 格式不正确，只能上传 png、jpg 格式的图片'),
    ).toBeInTheDocument();
    expect(within(alert).getByText('大图.jpg 太大了，图片需小于 2M')).toBeInTheDocument();
    expect(within(alert).getByText('空白.png 太小了，图片不能小于 1KB')).toBeInTheDocument();
    expect(
      within(alert).getByText('strip.png 尺寸为 50×900 像素，宽和高需在 100 到 8000 像素之间'),
    ).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    expect(screen.getByText('已上传 0 张')).toBeInTheDocument();
  });

  it("shows the server's refusal and lets a file be removed", async () => {
    const u = user();
    const { input } = setup();
    await u.upload(input, [file('fake.png', 10 * KB), file('证据.jpg', 20 * KB, 'image/jpeg')]);
    expect(await screen.findByText('fake.png 无法识别为图片，请重新选择')).toBeInTheDocument();
    expect(await screen.findByText('已上传 1 张')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '删除 证据.jpg' }));
    await waitFor(() => expect(screen.getByText('已上传 0 张')).toBeInTheDocument());
    expect(screen.queryByRole('img', { name: '证据.jpg' })).not.toBeInTheDocument();
  });
});
