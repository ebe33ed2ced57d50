import {
  DEMAND_MANUSCRIPTS_PER_DESIGNER,
  DEMAND_NOTE_MAX,
  DEMAND_REFERENCES_MAX,
} from '@shared/rules/demand';

export const DEMAND_SERVER_MSG = {
  notFound: '需求不存在',
  manuscriptNotFound: '稿件不存在',
  notOwner: '只有需求发布者可以这样做',
  notMember: '开通会员后可发布定制需求',
  quotaUsedUp: '本年度定制需求发布次数已用完，可购买加量包',
  balanceShort: '余额不足以托管赏金，请先充值',
  notOpen: '需求已截止或已关闭，不再接受报名和投稿',
  notEditable: '只有征集中的需求可以修改',
  alreadyClosed: '需求已关闭',
  notSignedUp: '请先报名该需求再投稿',
  ownDemand: '不能报名或投稿自己发布的需求',
  tooManyManuscripts: `每个需求最多投 ${DEMAND_MANUSCRIPTS_PER_DESIGNER} 份稿件`,
  duplicateManuscript: '这份文件已投过该需求',
  uploadMissing: '文件不存在，请重新上传',
  tooManyReferences: `参考图最多 ${DEMAND_REFERENCES_MAX} 张`,
  categoryMissing: '品类不存在',
  alreadyDecided: '该稿件已处理',
  quotaFull: '采用数量已满',
  demandDecided: '需求已关闭或已完成，不能再采用稿件',
  originalForbidden: '只有需求发布者与稿件作者可以下载已采用的稿件原图',
  notAdopted: '稿件尚未被采用',
  deadlineTooLong: '征稿期最长 60 天',
  noteTooLong: `稿件说明最多 ${DEMAND_NOTE_MAX} 个字`,
  refuseReasonMissing: '请填写不采用的理由',
  closedByCustomer: '需求已被发布者关闭',
  closedOverdue: '需求截止后超过处理期限，已自动关闭',
} as const;

/** Notices sent to the people a demand concerns. */
export const DEMAND_NOTICE = {
  manuscriptTitle: '你的需求收到新稿件',
  manuscriptBody: (title: string) => `需求「${title}」收到一份新稿件，请及时查看并处理。`,
  adoptedTitle: '你的稿件被采用了',
  adoptedBody: (title: string, yuan: string) =>
    `需求「${title}」采用了你的稿件，赏金 ¥${yuan}（扣除平台服务费后）已计入可提现收入。`,
  refusedTitle: '你的稿件未被采用',
  refusedBody: (title: string, reason: string) => `需求「${title}」未采用你的稿件：${reason}`,
  closedTitle: '需求已关闭',
  closedBody: (title: string, yuan: string) =>
    `需求「${title}」已关闭，未使用的托管赏金 ¥${yuan} 已退回余额。`,
} as const;

/** Ledger line titles of demand money (the balance statement shows them). */
export const DEMAND_LINE_TITLES = {
  escrow: '托管需求赏金',
  reward: '需求稿件赏金',
  fee: '需求平台服务费',
  refund: '需求赏金退回',
} as const;
