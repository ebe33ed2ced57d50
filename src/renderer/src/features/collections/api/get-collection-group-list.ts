import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getCollectionGroupList } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export const fetchCollectionGroupList = (pageIndex: number, pageSize: number) =>
  callApi(getCollectionGroupList, { pageIndex, pageSize });

export const collectionGroupListQueryOptions = (pageIndex: number, pageSize: number) =>
  queryOptions({
    queryKey: ['collections', 'groups', 'page', pageIndex, pageSize],
    queryFn: () => fetchCollectionGroupList(pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });

export const useCollectionGroupList = (pageIndex: number, pageSize: number) =>
  useQuery(collectionGroupListQueryOptions(pageIndex, pageSize));
