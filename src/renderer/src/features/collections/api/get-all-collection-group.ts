import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAllCollectionGroup } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export const fetchAllCollectionGroups = () => callApi(getAllCollectionGroup, {});

export const allCollectionGroupsQueryOptions = () =>
  queryOptions({ queryKey: ['collections', 'groups', 'all'], queryFn: fetchAllCollectionGroups });

export const useAllCollectionGroups = (enabled = true) =>
  useQuery({ ...allCollectionGroupsQueryOptions(), enabled });
