import type { FastifyInstance } from 'fastify';
import {
  EMPOWER_KEYWORDS,
  cancelOrder,
  channelShare,
  checkCustomKeyCall,
  confirmBankTransfer,
  empowerCategory,
  empowerSourceMaterial,
  getCategoryActuality,
  getContractLink,
  getCopyrightCertificate,
  getSignedContractLink,
  getTradeCertificate,
  updateContractSignStatus,
  getClassifyIdListByCreationId,
  getEmpowerKeywords,
  getEmpowerList,
  getEmpoweredList,
  getMyOrders,
  getOrder,
  getOrderCodeByCreationId,
  getOrderCreationBySaas,
  getPayResult,
  getPendingBankTransfers,
  getRenewalEmpowerList,
  getUserImgAuth,
  orderReturnQrCode,
  payOrder,
  refreshPaymentQrCode,
  submitOrder,
  submitRenewal,
  updateOrderRemarks,
} from '@shared/contract/orders';
import { checkCustomKey } from '@shared/rules/order-price';
import { registerCall } from '../../http/register-call';
import { serviceOf } from '../../plugins/services';
import { empoweredWorks, originalDownload } from './licence-files';
import * as orders from './order-service';
import * as pay from './payment-service';
import { pendingBankTransfers } from './bank-transfers';
import { registerPaymentNotifyRoutes } from './notify-routes';
import { renewableLicences, submitRenewal as submitRenewalOrder } from './renewal-service';
import { registerDocumentRoutes } from './document-routes';
import { documentLink, signContract, signedContractLink } from './documents-service';
import { originOf } from './origin';
import { ORDERS_MSG } from './messages';

export function registerOrdersRoutes(app: FastifyInstance): void {
  const { db, now } = app.deps;
  const payDeps: pay.PayDeps = {
    db,
    now,
    commerce: serviceOf(app, 'commerce'),
    payments: serviceOf(app, 'payments'),
  };

  // Choosing what to license.
  registerCall(app, getEmpowerKeywords, async () => ({ keywords: [...EMPOWER_KEYWORDS] }));
  registerCall(app, getEmpowerList, async () => ({ list: await orders.empowerCategories(db) }));
  registerCall(app, getClassifyIdListByCreationId, async (input) => ({
    list: await orders.categoryActuality(db, input.creationId, now()),
  }));
  registerCall(app, getCategoryActuality, async (input) => ({
    list: await orders.categoryActuality(db, input.creationId, now()),
  }));
  registerCall(app, empowerCategory, async (input) =>
    orders.empowerInfo(payDeps, input.creationId),
  );
  registerCall(app, empowerSourceMaterial, async (input) =>
    orders.empowerInfo(payDeps, input.creationId),
  );
  registerCall(app, getOrderCreationBySaas, async (input, { user }) => {
    const [info, order] = await Promise.all([
      orders.empowerInfo(payDeps, input.creationId),
      orders.orderCodeByCreation(payDeps, user?.id ?? null, input.creationId),
    ]);
    return {
      ...info,
      orderNo: order.orderNo,
      orderState: order.state,
      canDownload: order.canDownload,
    };
  });
  registerCall(app, checkCustomKeyCall, async (input) => {
    const problem = checkCustomKey(input.customKey);
    return { ok: problem === null, message: problem ?? '' };
  });

  // Orders.
  registerCall(app, submitOrder, async (input, { currentUser }) =>
    orders.submitOrder(payDeps, currentUser().id, input),
  );
  registerCall(app, getOrder, async (input, { currentUser }) =>
    orders.getOrder(payDeps, currentUser().id, input.orderNo),
  );
  registerCall(app, getMyOrders, async (input, { currentUser }) =>
    orders.myOrders(payDeps, currentUser().id, input),
  );
  registerCall(app, cancelOrder, async (input, { currentUser }) =>
    orders.cancelOrder(payDeps, currentUser().id, input.orderNo),
  );
  registerCall(app, updateOrderRemarks, async (input, { currentUser }) =>
    orders.updateRemarks(payDeps, currentUser().id, input.orderNo, input.remarks),
  );
  registerCall(app, getOrderCodeByCreationId, async (input, { user }) =>
    orders.orderCodeByCreation(payDeps, user?.id ?? null, input.creationId),
  );
  registerCall(app, channelShare, async (input, { currentUser, request }) => {
    const order = await orders.getOrder(payDeps, currentUser().id, input.orderNo);
    const link = await orders.shareLink(db, order.orderNo, originOf(request));
    return {
      url: link,
      text: ORDERS_MSG.order.shareText(order.title, order.licenceTitle, link),
    };
  });

  // Renewing a time-limited licence.
  registerCall(app, getRenewalEmpowerList, async (input, { currentUser }) => ({
    list: await renewableLicences(payDeps, currentUser().id, input.orderNo),
  }));
  registerCall(app, submitRenewal, async (input, { currentUser }) =>
    submitRenewalOrder(payDeps, currentUser().id, input),
  );

  // Paying.
  registerCall(app, orderReturnQrCode, async (input, { currentUser, request }) =>
    pay.createPayment(payDeps, currentUser().id, input.orderNo, input.payMethod, originOf(request)),
  );
  registerCall(app, refreshPaymentQrCode, async (input, { currentUser, request }) =>
    pay.refreshPayment(payDeps, currentUser().id, input.payOrderNo, originOf(request)),
  );
  registerCall(app, getPayResult, async (input, { currentUser }) =>
    pay.payResult(payDeps, currentUser().id, input.payOrderNo),
  );
  registerCall(app, payOrder, async (input, { currentUser }) =>
    input.payWith === 'quota'
      ? pay.payWithQuota(payDeps, currentUser().id, input.orderNo)
      : pay.payWithBalance(payDeps, currentUser().id, input.orderNo),
  );
  registerCall(app, getPendingBankTransfers, async (input) => pendingBankTransfers(payDeps, input));
  registerCall(app, confirmBankTransfer, async (input) => pay.confirmBankTransfer(payDeps, input));

  // The licensed files.
  registerCall(app, getEmpoweredList, async (input, { currentUser }) =>
    empoweredWorks(payDeps, currentUser().id, input),
  );
  registerCall(app, getUserImgAuth, async (input, { currentUser }) =>
    originalDownload(app.deps, currentUser().id, input.creationId),
  );

  // The documents of a paid licence.
  registerCall(app, getContractLink, async (input, { currentUser, request }) =>
    documentLink(app.deps, currentUser().id, input.orderNo, 'contract', originOf(request)),
  );
  registerCall(app, getSignedContractLink, async (input, { currentUser, request }) =>
    signedContractLink(app.deps, currentUser().id, input.orderNo, originOf(request)),
  );
  registerCall(app, updateContractSignStatus, async (input, { currentUser }) =>
    signContract(app.deps, currentUser().id, input.orderNo, input.agreed),
  );
  registerCall(app, getTradeCertificate, async (input, { currentUser, request }) => {
    const { url, code, verifyUrl } = await documentLink(
      app.deps,
      currentUser().id,
      input.orderNo,
      'trade',
      originOf(request),
    );
    return { url, code, verifyUrl };
  });
  registerCall(app, getCopyrightCertificate, async (input, { currentUser, request }) => {
    const { url, code, verifyUrl } = await documentLink(
      app.deps,
      currentUser().id,
      input.orderNo,
      'copyright',
      originOf(request),
    );
    return { url, code, verifyUrl };
  });

  registerPaymentNotifyRoutes(app, payDeps);
  registerDocumentRoutes(app);
}
