import { useMutation } from '@tanstack/react-query';
import { checkCustomKeyCall } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** Order/CheckCustomKey: whether a custom key (brand or product line) may be printed. */
export const checkCustomKey = (customKey: string) => callApi(checkCustomKeyCall, { customKey });

export const useCheckCustomKey = () => useMutation({ mutationFn: checkCustomKey });
