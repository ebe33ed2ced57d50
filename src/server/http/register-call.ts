import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  CallAuth,
  CallDef,
  CallRequest,
  CallResponse,
  CallRole,
} from '@shared/contract/define';
import {
  ERROR_CODE,
  ErrorEnvelope,
  flagEnvelope,
  successEnvelope,
} from '@shared/contract/envelope';
import { MSG } from '@shared/messages';
import { isAdmin, isDesigner, isSettledDesigner } from '@shared/rules/roles';
import { AppError } from './app-error';
import type { SessionUser } from './session-auth';
import { findSessionUser, loginRequired, requestToken, statusFactsOf } from './session-auth';

export type CallContext = {
  request: FastifyRequest;
  /** For the few calls that set a header or cookie beside the envelope (token renewal). */
  reply: FastifyReply;
  /** The signed-in user, or null (calls with auth 'required' or a role never run without one). */
  user: SessionUser | null;
  /** The signed-in user; a 401 envelope when there is none. */
  currentUser: () => SessionUser;
};

export type CallHandler<C extends CallDef> = (
  input: CallRequest<C>,
  context: CallContext,
) => Promise<CallResponse<C>>;

const sessions = new WeakMap<FastifyRequest, SessionUser | null>();

/** Each role's rule (spec §6) and what a signed-in user without it is told (code 1003). */
const ROLE_RULES: Record<CallRole, { allows: (user: SessionUser) => boolean; refusal: string }> = {
  admin: { allows: isAdmin, refusal: '需要管理员权限' },
  designer: {
    allows: (user) => isDesigner(statusFactsOf(user)),
    refusal: '仅设计师可以使用此功能',
  },
  settled: {
    allows: (user) => isSettledDesigner(statusFactsOf(user)),
    refusal: '请先完成设计师入驻，入驻后即可发布作品',
  },
};

/**
 * The caller of a request as `auth` admits them, for contract calls and the few other routes: the
 * session is read once per request; a guest where sign-in is needed gets 401, a user without the
 * role 1003.
 */
export async function admitCaller(
  app: FastifyInstance,
  request: FastifyRequest,
  auth: CallAuth,
): Promise<SessionUser | null> {
  if (auth === 'public') return null;
  let user = sessions.get(request);
  if (user === undefined) {
    user = await findSessionUser(app.deps, requestToken(request));
    sessions.set(request, user);
  }
  if (auth === 'optional') return user;
  if (!user) throw loginRequired();
  if (auth === 'required' || ROLE_RULES[auth].allows(user)) return user;
  throw AppError.forbidden(ROLE_RULES[auth].refusal);
}

/** The signed-in caller of a route outside the contract (the upload PUT): 401 for a guest. */
export async function signedInCaller(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SessionUser> {
  const user = await admitCaller(app, request, 'required');
  if (!user) throw loginRequired();
  return user;
}

/** Body limit of a contract call: its schema bounds every field, so a JSON body never needs more. */
export const CALL_BODY_LIMIT = 256 * 1024;

/**
 * Whether every number in the validated input is finite. ajv's type coercion turns the strings
 * "Infinity" and "-Infinity" into numbers that pass `integer`, `minimum` and `maximum`.
 */
function allFinite(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth > 32 || value === null || typeof value !== 'object') return true;
  return Object.values(value).every((item) => allFinite(item, depth + 1));
}

/** Registers one contract call: its schemas validate the input and serialise the envelope. */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
): void {
  const input = call.method === 'GET' ? 'querystring' : 'body';
  const success =
    call.envelope === 'flag' ? flagEnvelope(call.response) : successEnvelope(call.response);
  app.route({
    method: call.method,
    url: call.path,
    // Calls that carry more (image search) raise it in their own scope's onRoute hook.
    bodyLimit: CALL_BODY_LIMIT,
    schema: {
      summary: call.summary,
      operationId: call.name,
      tags: [call.tag],
      [input]: call.request,
      response: { 200: success, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
    },
    // The session is checked before the body, so a guest learns "log in" rather than "bad input".
    preValidation: async (request) => {
      await admitCaller(app, request, call.auth);
    },
    handler: async (request, reply) => {
      const user = sessions.get(request) ?? null;
      const context: CallContext = {
        request,
        reply,
        user,
        currentUser: () => {
          if (!user) throw loginRequired();
          return user;
        },
      };
      // Fastify validated the input against call.request before this runs.
      const body = (call.method === 'GET' ? request.query : (request.body ?? {})) as CallRequest<C>;
      if (!allFinite(body)) {
        throw new AppError(ERROR_CODE.invalidRequest, `${MSG.invalidRequest}：数字超出范围`, 400);
      }
      const data = await handler(body, context);
      return call.envelope === 'flag'
        ? { flag: true, rs: data, msg: '' }
        : { code: 1, msg: '', data };
    },
  });
}
