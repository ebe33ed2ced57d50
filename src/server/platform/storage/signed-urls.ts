import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILES_ROUTE, assertValidKey } from './storage';
import type { Storage } from './storage';

/**
 * The app's own signed file URLs, the same for every storage: `/files/<key>?expires=…&sig=…`, an
 * HMAC of key and expiry with STORAGE_SECRET, checked by the /files/ route (docs/storage.md).
 */
export function createUrlSigner(secret: string): Pick<Storage, 'signedUrl' | 'verify'> {
  const sign = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  return {
    signedUrl(key, ttlSeconds) {
      assertValidKey(key);
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      return `${FILES_ROUTE}${key}?expires=${expires}&sig=${sign(key, expires)}`;
    },
    verify(key, expires, signature, nowMs = Date.now()) {
      if (!Number.isInteger(expires) || expires * 1000 < nowMs) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
