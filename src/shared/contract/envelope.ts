import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';

/** §7 success envelope `{ code: 1, msg, data }`. */
export const successEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Literal(1), msg: Type.String(), data });

/** §7 success envelope of the older calls: `{ flag: true, rs, msg }`. */
export const flagEnvelope = <T extends TSchema>(rs: T) =>
  Type.Object({ flag: Type.Literal(true), rs, msg: Type.String() });

/** Every failure, whatever the call: a code other than 1 and a Chinese message. */
export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Null(),
  flag: Type.Optional(Type.Literal(false)),
});

/**
 * Codes in a failure body. 401–405 mean the session is gone (spec §8), so business failures use the
 * 1000s; 404 is kept for an unknown API path, as the foundation issue asks.
 */
export const ERROR_CODE = {
  invalidRequest: 400,
  loginRequired: 401,
  unknownApi: 404,
  notFound: 1004,
  forbidden: 1003,
  conflict: 1009,
  rule: 1022,
  tooMany: 1029,
  /** The password is a one-time one: it must be changed (Account/ChangePassword) before signing in. */
  passwordChangeRequired: 1030,
  server: 500,
} as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];
