import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCategory } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

/** Support/GetCategory, flattened for the work grid's category choice (same cache as /work). */
export const categoryOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['works', 'categories'],
    queryFn: () => callApi(getCategory, {}),
    staleTime: Infinity,
  });

export function useCategoryOptions() {
  const query = useQuery(categoryOptionsQueryOptions());
  const options = (query.data ?? []).flatMap((top) => [
    { value: top.kid, label: top.title },
    ...top.children.map((c) => ({ value: c.kid, label: `${top.title} / ${c.title}` })),
  ]);
  return { options, loading: query.isPending };
}
