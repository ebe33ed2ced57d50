import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall } from './define';

// Infringement complaints (issue 13, §7 external Sys/AddComplainRecord) and the attachments that
// carry their evidence. Anyone signed in reports a work; the designer of the work answers with
// counter-evidence; an admin takes the work down, dismisses, asks for more, or restores. Every step
// is an event both parties and admins read. docs/complaints.md.

/** PUT the file's bytes here with ?name=<file name>; the answer's data is an Attachment. */
export const ATTACHMENT_UPLOAD_PATH = '/api/Attachment/Upload';

export const Attachment = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  size: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** A signed URL of the file, valid for an hour. */
  url: Type.String(),
});
export type Attachment = Static<typeof Attachment>;

/** The rights a complainant says the work infringes. */
export const COMPLAINT_RIGHTS = [
  '著作权',
  '商标权',
  '外观设计专利权',
  '肖像权',
  '其他权利',
] as const;
export type ComplaintRight = (typeof COMPLAINT_RIGHTS)[number];

export const COMPLAINT_STATES = [
  'pending',
  'need_info',
  'taken_down',
  'countered',
  'restored',
  'dismissed',
] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

export const COMPLAINT_STATE_TITLES: Record<ComplaintState, string> = {
  pending: '待处理',
  need_info: '待补充材料',
  taken_down: '作品已下架',
  countered: '设计师已申诉',
  restored: '作品已恢复',
  dismissed: '已驳回',
};

/** What happened at one step of a complaint. */
export const COMPLAINT_ACTIONS = [
  'filed',
  'supplemented',
  'info_requested',
  'taken_down',
  'countered',
  'restored',
  'upheld',
  'dismissed',
] as const;
export type ComplaintAction = (typeof COMPLAINT_ACTIONS)[number];

export const COMPLAINT_ACTION_TITLES: Record<ComplaintAction, string> = {
  filed: '提交投诉',
  supplemented: '补充材料',
  info_requested: '要求补充材料',
  taken_down: '下架作品',
  countered: '设计师申诉',
  restored: '恢复作品',
  upheld: '维持下架',
  dismissed: '驳回投诉',
};

export const COMPLAINT_ROLE_TITLES = {
  complainant: '投诉人',
  designer: '设计师',
  admin: '平台',
} as const;
export type ComplaintRole = keyof typeof COMPLAINT_ROLE_TITLES;

/** Lengths the form and the server both hold to. */
export const COMPLAINT_LIMITS = {
  descriptionMin: 10,
  descriptionMax: 2000,
  contactMax: 60,
  urlMax: 300,
  answerMin: 5,
  answerMax: 2000,
  reasonMax: 500,
  filesMax: 9,
} as const;

const StateSchema = Type.Union(COMPLAINT_STATES.map((s) => Type.Literal(s)));
const RoleSchema = Type.Union([
  Type.Literal('complainant'),
  Type.Literal('designer'),
  Type.Literal('admin'),
]);
const AttachmentIds = (minItems: number) =>
  Type.Array(Type.Integer({ minimum: 1 }), {
    minItems,
    maxItems: COMPLAINT_LIMITS.filesMax,
    description: '附件 ID（先上传到 /api/Attachment/Upload）',
  });

export const ComplaintSummary = Type.Object({
  id: Type.Integer(),
  refNo: Type.String(),
  workId: Type.Integer(),
  workTitle: Type.String(),
  /** The work's public thumbnail, '' while it is not public. */
  workThumbUrl: Type.String(),
  rights: Type.String(),
  state: StateSchema,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ComplaintSummary = Static<typeof ComplaintSummary>;

export const ComplaintEvent = Type.Object({
  id: Type.Integer(),
  actorRole: RoleSchema,
  action: Type.Union(COMPLAINT_ACTIONS.map((a) => Type.Literal(a))),
  text: Type.String(),
  createdAt: Type.String(),
  files: Type.Array(Attachment),
});
export type ComplaintEvent = Static<typeof ComplaintEvent>;

export const ComplaintDetail = Type.Object({
  ...ComplaintSummary.properties,
  description: Type.String(),
  ownWorkUrl: Type.String(),
  /** The complainant's contact: shown to the complainant and admins, '' to the designer. */
  contact: Type.String(),
  /** Who is reading: the complainant, the work's designer, or an admin. */
  viewerRole: RoleSchema,
  /** Whether the reader may add a step now (supplement or counter-notice). */
  canAnswer: Type.Boolean(),
  events: Type.Array(ComplaintEvent),
});
export type ComplaintDetail = Static<typeof ComplaintDetail>;

export const addComplainRecord = defineCall({
  name: 'Sys/AddComplainRecord',
  path: apiPath('Sys', 'AddComplainRecord'),
  auth: 'required',
  tag: 'complaints',
  summary: '侵权投诉：举报一件作品侵犯了我的权利，附证据文件；同一表单重复提交只生成一条投诉',
  request: Type.Object({
    workId: Type.Integer({ minimum: 1 }),
    rights: Type.String({ maxLength: 20, description: '被侵犯的权利，如 著作权' }),
    description: Type.String({ maxLength: COMPLAINT_LIMITS.descriptionMax }),
    ownWorkUrl: Type.String({ maxLength: COMPLAINT_LIMITS.urlMax, default: '' }),
    contact: Type.String({ maxLength: COMPLAINT_LIMITS.contactMax }),
    attachmentIds: AttachmentIds(1),
    /** Made once per form by the browser: a retry of the same form finds the same complaint. */
    requestKey: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', maxLength: 64 }),
  }),
  response: Type.Object({ id: Type.Integer(), refNo: Type.String(), state: StateSchema }),
});

export const getMyComplaints = defineCall({
  name: 'Complaint/GetMyComplaints',
  path: apiPath('Complaint', 'GetMyComplaints'),
  auth: 'required',
  tag: 'complaints',
  summary: '我的投诉：我提交的投诉（filed），或针对我的作品的投诉（against），最新的在前',
  request: Type.Object({
    ...PageQuery,
    side: Type.Union([Type.Literal('filed'), Type.Literal('against')], { default: 'filed' }),
  }),
  response: pageOf(ComplaintSummary),
});

export const getComplaintDetail = defineCall({
  name: 'Complaint/GetComplaintDetail',
  path: apiPath('Complaint', 'GetComplaintDetail'),
  auth: 'required',
  tag: 'complaints',
  summary: '一条投诉与它的全部处理记录；只有投诉人、被投诉作品的设计师和管理员可以读',
  request: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
  response: ComplaintDetail,
});

export const answerComplaint = defineCall({
  name: 'Complaint/AnswerComplaint',
  path: apiPath('Complaint', 'AnswerComplaint'),
  auth: 'required',
  tag: 'complaints',
  summary: '投诉人补充材料，或被投诉作品的设计师提交申诉（反通知）：文字与附件',
  request: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    text: Type.String({ maxLength: COMPLAINT_LIMITS.answerMax }),
    attachmentIds: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: COMPLAINT_LIMITS.filesMax,
      default: [],
    }),
  }),
  response: ComplaintDetail,
});

export const AdminComplaintSummary = Type.Object({
  ...ComplaintSummary.properties,
  complainantName: Type.String(),
  designerName: Type.String(),
});
export type AdminComplaintSummary = Static<typeof AdminComplaintSummary>;

export const getAdminComplaintList = defineCall({
  name: 'Admin/GetComplaintList',
  path: apiPath('Admin', 'GetComplaintList'),
  auth: 'admin',
  tag: 'complaints',
  summary: '后台：侵权投诉列表，可按状态筛选，待处理的在前',
  request: Type.Object({
    ...PageQuery,
    state: Type.Optional(StateSchema),
  }),
  response: pageOf(AdminComplaintSummary),
});

export const ComplaintMatch = Type.Object({
  workId: Type.Integer(),
  title: Type.String(),
  designerName: Type.String(),
  thumbUrl: Type.String(),
  /** Similarity 0–1 from the image-search engine. */
  score: Type.Number(),
  /** The engine takes it for the very same picture. */
  exact: Type.Boolean(),
});
export type ComplaintMatch = Static<typeof ComplaintMatch>;

export const getComplaintReview = defineCall({
  name: 'Admin/GetComplaintReview',
  path: apiPath('Admin', 'GetComplaintReview'),
  auth: 'admin',
  tag: 'complaints',
  summary: '后台：投诉详情、被投诉作品，以及以图搜图找到的相似已发布作品（可能的原作）',
  request: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
  response: Type.Object({
    complaint: ComplaintDetail,
    work: Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      /** The work's status word (已发布, 已下架…). */
      statusTitle: Type.String(),
      designerName: Type.String(),
      /** A signed thumbnail of the work's picture, public or not. */
      imageUrl: Type.String(),
    }),
    matches: Type.Array(ComplaintMatch),
    complainantName: Type.String(),
  }),
});

export const COMPLAINT_DECISIONS = [
  'takeDown',
  'dismiss',
  'requestInfo',
  'restore',
  'uphold',
] as const;
export type ComplaintDecision = (typeof COMPLAINT_DECISIONS)[number];

export const decideComplaint = defineCall({
  name: 'Admin/DecideComplaint',
  path: apiPath('Admin', 'DecideComplaint'),
  auth: 'admin',
  tag: 'complaints',
  summary:
    '后台：处理投诉：下架作品、驳回（附理由）、要求补充材料、申诉后恢复作品或维持下架；双方都会收到通知',
  request: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    decision: Type.Union(COMPLAINT_DECISIONS.map((d) => Type.Literal(d))),
    reason: Type.String({ maxLength: COMPLAINT_LIMITS.reasonMax, default: '' }),
  }),
  response: ComplaintDetail,
});

/** The complaint form's sentences: the form shows them and the server refuses with the same. */
export const COMPLAINT_FORM_MSG = {
  rights: '请选择被侵犯的权利',
  descriptionShort: `请描述侵权情况，至少 ${COMPLAINT_LIMITS.descriptionMin} 个字`,
  descriptionLong: `侵权情况不能超过 ${COMPLAINT_LIMITS.descriptionMax} 个字`,
  ownWorkUrl: '原作品链接需以 https:// 开头，或填写本站作品页地址',
  contact: '请填写联系方式（11 位手机号或邮箱）',
  evidence: '请上传至少一份证据材料',
  tooManyFiles: `证据材料最多 ${COMPLAINT_LIMITS.filesMax} 份`,
  answerShort: `请填写说明，至少 ${COMPLAINT_LIMITS.answerMin} 个字`,
} as const;

const PHONE = /^1\d{10}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a link to the complainant's own work is acceptable: https, or a path on this site. */
export function isOwnWorkUrl(text: string): boolean {
  const value = text.trim();
  if (value === '') return true;
  if (value.startsWith('/') && !value.startsWith('//')) return /^\/[\w\-./?=&%#]*$/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export type ComplaintFormFields = {
  rights: string;
  description: string;
  ownWorkUrl: string;
  contact: string;
  attachmentCount: number;
};

/** The first thing wrong with a complaint form, field by field, or null; both sides run it. */
export function checkComplaintForm(form: ComplaintFormFields): string | null {
  if (!(COMPLAINT_RIGHTS as readonly string[]).includes(form.rights))
    return COMPLAINT_FORM_MSG.rights;
  const description = [...form.description.trim()].length;
  if (description < COMPLAINT_LIMITS.descriptionMin) return COMPLAINT_FORM_MSG.descriptionShort;
  if (description > COMPLAINT_LIMITS.descriptionMax) return COMPLAINT_FORM_MSG.descriptionLong;
  if (!isOwnWorkUrl(form.ownWorkUrl)) return COMPLAINT_FORM_MSG.ownWorkUrl;
  const contact = form.contact.trim();
  if (!PHONE.test(contact) && !EMAIL.test(contact)) return COMPLAINT_FORM_MSG.contact;
  if (form.attachmentCount < 1) return COMPLAINT_FORM_MSG.evidence;
  if (form.attachmentCount > COMPLAINT_LIMITS.filesMax) return COMPLAINT_FORM_MSG.tooManyFiles;
  return null;
}

/** A counter-notice or supplement: enough words to be read. */
export function checkComplaintAnswer(text: string): string | null {
  return [...text.trim()].length < COMPLAINT_LIMITS.answerMin
    ? COMPLAINT_FORM_MSG.answerShort
    : null;
}
