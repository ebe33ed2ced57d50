import { useMutation } from '@tanstack/react-query';
import { renewToken } from '@shared/contract/accounts';
import { callApi } from '../../../api/api-client';

/** GET …/renewToken (§7): the token's new lifetime in seconds. */
export const renewSessionToken = (refreshToken: string) => callApi(renewToken, { refreshToken });

export const useRenewToken = () => useMutation({ mutationFn: renewSessionToken });
