// What the complaints module says: refusals, and the notices each step sends.

export const COMPLAINT_MSG = {
  notFound: '投诉不存在',
  workGone: '作品不存在或已下架，无需投诉',
  ownWork: '不能投诉自己的作品',
  alreadyOpen: (refNo: string) => `你已投诉过该作品（编号 ${refNo}），平台正在处理中`,
  cannotAnswer: '当前状态下不能补充材料或申诉',
  adminCannotAnswer: '管理员请在投诉处理台中处理',
  stateChanged: '投诉状态已变化，请刷新后再操作',
  reasonRequired: '请填写理由，双方都会看到',
  workNotDown: '作品当前不是下架状态，无法恢复',
  workNotPublic: '作品当前未上架，无法下架',
  defaultTakeDownReason: (refNo: string) => `收到侵权投诉（编号 ${refNo}），经平台核实予以下架`,
  notice: {
    filedTitle: '你的作品收到一条侵权投诉',
    filedBody: (title: string, refNo: string) =>
      `你的作品《${title}》收到侵权投诉（编号 ${refNo}），平台正在核实。你可以在“我的投诉”中查看投诉内容并提交说明与证据。`,
    receivedTitle: '侵权投诉已受理',
    receivedBody: (title: string, refNo: string) =>
      `你对作品《${title}》的侵权投诉已提交，编号 ${refNo}。平台会尽快核实并通知你处理结果。`,
    takenDownTitle: '你的作品因侵权投诉已下架',
    takenDownBody: (title: string, refNo: string, reason: string) =>
      `你的作品《${title}》因侵权投诉（编号 ${refNo}）已下架：${reason}。如你认为投诉不成立，可在“我的投诉”中提交申诉与证据。`,
    takenDownForComplainantTitle: '你投诉的作品已下架',
    takenDownForComplainantBody: (title: string, refNo: string) =>
      `你投诉的作品《${title}》（编号 ${refNo}）经平台核实已下架。`,
    dismissedTitle: '侵权投诉未被支持',
    dismissedBody: (title: string, refNo: string, reason: string) =>
      `你对作品《${title}》的侵权投诉（编号 ${refNo}）未被支持：${reason}`,
    dismissedForDesignerTitle: '针对你作品的侵权投诉已驳回',
    dismissedForDesignerBody: (title: string, refNo: string) =>
      `针对你的作品《${title}》的侵权投诉（编号 ${refNo}）经平台核实已驳回。`,
    needInfoTitle: '侵权投诉需要补充材料',
    needInfoBody: (title: string, refNo: string, reason: string) =>
      `你对作品《${title}》的侵权投诉（编号 ${refNo}）需要补充材料：${reason}`,
    counteredTitle: '被投诉的设计师提交了申诉',
    counteredBody: (title: string, refNo: string) =>
      `作品《${title}》的设计师对你的侵权投诉（编号 ${refNo}）提交了申诉与证据，平台将复核。`,
    supplementedTitle: '投诉人补充了材料',
    supplementedBody: (title: string, refNo: string) =>
      `针对你的作品《${title}》的侵权投诉（编号 ${refNo}），投诉人补充了材料。`,
    restoredTitle: '你的作品已恢复上架',
    restoredBody: (title: string, refNo: string, reason: string) =>
      `经复核你的申诉，作品《${title}》已恢复上架（投诉编号 ${refNo}）：${reason}`,
    restoredForComplainantTitle: '你投诉的作品已恢复上架',
    restoredForComplainantBody: (title: string, refNo: string, reason: string) =>
      `经复核设计师的申诉，作品《${title}》已恢复上架（投诉编号 ${refNo}）：${reason}`,
    upheldTitle: '申诉未被支持，作品维持下架',
    upheldBody: (title: string, refNo: string, reason: string) =>
      `你对侵权投诉（编号 ${refNo}）的申诉未被支持，作品《${title}》维持下架：${reason}`,
  },
} as const;
