import { paths } from '../../../../config/paths';

// Where the order pages of the user centre link (spec §2 /user/myorder…). Built on paths.ts; kept
// here until paths.ts gains these builders.

export const myOrderLinks = {
  list: paths.user.myorder,
  tab: (activeIndex: number) => `${paths.user.myorder}/${activeIndex}`,
  detail: (orderNo: string) =>
    `${paths.user.myorder}/detail?orderNo=${encodeURIComponent(orderNo)}`,
  renewal: `${paths.user.myorder}/renewal`,
  renewalInfo: (orderNo: string) =>
    `${paths.user.myorder}/renewal/info?orderNo=${encodeURIComponent(orderNo)}`,
  /** Step 2 (支付) of an order, on the checkout page of its type. */
  pay: (orderType: string, orderNo: string) =>
    orderType === 'purchase'
      ? paths.purchaseOrderStep(2, orderNo)
      : paths.materialOrderStep(2, orderNo),
  /** The licence's documents: the contract (purchase) or the proof (material). */
  documents: (orderType: string, orderNo: string) =>
    orderType === 'purchase'
      ? paths.purchaseOrderContract(orderNo)
      : paths.materialOrderProof(orderNo),
  documentsTitle: (orderType: string) => (orderType === 'purchase' ? '查看合同' : '授权凭证'),
  browseWorks: paths.work,
  workDetail: paths.workDetail,
} as const;
