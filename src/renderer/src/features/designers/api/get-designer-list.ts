import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getDesignerList } from '@shared/contract/designers';
import { callApi } from '../../../api/api-client';

export type DesignerListInput = CallRequest<typeof getDesignerList>;

export const fetchDesignerList = (input: DesignerListInput) => callApi(getDesignerList, input);

export const designerListQueryOptions = (input: DesignerListInput) =>
  queryOptions({
    queryKey: ['designers', 'list', input],
    queryFn: () => fetchDesignerList(input),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useDesignerList = (input: DesignerListInput) =>
  useQuery(designerListQueryOptions(input));
