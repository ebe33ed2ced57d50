import { paths } from '../../../config/paths';

/** /purchaseOrder (品类独家 → 授权订单) or /materialOrder (素材订单). */
export type OrderKind = 'purchase' | 'material';

export const ORDER_KINDS: Record<
  OrderKind,
  {
    title: string;
    checkout: (creationId: number, licenceId?: number) => string;
    step: (step: number, orderNo: string) => string;
    documents: (orderNo: string) => string;
    documentsTitle: string;
  }
> = {
  purchase: {
    title: '授权订单',
    checkout: paths.purchaseOrderFor,
    step: paths.purchaseOrderStep,
    documents: paths.purchaseOrderContract,
    documentsTitle: '授权合同',
  },
  material: {
    title: '素材订单',
    checkout: paths.materialOrderFor,
    step: paths.materialOrderStep,
    documents: paths.materialOrderProof,
    documentsTitle: '授权凭证',
  },
};

/** An order's own kind, from its orderType ('purchase' | 'material'). */
export const orderKindOf = (orderType: string): OrderKind =>
  orderType === 'purchase' ? 'purchase' : 'material';
