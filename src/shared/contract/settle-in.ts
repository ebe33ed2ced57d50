import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { SETTLE_STATES } from '../rules/publishing';
import { PHONE_PATTERN } from './accounts';
import { apiPath, defineCall } from './define';
import { FileKey } from './uploads';

// Settling in (Shop): a designer applies as a person or as a design company; an admin reviews the
// application (admin.ts) and the applicant becomes a settled designer who may publish.

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

export const SettleStateKey = literals(
  SETTLE_STATES,
  '入驻状态：none 未申请，submitted 审核中，settled 已入驻，rejected 未通过',
);
export const APPLICATION_KINDS = ['personal', 'enterprise'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];
export const ApplicationKindKey = literals(
  APPLICATION_KINDS,
  'personal 个人设计师，enterprise 设计公司',
);
export const APPLICATION_STATES = ['submitted', 'approved', 'rejected'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];
export const ApplicationStateKey = literals(
  APPLICATION_STATES,
  'submitted 审核中，approved 已通过，rejected 未通过',
);

/** Industries an applicant works for (the glossary's categories of use, and 其他). */
export const INDUSTRIES = [
  { id: 1, title: '服装面料' },
  { id: 2, title: '家纺床品' },
  { id: 3, title: '墙纸墙布' },
  { id: 4, title: '地毯地垫' },
  { id: 5, title: '包装印刷' },
  { id: 6, title: '文创礼品' },
  { id: 7, title: '箱包鞋帽' },
  { id: 8, title: '数码配件' },
  { id: 9, title: '其他' },
] as const;

export const Industry = Type.Object({ id: Type.Integer(), title: Type.String() });

export const getIndustryInfo = defineCall({
  name: 'Shop/GetIndustryInfo',
  path: apiPath('Shop', 'GetIndustryInfo'),
  tag: 'settle-in',
  summary: '入驻申请可选的行业',
  request: Type.Object({}),
  response: Type.Array(Industry),
});

const NickName = Type.String({
  minLength: 2,
  maxLength: 20,
  pattern: '^[^\\s]([\\s\\S]*[^\\s])?$',
  description: '店铺/图库昵称，2–20 个字符，全站唯一',
});

export const isExistenceNickName = defineCall({
  name: 'Shop/IsExistenceNickName',
  path: apiPath('Shop', 'IsExistenceNickName'),
  auth: 'required',
  tag: 'settle-in',
  summary: '昵称是否已被其他设计师使用或申请',
  request: Type.Object({ nickName: NickName }),
  response: Type.Object({ exists: Type.Boolean() }),
});

/** A sample or licence image of an application, readable through a short-lived signed URL. */
export const ApplicationImage = Type.Object({
  fileKey: Type.String(),
  thumbUrl: Type.String(),
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type ApplicationImage = Static<typeof ApplicationImage>;

export const DesignerApplication = Type.Object({
  id: Type.Integer(),
  kind: ApplicationKindKey,
  state: ApplicationStateKey,
  nickName: Type.String(),
  /** §3 settledInType: 2 gallery (图库), 1 store (店铺). */
  settledInType: Type.Integer(),
  /** Personal: the applicant's real name; enterprise: the contact person. */
  realName: Type.String(),
  idNumberMasked: Type.String(),
  companyName: Type.String(),
  creditCode: Type.String(),
  contactPhone: Type.String(),
  contactEmail: Type.String(),
  industryIds: Type.Array(Type.Integer()),
  industryTitles: Type.Array(Type.String()),
  intro: Type.String(),
  samples: Type.Array(ApplicationImage),
  licence: Type.Union([ApplicationImage, Type.Null()]),
  rejectReason: Type.String(),
  createdAt: Type.String(),
  reviewedAt: Type.Union([Type.String(), Type.Null()]),
});
export type DesignerApplication = Static<typeof DesignerApplication>;

export const ShopApplyInfo = Type.Object({
  settleState: SettleStateKey,
  settleStateTitle: Type.String(),
  /** Whether the caller has a verified identity of this kind (personal or enterprise). */
  verified: Type.Boolean(),
  verifiedName: Type.String(),
  /** The latest application of this kind, or null. */
  application: Type.Union([DesignerApplication, Type.Null()]),
});
export type ShopApplyInfo = Static<typeof ShopApplyInfo>;

export const getShopApplyInfo = defineCall({
  name: 'Shop/GetShopApplyInfo',
  path: apiPath('Shop', 'GetShopApplyInfo'),
  auth: 'required',
  tag: 'settle-in',
  summary: '我的入驻状态与最近一次申请（个人或公司，未通过时含原因）',
  request: Type.Object({}),
  response: ShopApplyInfo,
});

export const getEnterpriseApplyInfo = defineCall({
  name: 'Shop/GetEnterpriseApplyInfo',
  path: apiPath('Shop', 'GetEnterpriseApplyInfo'),
  auth: 'required',
  tag: 'settle-in',
  summary: '我的入驻状态与最近一次设计公司申请',
  request: Type.Object({}),
  response: ShopApplyInfo,
});

const SettledInType = Type.Union([Type.Literal(1), Type.Literal(2)], {
  description: '入驻类型：1 店铺（自主定价销售），2 图库（作品进入平台素材库）',
});
const ContactPhone = Type.String({ pattern: PHONE_PATTERN, description: '联系电话（手机号）' });
const ContactEmail = Type.String({
  maxLength: 60,
  pattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
  default: '',
  description: '联系邮箱（可空）',
});
const IndustryIds = Type.Array(Type.Integer({ minimum: 1, maximum: INDUSTRIES.length }), {
  minItems: 1,
  maxItems: 5,
  uniqueItems: true,
  description: '行业，1–5 个',
});
const Intro = Type.String({ maxLength: 500, default: '', description: '个人/公司简介' });
const SampleKeys = Type.Array(FileKey, {
  minItems: 1,
  maxItems: 12,
  uniqueItems: true,
  description: '作品样例（已上传的 fileKey），1–12 张',
});

const applicationCommon = {
  nickName: NickName,
  settledInType: SettledInType,
  contactPhone: ContactPhone,
  contactEmail: ContactEmail,
  industryIds: IndustryIds,
  intro: Intro,
  sampleFileKeys: SampleKeys,
  /** An invitation code from /sign/{Code} (absent or '' for none): used once; fast-tracks the review. */
  invitationCode: Type.Optional(Type.String({ maxLength: 32 })),
};

export const subitShopApply = defineCall({
  name: 'Shop/SubitShopApply',
  path: apiPath('Shop', 'SubitShopApply'),
  auth: 'required',
  tag: 'settle-in',
  summary:
    '个人设计师入驻申请：昵称、实名（姓名 + 身份证号，未认证时当场认证）、作品样例、行业与联系方式',
  request: Type.Object({
    ...applicationCommon,
    realName: Type.String({
      maxLength: 40,
      default: '',
      description: '真实姓名（已实名认证可空）',
    }),
    idNumber: Type.String({
      maxLength: 20,
      default: '',
      description: '身份证号（已实名认证可空）',
    }),
  }),
  response: DesignerApplication,
});

export const subitEnterprise = defineCall({
  name: 'Shop/SubitEnterprise',
  path: apiPath('Shop', 'SubitEnterprise'),
  auth: 'required',
  tag: 'settle-in',
  summary: '设计公司入驻申请：公司名称、统一社会信用代码、营业执照、联系人、作品样例',
  request: Type.Object({
    ...applicationCommon,
    companyName: Type.String({ minLength: 2, maxLength: 60, description: '公司名称' }),
    creditCode: Type.String({ minLength: 18, maxLength: 20, description: '统一社会信用代码' }),
    contactName: Type.String({ minLength: 2, maxLength: 40, description: '联系人姓名' }),
    licenceFileKey: FileKey,
  }),
  response: DesignerApplication,
});
