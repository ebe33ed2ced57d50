import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { ERROR_CODE } from '@shared/contract/envelope';
import { CREATION_UPLOAD_MAX_BYTES, UPLOAD_PATH, genPostPolicy } from '@shared/contract/uploads';
import type { UploadedFile } from '@shared/contract/uploads';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { findSessionUser, loginRequired, requestToken } from '../../http/session-auth';
import { iso } from '../accounts/clock';
import { checkPolicy, issuePolicy } from './upload-policy';

/** Largest image (in pixels) decoded: above it a file is treated as a decompression bomb. */
export const MAX_UPLOAD_PIXELS = 120_000_000;

const FORMAT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  tiff: 'image/tiff',
};

/** Reads what the bytes really are; refuses empty, truncated, non-image and oversized-in-pixels files. */
export async function inspectImage(
  body: Buffer,
): Promise<{ format: string; width: number; height: number }> {
  if (body.length === 0) throw AppError.rule('文件为空（0 字节），请重新选择');
  let meta: Metadata;
  try {
    meta = await sharp(body, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' }).metadata();
  } catch (err) {
    const text = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(text))
      throw AppError.rule('图片尺寸过大（超过 1.2 亿像素），无法安全处理');
    throw AppError.rule('文件不是可识别的图片，或文件已损坏');
  }
  const format = String(meta.format ?? '');
  if (!FORMAT_TYPES[format] || !meta.width || !meta.height) {
    throw AppError.rule('只支持 PNG、JPG、WebP、TIFF 格式的图片（按文件内容判断）');
  }
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) {
    throw AppError.rule('图片尺寸过大（超过 1.2 亿像素），无法安全处理');
  }
  // A truncated file can pass the header check: decode it fully (cheaply, at a small size) to be sure.
  try {
    await sharp(body, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'truncated' })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw AppError.rule('图片文件不完整或已损坏，请重新导出后上传');
  }
  return { format, width: meta.width, height: meta.height };
}

export function registerUploadsRoutes(app: FastifyInstance): void {
  const { deps } = app;

  registerCall(app, genPostPolicy, async (_input, { currentUser }) =>
    issuePolicy(deps.signingSecret, currentUser().id, deps.now()),
  );

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: CREATION_UPLOAD_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.put(
      UPLOAD_PATH,
      { bodyLimit: CREATION_UPLOAD_MAX_BYTES, schema: { hide: true } },
      async (request, reply) => {
        const user = await findSessionUser(deps, requestToken(request));
        if (!user) throw loginRequired();
        const query = request.query as { policy?: string; signature?: string };
        const check = checkPolicy(
          deps.signingSecret,
          query.policy ?? '',
          query.signature ?? '',
          user.id,
          deps.now(),
        );
        if (!check.ok) throw new AppError(ERROR_CODE.forbidden, check.reason, 403);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (body.length > check.claims.maxBytes)
          throw AppError.rule('文件过大，单个文件不能超过 40MB');
        const image = await inspectImage(body);
        const sha256 = createHash('sha256').update(body).digest('hex');
        const existing = await deps.db
          .selectFrom('uploads')
          .selectAll()
          .where('user_id', '=', user.id)
          .where('sha256', '=', sha256)
          .executeTakeFirst();
        const answer = (
          row: { file_key: string; size: number; width: number; height: number; format: string },
          duplicate: boolean,
        ): UploadedFile => ({
          fileKey: row.file_key,
          sha256,
          size: row.size,
          width: row.width,
          height: row.height,
          format: row.format,
          duplicate,
        });
        if (existing) return reply.send({ code: 1, msg: '', data: answer(existing, true) });
        const fileKey = `private/uploads/${user.id}/${sha256.slice(0, 2)}/${sha256}.${image.format === 'jpeg' ? 'jpg' : image.format}`;
        await deps.storage.put(
          fileKey,
          body,
          FORMAT_TYPES[image.format] ?? 'application/octet-stream',
        );
        const row = {
          file_key: fileKey,
          size: body.length,
          width: image.width,
          height: image.height,
          format: image.format,
        };
        try {
          await deps.db
            .insertInto('uploads')
            .values({ user_id: user.id, sha256, created_at: iso(deps.now()), ...row })
            .execute();
        } catch {
          // The same bytes arrived twice at once: the unique index kept one row; answer with it.
          const winner = await deps.db
            .selectFrom('uploads')
            .selectAll()
            .where('user_id', '=', user.id)
            .where('sha256', '=', sha256)
            .executeTakeFirst();
          if (winner) return reply.send({ code: 1, msg: '', data: answer(winner, true) });
          throw new Error('upload row missing after a conflict');
        }
        return reply.send({ code: 1, msg: '', data: answer(row, false) });
      },
    );
  });
}
