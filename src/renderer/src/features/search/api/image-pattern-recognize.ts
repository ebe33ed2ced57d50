import { queryOptions, useQuery } from '@tanstack/react-query';
import { patternRecognize } from '@shared/contract/image-search';
import { callApi } from '../../../api/api-client';

export const fetchPatternRecognize = (url: string) => callApi(patternRecognize, { url });

/** The likely category, palette and style of the session's image; it never changes for one image. */
export const patternRecognizeQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['search', 'image-recognize', url],
    queryFn: () => fetchPatternRecognize(url),
    staleTime: Infinity,
    retry: false,
  });

/** Only a hint: a failure just shows no suggestion. */
export const usePatternRecognize = (url: string | undefined) =>
  useQuery({ ...patternRecognizeQueryOptions(url ?? ''), enabled: Boolean(url) });
