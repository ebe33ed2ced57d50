// Who the desktop session is signed in as, for the upload queue: a watched folder and its files belong
// to the account that added them, and are sent only while that account is signed in.
import type { UploadAccount } from '../../shared/bridge';
import { getUserInfo } from '../../shared/contract/accounts';
import { isSessionGoneResponse } from '../session/http-client';
import type { HttpClient } from '../session/http-client';

/** How an account is named on the upload page (as the admin pages name an applicant). */
export function accountLabel(account: UploadAccount): string {
  return account.name === ''
    ? `彩虹号 ${account.caiHongID}`
    : `${account.name}（彩虹号 ${account.caiHongID}）`;
}

/** Why a folder's files wait while someone else is signed in, and what the designer can do. */
export function heldMessage(owner: UploadAccount): string {
  return `上传已暂停：这些文件属于账号 ${accountLabel(owner)}，请用该账号登录后继续，或将文件夹转到当前账号`;
}

/** Reads an account back from a stored file; anything malformed is treated as no owner. */
export function parseUploadAccount(value: unknown): UploadAccount | null {
  if (typeof value !== 'object' || value === null) return null;
  const { userId, caiHongID, name } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(userId) || typeof caiHongID !== 'string') return null;
  return { userId: userId as number, caiHongID, name: typeof name === 'string' ? name : '' };
}

/**
 * The account the session's token belongs to (user.getUserInfo), or null when the server says the
 * session is gone. Throws when the server cannot be reached or answers something else.
 */
export async function fetchSignedInAccount(
  http: Pick<HttpClient, 'request'>,
): Promise<UploadAccount | null> {
  const response = await http.request({
    method: getUserInfo.method,
    path: getUserInfo.path,
    body: '{}',
  });
  if (isSessionGoneResponse(response.status, response.body)) return null;
  let envelope: unknown;
  try {
    envelope = JSON.parse(response.body);
  } catch {
    envelope = null;
  }
  const { flag, rs } = (envelope ?? {}) as Record<string, unknown>;
  const info = (rs ?? {}) as Record<string, unknown>;
  const account =
    flag === true
      ? parseUploadAccount({
          userId: info['userId'],
          caiHongID: info['caiHongID'],
          name: info['userName'],
        })
      : null;
  if (account === null) {
    throw new Error(
      `无法确认登录账号 / Could not read the signed-in user (HTTP ${response.status})`,
    );
  }
  return account;
}
