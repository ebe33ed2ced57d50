import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getSubmitCreationPic } from '@shared/contract/patterns';
import { callApi } from '../../../api/api-client';

export type PatternFilesInput = CallRequest<typeof getSubmitCreationPic>;

/** Creation/GetSubmitCreationPic: my uploaded pattern files. */
export const fetchPatternFiles = (input: PatternFilesInput) => callApi(getSubmitCreationPic, input);

export const patternFilesQueryOptions = (input: PatternFilesInput) =>
  queryOptions({
    queryKey: ['publishing', 'pattern-files', input],
    queryFn: () => fetchPatternFiles(input),
    placeholderData: keepPreviousData,
  });

export const usePatternFiles = (input: PatternFilesInput) =>
  useQuery(patternFilesQueryOptions(input));
