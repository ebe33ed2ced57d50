// Where the bill pages of the user centre live (spec §2 /user/billManagement…); kept here until
// paths.ts gains them.

export const billLinks = {
  bills: '/user/billManagement',
  invoice: '/user/billManagement/invoice',
  ticket: '/user/billManagement/ticket',
  orderDetail: (orderNo: string) => `/user/myorder/detail?orderNo=${encodeURIComponent(orderNo)}`,
} as const;
