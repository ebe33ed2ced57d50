import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPatternGroups } from '@shared/contract/patterns';
import { callApi } from '../../../api/api-client';

/** Creation/GetPatternGroups: my groups of pattern files. */
export const fetchPatternGroups = () => callApi(getPatternGroups, {});

export const patternGroupsQueryOptions = () =>
  queryOptions({
    queryKey: ['publishing', 'pattern-groups'],
    queryFn: fetchPatternGroups,
  });

export const usePatternGroups = () => useQuery(patternGroupsQueryOptions());
