import { isExistenceNickName } from '@shared/contract/settle-in';
import { callApi } from '../../../api/api-client';

/** Shop/IsExistenceNickName: whether another designer or applicant uses the nickname. */
export const nickNameExists = async (nickName: string): Promise<boolean> =>
  (await callApi(isExistenceNickName, { nickName })).exists;
