import { formatYuan } from '@shared/rules/money';
import type { NewNotice } from './notice-service';

// The notices other modules send (docs/notices.md): one builder per event, so every module's
// Chinese stays here and every notice of one event reads the same. Each returns what sendNotice
// takes; the caller passes it inside the transaction of the change it announces.

type Built = NewNotice;

const quote = (title: string): string => `《${title.trim() || '未命名作品'}》`;
const orderLink = (orderNo: string) =>
  `/user/myorder/detail?orderNo=${encodeURIComponent(orderNo)}`;

export const NOTICES = {
  welcome: (userId: number): Built => ({
    userId,
    kind: 'system',
    title: '欢迎来到纹样',
    body: '审核结果、订单支付、提现进度和客服回复都会在这里通知您。点击消息可直接前往相关页面；在“消息中心”可按类型筛选、只看未读或全部标为已读。',
    link: '/user/message',
  }),
  settleInApproved: (userId: number, nickName: string): Built => ({
    userId,
    kind: 'review',
    title: '入驻申请已通过',
    body: `恭喜！您以“${nickName}”提交的设计师入驻申请已通过审核，现在可以发布作品、在作品管理中查看审核进度并获得销售收入。`,
    link: '/publishWork',
  }),
  settleInRejected: (userId: number, reason: string): Built => ({
    userId,
    kind: 'review',
    title: '入驻申请未通过',
    body: `很抱歉，您的设计师入驻申请未通过审核。原因：${reason}。请按原因修改资料后重新提交申请。`,
    link: '/application',
  }),
  workApproved: (userId: number, workTitle: string): Built => ({
    userId,
    kind: 'review',
    title: '作品审核通过',
    body: `您的作品${quote(workTitle)}已通过审核并上架，买家现在可以搜索、收藏和购买授权。`,
    link: '/user/mywork',
  }),
  workRejected: (userId: number, workId: number, workTitle: string, reason: string): Built => ({
    userId,
    kind: 'review',
    title: '作品审核未通过',
    body: `您的作品${quote(workTitle)}未通过审核。原因：${reason}。修改后可重新提交审核。`,
    link: `/publishWork?id=${workId}`,
  }),
  withdrawalApproved: (userId: number, withdrawalNo: string, amountFen: number): Built => ({
    userId,
    kind: 'wallet',
    title: '提现申请已通过',
    body: `您的提现申请 ${withdrawalNo}（${formatYuan(amountFen)}）已通过审核，平台将尽快打款到您绑定的银行卡。`,
    link: '/user/mybalance/accWithdraw',
  }),
  withdrawalPaid: (userId: number, withdrawalNo: string, amountFen: number): Built => ({
    userId,
    kind: 'wallet',
    title: '提现已打款',
    body: `您的提现 ${withdrawalNo}（${formatYuan(amountFen)}）已打款到您绑定的银行卡，到账时间以银行为准。`,
    link: '/user/mybalance/accWithdraw',
  }),
  withdrawalRejected: (
    userId: number,
    withdrawalNo: string,
    amountFen: number,
    reason: string,
  ): Built => ({
    userId,
    kind: 'wallet',
    title: '提现申请被驳回',
    body: `您的提现申请 ${withdrawalNo}（${formatYuan(amountFen)}）被驳回。原因：${reason}。款项已退回可提现余额。`,
    link: '/user/mybalance/accWithdraw',
  }),
  licencePaid: (
    userId: number,
    orderNo: string,
    workTitle: string,
    licenceTitle: string,
  ): Built => ({
    userId,
    kind: 'order',
    title: '授权订单已支付',
    body: `订单 ${orderNo} 已支付成功：${quote(workTitle)}${licenceTitle}。授权合同、交易凭证和版权证明可在订单详情中查看下载。`,
    link: orderLink(orderNo),
  }),
  workSold: (userId: number, orderNo: string, workTitle: string, shareFen: number): Built => ({
    userId,
    kind: 'order',
    title: '作品售出',
    body: `您的作品${quote(workTitle)}售出一份授权（订单 ${orderNo}），您的分成 ${formatYuan(shareFen)} 将在结算期后转入可提现余额。`,
    link: '/user/saleRecord',
  }),
  bankTransferConfirmed: (userId: number, orderNo: string, amountFen: number): Built => ({
    userId,
    kind: 'order',
    title: '银行转账已确认',
    body: `您为订单 ${orderNo} 支付的对公转账 ${formatYuan(amountFen)} 已确认到账，订单已支付。`,
    link: orderLink(orderNo),
  }),
  paymentRefunded: (userId: number, orderNo: string, amountFen: number, reason: string): Built => ({
    userId,
    kind: 'order',
    title: '订单款项已退回',
    body: `订单 ${orderNo} 收到的款项 ${formatYuan(amountFen)} 未能用于该订单：${reason}。`,
    link: orderLink(orderNo),
  }),
} as const;
