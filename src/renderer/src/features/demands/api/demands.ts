import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import {
  adoptManuscript,
  applyDemand,
  checkPublish,
  closeDemand,
  collectDemand,
  demandEdit,
  getCenterDemand,
  getDemand,
  getDemandDetailBase,
  getDemandDetailDescription,
  getDemandManuscriptList,
  getManuscriptOriginal,
  getMyCollectionDemand,
  getMyDemandCreationList,
  getMyPublishDemand,
  getSignUpDemand,
  publishDemand,
  refuseManuscript,
  submitManuscript,
} from '@shared/contract/demands';
import { getCategory } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

// Custom-pattern demands (docs/demands.md): every call of the feature, as queries and mutations.

const KEY = 'demands';

export const useDemandCentre = () =>
  useQuery({ queryKey: [KEY, 'centre'], queryFn: () => callApi(getCenterDemand, {}) });

export const useDemandList = (input: CallRequest<typeof getDemand>) =>
  useQuery({
    queryKey: [KEY, 'list', input],
    queryFn: () => callApi(getDemand, input),
    placeholderData: keepPreviousData,
  });

export const demandBaseQuery = (demandId: number) =>
  queryOptions({
    queryKey: [KEY, 'base', demandId],
    queryFn: () => callApi(getDemandDetailBase, { demandId }),
    retry: false,
  });
export const useDemandBase = (demandId: number) =>
  useQuery({
    ...demandBaseQuery(demandId),
    enabled: Number.isSafeInteger(demandId) && demandId > 0,
  });

export const useDemandDescription = (demandId: number) =>
  useQuery({
    queryKey: [KEY, 'description', demandId],
    queryFn: () => callApi(getDemandDetailDescription, { demandId }),
    retry: false,
    enabled: Number.isSafeInteger(demandId) && demandId > 0,
  });

export const useManuscripts = (demandId: number, pageIndex: number, pageSize: number) =>
  useQuery({
    queryKey: [KEY, 'manuscripts', demandId, pageIndex, pageSize],
    queryFn: () => callApi(getDemandManuscriptList, { demandId, pageIndex, pageSize }),
    placeholderData: keepPreviousData,
  });

export const useMyManuscripts = (demandId: number, enabled: boolean) =>
  useQuery({
    queryKey: [KEY, 'mine', demandId],
    queryFn: () => callApi(getMyDemandCreationList, { demandId }),
    enabled,
  });

export const usePublishAllowance = () =>
  useQuery({ queryKey: [KEY, 'allowance'], queryFn: () => callApi(checkPublish, {}) });

export const useMyPublished = (pageIndex: number, pageSize: number) =>
  useQuery({
    queryKey: [KEY, 'published', pageIndex, pageSize],
    queryFn: () => callApi(getMyPublishDemand, { pageIndex, pageSize }),
    placeholderData: keepPreviousData,
  });

export const useMyCollected = (pageIndex: number, pageSize: number) =>
  useQuery({
    queryKey: [KEY, 'collected', pageIndex, pageSize],
    queryFn: () => callApi(getMyCollectionDemand, { pageIndex, pageSize }),
    placeholderData: keepPreviousData,
  });

export const useMySignUps = (pageIndex: number, pageSize: number) =>
  useQuery({
    queryKey: [KEY, 'signups', pageIndex, pageSize],
    queryFn: () => callApi(getSignUpDemand, { pageIndex, pageSize }),
    placeholderData: keepPreviousData,
  });

/** The category tree (shared cache key with the catalogue's filters). */
export const useDemandCategories = () =>
  useQuery({
    queryKey: ['works', 'categories'],
    queryFn: () => callApi(getCategory, {}),
    staleTime: Infinity,
  });

/** After any change every demand query is refetched: lists, counts and the detail agree. */
function useDemandMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const usePublishDemand = () =>
  useDemandMutation((input: CallRequest<typeof publishDemand>) => callApi(publishDemand, input));
export const useEditDemand = () =>
  useDemandMutation((input: CallRequest<typeof demandEdit>) => callApi(demandEdit, input));
export const useCloseDemand = () =>
  useDemandMutation((demandId: number) => callApi(closeDemand, { demandId }));
export const useApplyDemand = () =>
  useDemandMutation((demandId: number) => callApi(applyDemand, { demandId }));
export const useCollectDemand = () =>
  useDemandMutation((input: CallRequest<typeof collectDemand>) => callApi(collectDemand, input));
export const useSubmitManuscript = () =>
  useDemandMutation((input: CallRequest<typeof submitManuscript>) =>
    callApi(submitManuscript, input),
  );
export const useAdoptManuscript = () =>
  useDemandMutation((manuscriptId: number) => callApi(adoptManuscript, { manuscriptId }));
export const useRefuseManuscript = () =>
  useDemandMutation((input: CallRequest<typeof refuseManuscript>) =>
    callApi(refuseManuscript, input),
  );

export const fetchManuscriptOriginal = (manuscriptId: number) =>
  callApi(getManuscriptOriginal, { manuscriptId });
