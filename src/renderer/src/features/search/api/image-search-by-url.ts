import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ImageSearchResult } from '@shared/contract/image-search';
import { searchUrlImage } from '@shared/contract/image-search';
import { callApi } from '../../../api/api-client';
import { IMAGE_RESULTS_PAGE_SIZE, filterBody } from './image-search-upload';
import type { ImageSearchFilter } from './image-search-upload';

/** The session's search image (its copyUrl) and what narrows the search. */
export type ImageResultsInput = ImageSearchFilter & { url: string };

/**
 * Pages of results for the session's image, searched again by its copyUrl (no new upload): the
 * first page of a fresh upload is put in this cache by the upload itself.
 */
export const imageResultsQueryOptions = (input: ImageResultsInput) =>
  infiniteQueryOptions({
    queryKey: [
      'search',
      'image',
      input.url,
      input.ignoreColor,
      input.region ?? null,
      input.kid ?? null,
    ],
    queryFn: ({ pageParam }) =>
      callApi(searchUrlImage, {
        url: input.url,
        ...filterBody(input),
        pageIndex: pageParam,
        pageSize: IMAGE_RESULTS_PAGE_SIZE,
      }),
    initialPageParam: 1,
    getNextPageParam: (last: ImageSearchResult, _pages, lastPage: number) =>
      lastPage * IMAGE_RESULTS_PAGE_SIZE < last.total ? lastPage + 1 : undefined,
    staleTime: 5 * 60_000,
  });

/** Results for the session's image; nothing is asked for without one. */
export const useImageResults = (input: ImageResultsInput | null) =>
  useInfiniteQuery({
    ...imageResultsQueryOptions(input ?? { url: '', ignoreColor: false }),
    enabled: input !== null,
  });
