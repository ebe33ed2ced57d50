import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { uploadAvatar } from '@shared/contract/profile';
import { callApi } from '../../../api/api-client';
import { useProfileChanged } from './use-profile-changed';

/** Profile/UploadAvatar: the file and the chosen square; the header shows the new avatar at once. */
export function useUploadAvatar() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (input: CallRequest<typeof uploadAvatar>) => callApi(uploadAvatar, input),
    onSuccess: changed,
  });
}
