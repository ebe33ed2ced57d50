import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkInvitationCode } from '@shared/contract/activities';
import { callApi } from '../../../api/api-client';

/** Invitation/CheckInvitationCode: what a valid code pre-fills, or the server's reason it is not. */
export const invitationCheckQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['invitations', 'check', code],
    queryFn: () => callApi(checkInvitationCode, { code }),
    retry: false,
  });

export const useInvitationCheck = (code: string, enabled: boolean) =>
  useQuery({ ...invitationCheckQueryOptions(code), enabled });
