import type { CallDef, CallRequest, CallResponse } from '@shared/contract/define';
import { SUCCESS_CODE } from '@shared/constants';
import { MSG } from '@shared/messages';

// The account site's own client: a contract call by fetch, typed by the call. The page is not the
// marketplace app (no session cookies to read or clear, no desktop bridge), so it has no axios client.

/** A call that answered with a code other than success (1): `message` is the server's Chinese message. */
export class AccountCallError extends Error {
  override name = 'AccountCallError';
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
  }
}

/** Network failures said as the site says them. */
export const NETWORK_FAILED = '网络连接失败，请检查网络后重试';

type Envelope = { code?: unknown; msg?: unknown; data?: unknown };

/** Posts one call of the account site (all are POST with a `code` envelope); its data on success. */
export async function postCall<C extends CallDef>(
  call: C,
  body: CallRequest<C>,
): Promise<CallResponse<C>> {
  let res: Response;
  try {
    res = await fetch(call.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new AccountCallError(NETWORK_FAILED, undefined);
  }
  let envelope: Envelope | null = null;
  try {
    envelope = (await res.json()) as Envelope | null;
  } catch {
    throw new AccountCallError(MSG.serverError, undefined);
  }
  if (!envelope || envelope.code !== SUCCESS_CODE) {
    const msg = typeof envelope?.msg === 'string' && envelope.msg ? envelope.msg : '';
    const code = typeof envelope?.code === 'number' ? envelope.code : undefined;
    throw new AccountCallError(msg || MSG.operationFailed, code);
  }
  return envelope.data;
}
