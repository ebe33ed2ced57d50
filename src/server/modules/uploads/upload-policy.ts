import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CREATION_UPLOAD_MAX_BYTES,
  CREATION_UPLOAD_TYPES,
  UPLOAD_PATH,
  UPLOAD_POLICY_TTL_SECONDS,
} from '@shared/contract/uploads';
import type { UploadPolicy } from '@shared/contract/uploads';
import { MSG } from '@shared/messages';

export type PolicyClaims = {
  userId: number;
  prefix: 'creation';
  maxBytes: number;
  types: string[];
  expiresAt: number;
  nonce: string;
};

const sign = (secret: string, policy: string) =>
  createHmac('sha256', secret).update(`upload-policy\n${policy}`).digest('base64url');

/** A short-lived permission for one user to upload pattern files under `creation`. */
export function issuePolicy(secret: string, userId: number, now: number): UploadPolicy {
  const claims: PolicyClaims = {
    userId,
    prefix: 'creation',
    maxBytes: CREATION_UPLOAD_MAX_BYTES,
    types: [...CREATION_UPLOAD_TYPES],
    expiresAt: now + UPLOAD_POLICY_TTL_SECONDS * 1000,
    nonce: randomBytes(8).toString('base64url'),
  };
  const policy = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return {
    uploadUrl: UPLOAD_PATH,
    policy,
    signature: sign(secret, policy),
    maxBytes: claims.maxBytes,
    expiresAt: claims.expiresAt,
    contentTypes: claims.types,
  };
}

export type PolicyCheck = { ok: true; claims: PolicyClaims } | { ok: false; reason: string };

/** Refuses a forged, expired or someone else's permission, each with its own Chinese reason. */
export function checkPolicy(
  secret: string,
  policy: string,
  signature: string,
  userId: number,
  now: number,
): PolicyCheck {
  const expected = Buffer.from(sign(secret, policy));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: MSG.uploadPolicy.invalid };
  }
  let claims: PolicyClaims;
  try {
    claims = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')) as PolicyClaims;
  } catch {
    return { ok: false, reason: MSG.uploadPolicy.invalid };
  }
  if (claims.expiresAt < now) return { ok: false, reason: MSG.uploadPolicy.expired };
  if (claims.userId !== userId) return { ok: false, reason: MSG.uploadPolicy.notYours };
  return { ok: true, claims };
}
