import type { FastifyInstance } from 'fastify';
import { escapeHtml, plainPage } from '../../http/html';
import { originOf } from './origin';
import { documentPdf, verifyDocument, verifyDocumentSignature } from './documents-service';
import { ORDERS_MSG } from './messages';

// Outside the contract: the PDF behind a signed document link, and the public verification page
// a document's QR code opens.

export function registerDocumentRoutes(app: FastifyInstance): void {
  const { deps } = app;

  app.get<{ Params: { file: string }; Querystring: { expires?: string; sig?: string } }>(
    '/documents/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^([A-Z0-9]{6,32})\.pdf$/.exec(request.params.file);
      const code = match?.[1];
      const ok =
        code !== undefined &&
        verifyDocumentSignature(
          deps.signingSecret,
          code,
          Number(request.query.expires),
          request.query.sig ?? '',
          deps.now(),
        );
      if (!ok || !code) {
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(plainPage(ORDERS_MSG.documentLinkFailed.title, ORDERS_MSG.documentLinkFailed.body));
      }
      const pdf = await documentPdf(deps, code, originOf(request));
      if (!pdf) return reply.status(404).send();
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', `inline; filename="${code}.pdf"`)
        .send(pdf);
    },
  );

  app.get<{ Params: { code: string } }>(
    '/verify/:code',
    { schema: { hide: true } },
    async (request, reply) => {
      const result = await verifyDocument(deps, request.params.code.toUpperCase());
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!result.genuine) {
        return reply.send(
          plainPage(
            ORDERS_MSG.verifyPage.title,
            ORDERS_MSG.verifyPage.notFoundBody(escapeHtml(request.params.code)),
          ),
        );
      }
      return reply.send(
        plainPage(
          ORDERS_MSG.verifyPage.title,
          ORDERS_MSG.verifyPage.genuineBody({
            kindTitle: escapeHtml(result.kindTitle),
            workTitle: escapeHtml(result.workTitle),
            licenceTitle: escapeHtml(result.licenceTitle),
            licensee: escapeHtml(result.licensee),
            period: escapeHtml(result.period),
            orderNoMasked: escapeHtml(result.orderNoMasked),
            stateClass: result.valid ? 'ok' : 'bad',
            state: escapeHtml(result.state),
          }),
        ),
      );
    },
  );
}
