import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import {
  deleteNewProduct,
  generateNewProduct,
  getMyNewProducts,
  getNewProductSource,
  getNewProductTemplates,
  renameNewProduct,
} from '@shared/contract/new-products';
import { getSubmitCreationPic } from '@shared/contract/patterns';
import { callApi } from '../../../api/api-client';

// 新品 calls (docs/new-products.md): templates, the pattern to lay, generating, and my 新品.

/** NewProduct/GetTemplates: the products and their outlines, the same for everyone. */
export const useNewProductTemplates = () =>
  useQuery({
    queryKey: ['new-products', 'templates'],
    queryFn: () => callApi(getNewProductTemplates, {}),
    staleTime: Infinity,
  });

export type SourceChoice = { workId: number } | { fileKey: string };

/** NewProduct/GetSource: the chosen pattern's picture and whether mock-ups of it are clean. */
export const useNewProductSource = (choice: SourceChoice | null, signedIn: boolean) =>
  useQuery({
    queryKey: ['new-products', 'source', choice],
    queryFn: () => callApi(getNewProductSource, choice ?? {}),
    enabled: choice !== null && signedIn,
    retry: false,
  });

export const myNewProductsQueryOptions = (pageIndex: number, pushBeforeBuy: boolean) =>
  queryOptions({
    queryKey: ['new-products', 'mine', pushBeforeBuy ? 'push' : 'all', pageIndex],
    queryFn: () =>
      callApi(getMyNewProducts, {
        pageIndex,
        pageSize: 12,
        ...(pushBeforeBuy ? { pushBeforeBuy: true } : {}),
      }),
    placeholderData: keepPreviousData,
  });

/** NewProduct/GetMyNewProducts: my 新品, or only those of others' works (先推后买). */
export const useMyNewProducts = (pageIndex: number, pushBeforeBuy = false) =>
  useQuery(myNewProductsQueryOptions(pageIndex, pushBeforeBuy));

/** NewProduct/Generate; afterwards my lists are read again. */
export function useGenerateNewProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof generateNewProduct>) =>
      callApi(generateNewProduct, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['new-products', 'mine'] }),
  });
}

export function useRenameNewProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof renameNewProduct>) => callApi(renameNewProduct, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['new-products', 'mine'] }),
  });
}

export function useDeleteNewProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteNewProduct, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['new-products', 'mine'] }),
  });
}

/** Creation/GetSubmitCreationPic: my uploaded patterns (花型), to lay one on a product. */
export const useMyPatternFiles = (pageIndex: number, enabled: boolean) =>
  useQuery({
    queryKey: ['new-products', 'patterns', pageIndex],
    queryFn: () => callApi(getSubmitCreationPic, { pageIndex, pageSize: 12 }),
    enabled,
    placeholderData: keepPreviousData,
  });
