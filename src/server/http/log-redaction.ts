import type { FastifyServerOptions } from 'fastify';

// Secrets never reach a log line: tokens, refresh tokens, passwords and SMS codes are cut from
// request URLs (renewToken?refreshToken=…, discardToken?token=…), headers and any logged object;
// so are file signatures (/files/…?sig=…, a logged link would open the file) and S3 keys.

/** Query parameters whose values are secrets. */
const SECRET_PARAMS =
  /([?&](?:token|refreshToken|password|newPassword|smsCode|code|policy|sig|X-Amz-Signature|X-Amz-Credential)=)[^&#]*/gi;

/** A URL as it may be logged: secret query values replaced by [已隐藏]. */
export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[已隐藏]');

/** pino `redact` paths: wherever such a field appears in a logged object. */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'token',
  'refreshToken',
  'password',
  'newPassword',
  'smsCode',
  '*.token',
  '*.refreshToken',
  '*.password',
  '*.newPassword',
  '*.smsCode',
  '*.sandboxCode',
  'secretAccessKey',
  '*.secretAccessKey',
  '*.credentials.secretAccessKey',
  '*.*.credentials.secretAccessKey',
  'S3_SECRET_ACCESS_KEY',
  '*.S3_SECRET_ACCESS_KEY',
];

type RequestLike = {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Logger options of the server: the level and destination given, secrets always redacted. */
export function redactedLoggerOptions(options: LoggerOptions): LoggerOptions {
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor: '[已隐藏]' },
    serializers: {
      req: (request: RequestLike) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
