import { useMutation } from '@tanstack/react-query';
import { activeUser } from '@shared/contract/accounts';
import { callApi } from '../../../api/api-client';

/** saas.activeUser with type 2 (§7): the daily activity ping (at most once a day, see session/). */
export const sendActiveUser = (caihongId: string) => callApi(activeUser, { caihongId, type: 2 });

export const useActiveUser = () => useMutation({ mutationFn: sendActiveUser });
