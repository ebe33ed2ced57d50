import type { FastifyError, FastifyInstance } from 'fastify';
import { API_PREFIXES } from '@shared/contract/define';
import { ERROR_CODE } from '@shared/contract/envelope';
import { MSG } from '@shared/messages';
import { AppError } from './app-error';
import { describeValidation } from './validation-message';

export const isApiPath = (url: string): boolean => API_PREFIXES.some((p) => url.startsWith(p));

/** One error handler: validation → Chinese msg; AppError → its code; anything else → 500, no stack. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const msg = describeValidation(error.validation, error.validationContext ?? 'body');
      return reply.status(400).send({ code: ERROR_CODE.invalidRequest, msg, data: null });
    }
    if (error instanceof AppError) {
      return reply
        .status(error.httpStatus)
        .send({ code: error.code, msg: error.message, data: null });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, a body too large, a wrong content type: the client's fault, said in Chinese.
      const msg =
        status === 413
          ? '请求内容过大'
          : status === 415
            ? '不支持的请求内容类型'
            : `${MSG.invalidRequest}：请求体不是有效的 JSON`;
      return reply.status(status).send({ code: ERROR_CODE.invalidRequest, msg, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ERROR_CODE.server, msg: MSG.serverError, data: null });
  });
}
