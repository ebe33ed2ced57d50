import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { getTopic } from '@shared/contract/topics';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { TopicPage } from './topic-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const work = {
  id: 41,
  title: '青绿花卉连续纹样',
  thumbUrl: '/files/public/works/41/thumb.webp',
  previewUrl: '/files/public/works/41/preview.jpg',
  width: 800,
  height: 800,
  designerId: 7,
  designerName: '青禾设计',
  categoryKid: 101,
  categoryTitle: '女装',
  headerType: 3,
  style: 'floral',
  isSeamless: true,
  tags: ['花卉', '四方连续'],
  colors: [],
  favouriteCount: 12,
  viewCount: 300,
  saleCount: 4,
  priceFen: 129_000,
};

const designer = {
  userId: 7,
  caiHongID: '10007919',
  userName: '青禾设计',
  headImg: '',
  intro: '专注清新花卉与植物纹样',
  settledInType: 1,
  orgFlag: 1,
  settleStatus: 1,
  workCount: 26,
  followerCount: 8,
  saleCount: 40,
  isFollowed: false,
  hasHall: false,
  covers: ['/files/public/works/41/thumb.webp'],
};

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: { slug: string }) => {
    if (call !== getTopic) throw new Error(`unexpected ${call.name}`);
    if (input.slug === 'trend') throw new ApiError(1004, '该专题尚未发布，敬请期待');
    return mockCall(getTopic, {
      slug: 'four',
      title: '四方连续',
      summary: '一个单元向上下左右无限重复的图案',
      publishedAt: '2026-11-24T03:00:00.000Z',
      blocks: [
        {
          type: 'banner',
          title: '四方连续：一个单元，铺满整匹布',
          imageUrl: '/files/public/topics/seed-four.png',
          link: '/work?seamless=1',
        },
        { type: 'text', html: '<h2>什么是四方连续</h2><p>向<strong>四个方向</strong>重复</p>' },
        { type: 'works', title: '热门四方连续作品', works: [work] },
        { type: 'designers', title: '已入驻的设计师', designers: [designer] },
        {
          type: 'video',
          title: '花型上身效果',
          src: 'https://cdn.example.com/demo.mp4',
          posterUrl: '/files/public/topics/poster.png',
        },
      ],
    });
  });
});

describe('TopicPage (/pageChild/*)', () => {
  it('renders every block type in order: banner, text, works, designers and a playable video', async () => {
    const user = fastUser();
    const { container } = renderWithApp(<TopicPage slug="four" />);
    expect(await screen.findByRole('heading', { level: 1, name: '四方连续' })).toBeInTheDocument();
    expect(screen.getByText('一个单元向上下左右无限重复的图案')).toBeInTheDocument();

    const banner = screen.getByRole('link', { name: /四方连续：一个单元，铺满整匹布/ });
    expect(banner).toHaveAttribute('href', '/work?seamless=1');
    expect(banner.querySelector('img')).toHaveAttribute(
      'src',
      expect.stringContaining('/files/public/topics/seed-four.png'),
    );

    expect(screen.getByRole('heading', { name: '什么是四方连续' })).toBeInTheDocument();
    expect(screen.getByText('四个方向').tagName).toBe('STRONG');

    expect(screen.getByRole('heading', { name: '热门四方连续作品' })).toBeInTheDocument();
    expect(screen.getByText('青绿花卉连续纹样')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: '已入驻的设计师' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /青禾设计\s*26 件作品/ })).toHaveAttribute(
      'href',
      '/tawDesigner/7.html',
    );
    expect(screen.getByText('专注清新花卉与植物纹样')).toBeInTheDocument();

    const video = container.querySelector('video');
    expect(video).not.toBeNull();
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('src', 'https://cdn.example.com/demo.mp4');
    expect(video?.getAttribute('poster')).toContain('/files/public/topics/poster.png');
    expect(container.querySelector('iframe')).toBeNull();

    // An internal link in the text stays in the app.
    await user.click(banner);
    expect(screen.getByTestId('location')).toHaveTextContent('/work?seamless=1');
  });

  it('says so when a topic is not published', async () => {
    renderWithApp(<TopicPage slug="trend" />);
    expect(await screen.findByText('该专题尚未发布，敬请期待')).toBeInTheDocument();
  });
});
