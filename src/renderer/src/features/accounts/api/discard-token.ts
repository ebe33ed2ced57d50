import { useMutation } from '@tanstack/react-query';
import { discardToken } from '@shared/contract/accounts';
import { callApi } from '../../../api/api-client';

/** GET …/discardToken (§7): revokes the token on log-out. */
export const discardSessionToken = (token: string) => callApi(discardToken, { token });

export const useDiscardToken = () => useMutation({ mutationFn: discardSessionToken });
