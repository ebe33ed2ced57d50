import type { MyWorkCounts, MyWorkItem } from '@shared/contract/publishing';

/** One of my works as GetMyCreations lists it, in the component tests. */
export const myWork = (id: number, patch: Partial<MyWorkItem> = {}): MyWorkItem => ({
  id,
  title: `作品 ${id}`,
  status: 'published',
  statusTitle: '已发布',
  thumbUrl: '',
  categoryKid: 101,
  categoryTitle: '女装',
  headerType: 3,
  priceFen: 19_900,
  isSeamless: true,
  seriesId: null,
  seriesTitle: '',
  classifyIds: [],
  rejectReason: '',
  viewCount: 12,
  favouriteCount: 3,
  saleCount: 1,
  createdAt: '2024-05-01T00:00:00Z',
  updatedAt: '2024-05-02T00:00:00Z',
  publishedAt: '2024-05-02T00:00:00Z',
  ...patch,
});

/** Counts per state that GetMyCreations answers with every page. */
export const COUNTS: MyWorkCounts = {
  all: 9,
  review: 2,
  published: 5,
  rejected: 1,
  draft: 1,
  offline: 0,
};
