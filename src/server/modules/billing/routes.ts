import type { FastifyInstance } from 'fastify';
import {
  applyInvoice,
  getBillList,
  getInvoiceList,
  getInvoiceRequests,
  getReceiptLink,
  handleInvoiceRequest,
} from '@shared/contract/billing';
import { registerCall } from '../../http/register-call';
import { plainPage } from '../../http/html';
import { billList } from './bill-service';
import * as invoices from './invoice-service';
import { receiptLink, receiptPdf, verifyReceiptSignature } from './receipt-service';
import { BILLING_MSG } from './messages';

// The buyer's money (issue 11): the statement, receipts and invoice requests, and the admin's
// handling of invoice requests.

export function registerBillingRoutes(app: FastifyInstance): void {
  const { deps } = app;

  registerCall(app, getBillList, async (input, { currentUser }) =>
    billList(deps, currentUser().id, input),
  );
  registerCall(app, getReceiptLink, async (input, { currentUser }) =>
    receiptLink(deps, currentUser().id, input.billNo),
  );
  registerCall(app, getInvoiceList, async (input, { currentUser }) =>
    invoices.myInvoices(deps, currentUser().id, input),
  );
  registerCall(app, applyInvoice, async (input, { currentUser }) =>
    invoices.applyInvoice(deps, currentUser().id, input),
  );
  registerCall(app, getInvoiceRequests, async (input) => invoices.invoiceRequests(deps, input));
  registerCall(app, handleInvoiceRequest, async (input, { currentUser }) =>
    invoices.handleInvoiceRequest(deps, currentUser().id, input),
  );

  // Outside the contract: the PDF behind a signed receipt link.
  app.get<{ Params: { file: string }; Querystring: { expires?: string; sig?: string } }>(
    '/receipts/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const billNo = /^([A-Z0-9]{8,48})\.pdf$/.exec(request.params.file)?.[1];
      const signed =
        billNo !== undefined &&
        verifyReceiptSignature(
          deps.signingSecret,
          billNo,
          Number(request.query.expires),
          request.query.sig ?? '',
          deps.now(),
        );
      const pdf = signed ? await receiptPdf(deps, billNo) : null;
      if (!pdf || !billNo) {
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(plainPage(BILLING_MSG.receipt.linkFailedTitle, BILLING_MSG.receipt.linkFailedBody));
      }
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', `inline; filename="${billNo}.pdf"`)
        .send(pdf);
    },
  );
}
