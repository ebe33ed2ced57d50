import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCategory } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export const fetchCategories = () => callApi(getCategory, {});

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['works', 'categories'],
    queryFn: fetchCategories,
    staleTime: Infinity,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
