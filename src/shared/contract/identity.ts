import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { apiPath, defineCall } from './define';

// Real-name verification (Certification): a person by ID card, a company by its unified social
// credit code; one verified identity signs the licence contracts (第一签署人). Settling in and
// licence contracts read it.

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

const Id = Type.Integer({ minimum: 1 });

export const VERIFY_KINDS = ['personal', 'enterprise'] as const;
export const VerifyKindKey = literals(
  VERIFY_KINDS,
  'personal 个人（身份证），enterprise 企业（统一社会信用代码）',
);

export const VerifyRecord = Type.Object({
  id: Type.Integer(),
  kind: VerifyKindKey,
  /** Real name, or the company name. */
  name: Type.String(),
  numberMasked: Type.String(),
  status: Type.Union([Type.Literal('verified'), Type.Literal('failed')]),
  reason: Type.String(),
  provider: Type.String(),
  /** Whether this identity signs the licence contracts (第一签署人). */
  isSigner: Type.Boolean(),
  createdAt: Type.String(),
});
export type VerifyRecord = Static<typeof VerifyRecord>;

export const VerifyInfo = Type.Object({
  verified: Type.Boolean(),
  records: Type.Array(VerifyRecord),
  signerId: Type.Union([Type.Integer(), Type.Null()]),
});
export type VerifyInfo = Static<typeof VerifyInfo>;

export const getVerifyInfo = defineCall({
  name: 'Certification/GetVerifyInfo',
  path: apiPath('Certification', 'GetVerifyInfo'),
  auth: 'required',
  tag: 'identity',
  summary: '我的实名认证记录（证件号打码）与合同第一签署人',
  request: Type.Object({}),
  response: VerifyInfo,
});

export const getVerifyUrl = defineCall({
  name: 'Certification/GetVerifyUrl',
  path: apiPath('Certification', 'GetVerifyUrl'),
  auth: 'required',
  tag: 'identity',
  summary:
    '发起实名认证：个人为姓名 + 身份证号（GB 11643 校验），企业为名称 + 统一社会信用代码（GB 32100 校验）；沙箱认证当场给出结果（url 为空），真实认证服务返回认证页地址',
  request: Type.Object({
    kind: VerifyKindKey,
    name: Type.String({ minLength: 2, maxLength: 60, description: '姓名或企业名称' }),
    number: Type.String({
      minLength: 15,
      maxLength: 20,
      description: '身份证号或统一社会信用代码',
    }),
  }),
  response: Type.Object({
    record: VerifyRecord,
    /** The provider's page to finish verification; null when the result is already known. */
    url: Type.Union([Type.String(), Type.Null()]),
  }),
});

export const changeFirstSigner = defineCall({
  name: 'Certification/ChangeFirstSigner',
  path: apiPath('Certification', 'ChangeFirstSigner'),
  auth: 'required',
  tag: 'identity',
  summary: '指定由哪个已通过的认证身份签署授权合同（第一签署人）',
  request: Type.Object({ id: Id }),
  response: VerifyInfo,
});
