import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getActivityDetail,
  getRecommendActivityList,
  joinActivity,
} from '@shared/contract/activities';
import { callApi } from '../../../api/api-client';

/** AT/GetDetail: one activity, or the current one when `id` is undefined; `joined` is per caller. */
export const activityQueryOptions = (id: number | undefined, signedIn: boolean) =>
  queryOptions({
    queryKey: ['activities', 'detail', id ?? 'current', signedIn],
    queryFn: () => callApi(getActivityDetail, id === undefined ? {} : { id }),
    retry: false,
  });

export const useActivity = (id: number | undefined, signedIn: boolean) =>
  useQuery(activityQueryOptions(id, signedIn));

/** AT/GetRecommendActivityList: the other activities beside the one shown. */
export const recommendedActivitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['activities', 'recommended'],
    queryFn: () => callApi(getRecommendActivityList, { size: 6 }),
    staleTime: 60_000,
    retry: false,
  });

export const useRecommendedActivities = () => useQuery(recommendedActivitiesQueryOptions());

/** AT/JoinActivity: joining again changes nothing on the server; the page reads the state again. */
export function useJoinActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(joinActivity, { id }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['activities'] });
    },
  });
}
