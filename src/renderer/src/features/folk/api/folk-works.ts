import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import {
  FOLK_DICT_KEYS,
  getFolkDetails,
  getFolkDictByKey,
  getFolkIndex,
  getFolkList,
  getFolkTagList,
  likeFolkWork,
  searchFolkImage,
} from '@shared/contract/folk';
import { callApi } from '../../../api/api-client';

/** SouthwestCreation/GetIndex: collections, tags and the newest works. */
export const useFolkIndex = () =>
  useQuery({
    queryKey: ['folk', 'index'],
    queryFn: () => callApi(getFolkIndex, {}),
    retry: false,
    staleTime: 60_000,
  });

/** SouthwestCreation/GetTagList: tags with their counts. */
export const useFolkTags = () =>
  useQuery({
    queryKey: ['folk', 'tags'],
    queryFn: () => callApi(getFolkTagList, {}),
    retry: false,
    staleTime: 300_000,
  });

export type FolkListQuery = CallRequest<typeof getFolkList>;

/** SouthwestCreation/GetList: a page of works by words, tag, people and craft. */
export const folkListQueryOptions = (query: FolkListQuery) =>
  queryOptions({
    queryKey: ['folk', 'list', query],
    queryFn: () => callApi(getFolkList, query),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useFolkList = (query: FolkListQuery) => useQuery(folkListQueryOptions(query));

/** SouthwestCreation/SearchImage: folk works like a picture. */
export const useFolkImageSearch = () =>
  useMutation({
    mutationFn: (input: CallRequest<typeof searchFolkImage>) => callApi(searchFolkImage, input),
  });

/** SouthwestCreation/GetDetails. */
export const folkDetailsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['folk', 'details', id],
    queryFn: () => callApi(getFolkDetails, { id }),
    retry: false,
  });

export const useFolkDetails = (id: number) =>
  useQuery({ ...folkDetailsQueryOptions(id), enabled: id > 0 });

/** SouthwestCreation/Likes: the detail shows the server's count and state afterwards. */
export function useLikeFolkWork(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (like: boolean) => callApi(likeFolkWork, { id, like }),
    onSuccess: (result: CallResponse<typeof likeFolkWork>) => {
      queryClient.setQueryData(folkDetailsQueryOptions(id).queryKey, (old) =>
        old ? { ...old, liked: result.liked, likeCount: result.likeCount } : old,
      );
    },
  });
}

/** GET dict/getByKey southwestIntentionIndustry: the intention form's industries. */
export const useFolkIndustries = () =>
  useQuery({
    queryKey: ['folk', 'industries'],
    queryFn: async () => {
      const value = await callApi(getFolkDictByKey, { key: FOLK_DICT_KEYS.industries });
      return Array.isArray(value) ? value : [];
    },
    retry: false,
    staleTime: 3_600_000,
  });
