import type { Static, TSchema } from '@sinclair/typebox';
import { hardenRequestSchema } from './harden';

/** Envelope of a call: `code` = `{code,msg,data}`; `flag` = the older `{flag,rs,msg}` calls of spec §7. */
export type EnvelopeKind = 'code' | 'flag';
/** Roles of spec §6 a call may demand: admin, designer (status not 0), settled (settleStatus 1). */
export type CallRole = 'admin' | 'designer' | 'settled';
/**
 * Who may call: anyone, anyone (user read when signed in), signed-in users only, or signed-in users
 * of one role (every role implies a signed-in user).
 */
export type CallAuth = 'public' | 'optional' | 'required' | CallRole;

/** Whether a call runs only for a signed-in user: 'required' and every role. */
export const needsSignIn = (auth: CallAuth): boolean => auth !== 'public' && auth !== 'optional';

export type CallDef<Req extends TSchema = TSchema, Res extends TSchema = TSchema> = {
  /** `Service/Operation`, the spec's name. */
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly envelope: EnvelopeKind;
  readonly auth: CallAuth;
  /** One Chinese line for the API reference. */
  readonly summary: string;
  readonly tag: string;
  readonly request: Req;
  readonly response: Res;
};

export type CallRequest<C extends CallDef> = Static<C['request']>;
export type CallResponse<C extends CallDef> = Static<C['response']>;

/** Path of a gateway call under /api/1.0.0. */
export const apiPath = (service: string, operation: string): string =>
  `/api/1.0.0/${service}/${operation}`;
/** Path of a call under /sapi. */
export const sapiPath = (rest: string): string => `/sapi/${rest}`;
/** Path of a call under /japi. */
export const japiPath = (rest: string): string => `/japi/${rest}`;

export const API_PREFIXES = ['/api/', '/sapi/', '/japi/'] as const;

export function defineCall<Req extends TSchema, Res extends TSchema>(
  def: Omit<CallDef<Req, Res>, 'envelope' | 'auth' | 'method'> &
    Partial<Pick<CallDef<Req, Res>, 'envelope' | 'auth' | 'method'>>,
): CallDef<Req, Res> {
  // Every request refuses what it does not expect: unknown fields stripped, numbers and sizes bounded.
  return {
    method: 'POST',
    envelope: 'code',
    auth: 'public',
    ...def,
    request: hardenRequestSchema(def.request),
  };
}
