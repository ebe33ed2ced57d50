import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallDef, CallRequest, CallResponse } from '@shared/contract/define';
import { ErrorEnvelope, flagEnvelope, successEnvelope } from '@shared/contract/envelope';

export type CallHandler<C extends CallDef> = (
  input: CallRequest<C>,
  request: FastifyRequest,
) => Promise<CallResponse<C>>;

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
    schema: {
      summary: call.summary,
      operationId: call.name,
      tags: [call.tag],
      [input]: call.request,
      response: { 200: success, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
    },
    handler: async (request) => {
      // Fastify validated the input against call.request before this runs.
      const input = (
        call.method === 'GET' ? request.query : (request.body ?? {})
      ) as CallRequest<C>;
      const data = await handler(input, request);
      return call.envelope === 'flag'
        ? { flag: true, rs: data, msg: '' }
        : { code: 1, msg: '', data };
    },
  });
}
