import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import {
  getPackageDesk,
  saveDosingPackage,
  saveMemberPackage,
  setPackageEnabled,
} from '@shared/contract/membership';
import { callApi } from '../../../api/api-client';

export const packageDeskKey = ['admin', 'member-packages'] as const;

/** Admin/GetMemberPackages: every package (also disabled ones) and every add-on pack. */
export const packageDeskQueryOptions = () =>
  queryOptions({ queryKey: packageDeskKey, queryFn: () => callApi(getPackageDesk, {}) });

export const usePackageDesk = () => useQuery(packageDeskQueryOptions());

/** After an edit the desk and the shop's package lists are read again. */
function useInvalidatePackages() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: packageDeskKey }),
      queryClient.invalidateQueries({ queryKey: ['membership'] }),
    ]);
  };
}

export function useSaveMemberPackage() {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: (input: CallRequest<typeof saveMemberPackage>) => callApi(saveMemberPackage, input),
    onSuccess: invalidate,
  });
}

export function useSaveDosingPackage() {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: (input: CallRequest<typeof saveDosingPackage>) => callApi(saveDosingPackage, input),
    onSuccess: invalidate,
  });
}

export function useSetPackageEnabled() {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: (input: CallRequest<typeof setPackageEnabled>) => callApi(setPackageEnabled, input),
    onSuccess: invalidate,
  });
}
