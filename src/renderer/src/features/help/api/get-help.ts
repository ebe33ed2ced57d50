import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  getDesignHelpInfo,
  getDesignHelpList,
  getHelpInfo,
  getHelpList,
} from '@shared/contract/help';
import type { HelpAudience } from '@shared/contract/help';
import { callApi } from '../../../api/api-client';

/** Help/GetHelpList (buyers) or GetDesignHelpList (designers): contents, and hits for a keyword. */
export const helpListQueryOptions = (audience: HelpAudience, keyword = '') =>
  queryOptions({
    queryKey: ['help', audience, 'list', keyword],
    queryFn: () => callApi(audience === 'buyer' ? getHelpList : getDesignHelpList, { keyword }),
    staleTime: 60_000,
    retry: false,
  });

export const useHelpList = (audience: HelpAudience, keyword = '') =>
  useQuery({ ...helpListQueryOptions(audience, keyword), placeholderData: keepPreviousData });

/** Help/GetHelpInfo or GetDesignHelpInfo: one published article, as sanitised HTML. */
export const helpArticleQueryOptions = (audience: HelpAudience, id: number) =>
  queryOptions({
    queryKey: ['help', audience, 'article', id],
    queryFn: () => callApi(audience === 'buyer' ? getHelpInfo : getDesignHelpInfo, { id }),
    staleTime: 60_000,
    retry: false,
  });

export const useHelpArticle = (audience: HelpAudience, id: number | undefined) =>
  useQuery({ ...helpArticleQueryOptions(audience, id ?? 0), enabled: id !== undefined });
