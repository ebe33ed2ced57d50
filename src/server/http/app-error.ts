import { ERROR_CODE } from '@shared/contract/envelope';

/** A failure the user should read: a code other than 1 and a Chinese message. Changes nothing. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
  static notFound(message: string): AppError {
    return new AppError(ERROR_CODE.notFound, message, 404);
  }
  static forbidden(message: string): AppError {
    return new AppError(ERROR_CODE.forbidden, message, 403);
  }
  static conflict(message: string): AppError {
    return new AppError(ERROR_CODE.conflict, message, 409);
  }
  static rule(message: string): AppError {
    return new AppError(ERROR_CODE.rule, message, 422);
  }
}
