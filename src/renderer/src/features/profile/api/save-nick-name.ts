import { useMutation } from '@tanstack/react-query';
import { saveNickName } from '@shared/contract/profile';
import { callApi } from '../../../api/api-client';
import { useProfileChanged } from './use-profile-changed';

/** Profile/SaveNickName. */
export function useSaveNickName() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (nickName: string) => callApi(saveNickName, { nickName }),
    onSuccess: changed,
  });
}
