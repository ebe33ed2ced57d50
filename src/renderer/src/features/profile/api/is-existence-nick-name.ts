import { isExistenceNickName } from '@shared/contract/settle-in';
import { callApi } from '../../../api/api-client';

/** Shop/IsExistenceNickName: whether a designer or applicant already uses the name. */
export const nickNameExists = async (nickName: string): Promise<boolean> =>
  (await callApi(isExistenceNickName, { nickName })).exists;
