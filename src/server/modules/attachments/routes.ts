import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_UPLOAD_PATH } from '@shared/contract/complaints';
import { UPLOAD_CHECK, UPLOAD_CHECK_MSG } from '@shared/rules/upload-check';
import { AppError } from '../../http/app-error';
import { signedInCaller } from '../../http/register-call';
import { cleanFileName, storeAttachment } from './attachment-service';

// PUT /api/Attachment/Upload?name=…: the body is the file's bytes (outside the JSON contract, like
// the pattern upload); the answer is the envelope with an Attachment.

const AttachmentQuery = Type.Object({ name: Type.String({ maxLength: 255 }) });
type AttachmentQuery = Static<typeof AttachmentQuery>;

/** Room above the 2 MB limit so a file of just 2 MB is refused with the check's own sentence. */
const BODY_LIMIT = UPLOAD_CHECK.maxBytes + 64 * 1024;

export function registerAttachmentsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.put<{ Querystring: AttachmentQuery }>(
      ATTACHMENT_UPLOAD_PATH,
      {
        bodyLimit: BODY_LIMIT,
        schema: { hide: true, querystring: AttachmentQuery },
        // Before the body is read: a guest or a declared 3 MB file costs nothing.
        onRequest: async (request) => {
          await signedInCaller(app, request);
          const declared = Number(request.headers['content-length'] ?? 0);
          if (Number.isFinite(declared) && declared >= UPLOAD_CHECK.maxBytes) {
            const raw = (request.query as Partial<AttachmentQuery>).name ?? '';
            throw AppError.rule(UPLOAD_CHECK_MSG.tooLarge(cleanFileName(String(raw))));
          }
        },
      },
      async (request, reply) => {
        const user = await signedInCaller(app, request);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const data = await storeAttachment(deps, user.id, request.query.name, body);
        return reply.send({ code: 1, msg: '', data });
      },
    );
  });
}
