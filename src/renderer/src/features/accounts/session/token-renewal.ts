import { TOKEN_RENEWAL_WINDOW_MS } from '@shared/constants';

/** setTimeout's largest delay; a longer wait is split and checked again. */
const MAX_TIMER_MS = 2_147_483_647;

/** §4 How long to wait before renewing: nothing once within 30 minutes of expiry. */
export const renewalDelay = (expiration: number, now: number): number =>
  Math.min(Math.max(0, expiration - TOKEN_RENEWAL_WINDOW_MS - now), MAX_TIMER_MS);

/** §4 Whether the token is within the renewal window. */
export const isDueForRenewal = (expiration: number, now: number): boolean =>
  expiration - now <= TOKEN_RENEWAL_WINDOW_MS;
