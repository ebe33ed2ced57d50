import { paths } from '../../../config/paths';

export type FolkSearchParams = {
  keyword: string;
  tagId?: number | undefined;
  people: string;
  craft: string;
  pageIndex: number;
};

export const FOLK_PAGE_SIZE = 20;

const positive = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The search page's state from its URL, so a search can be shared and the back button works. */
export function readFolkSearch(params: URLSearchParams): FolkSearchParams {
  return {
    keyword: (params.get('keyword') ?? '').slice(0, 64),
    tagId: positive(params.get('tagId')),
    people: (params.get('people') ?? '').slice(0, 20),
    craft: (params.get('craft') ?? '').slice(0, 20),
    pageIndex: positive(params.get('page')) ?? 1,
  };
}

/** /southwestFolk/southwestParent/searchWorks with the given filters. */
export function folkSearchPath(search: Partial<FolkSearchParams>): string {
  const q = new URLSearchParams();
  if (search.keyword) q.set('keyword', search.keyword);
  if (search.tagId) q.set('tagId', String(search.tagId));
  if (search.people) q.set('people', search.people);
  if (search.craft) q.set('craft', search.craft);
  if (search.pageIndex && search.pageIndex > 1) q.set('page', String(search.pageIndex));
  const query = q.toString();
  return `${paths.southwestFolk}/searchWorks${query ? `?${query}` : ''}`;
}
