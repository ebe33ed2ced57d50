import type { FastifyInstance } from 'fastify';
import { escapeHtml, plainPage } from '../../http/html';
import { originOf } from './origin';
import { documentPdf, verifyDocument, verifyDocumentSignature } from './documents-service';

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
          .send(
            plainPage(
              '文件不存在',
              '<h1>文件不存在或链接已过期</h1><p>请回到订单页面重新打开。</p>',
            ),
          );
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
            '文件核验',
            `<h1>文件核验</h1><p class="bad">未找到该核验码对应的文件</p><p class="muted">核验码：${escapeHtml(request.params.code)}。请核对文件上的核验码；无法核验的文件可能是伪造的，请联系纹样客服。</p>`,
          ),
        );
      }
      return reply.send(
        plainPage(
          '文件核验',
          `<h1>文件核验</h1><p class="ok">该文件由纹样平台出具，真实有效</p>
<dl><dt>文件</dt><dd>${escapeHtml(result.kindTitle)}</dd>
<dt>作品</dt><dd>${escapeHtml(result.workTitle)}</dd>
<dt>授权</dt><dd>${escapeHtml(result.licenceTitle)}</dd>
<dt>被授权方</dt><dd>${escapeHtml(result.licensee)}</dd>
<dt>授权期限</dt><dd>${escapeHtml(result.period)}</dd>
<dt>订单号</dt><dd>${escapeHtml(result.orderNoMasked)}</dd>
<dt>授权状态</dt><dd class="${result.valid ? 'ok' : 'bad'}">${escapeHtml(result.state)}</dd></dl>`,
        ),
      );
    },
  );
}
