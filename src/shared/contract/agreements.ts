import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { apiPath, defineCall } from './define';

// Agreements and privacy (issue 13): versioned documents, each with an alias for /agreement/{alias};
// the newest version is in force. Texts are Markdown, served as HTML the server renders and
// sanitises. Admins publish a new version; a new user agreement asks its older acceptors again.

/** The aliases of the platform's agreements (the member one is fixed by the spec's path). */
export const AGREEMENT_ALIASES = {
  userAgreement: 'userAgreement',
  copyrightStatement: 'copyrightStatement',
  privacyPolicy: 'privacyPolicy',
  memberService: 'memberService',
  licenceAgreement: 'licenceAgreement',
} as const;

const Alias = Type.String({
  pattern: '^[A-Za-z][A-Za-z0-9]{1,39}$',
  maxLength: 40,
  description: '协议别名，如 userAgreement',
});

export const AgreementSummary = Type.Object({
  alias: Type.String(),
  title: Type.String(),
  version: Type.Integer(),
  /** When this version was published (ISO). */
  publishedAt: Type.String(),
});
export type AgreementSummary = Static<typeof AgreementSummary>;

export const getAgreementList = defineCall({
  name: 'Agreement/GetAgreementList',
  path: apiPath('Agreement', 'GetAgreementList'),
  tag: 'agreements',
  summary: '平台协议列表：每份协议的标题、别名、现行版本与发布日期',
  request: Type.Object({}),
  response: Type.Array(AgreementSummary),
});

export const AgreementDetail = Type.Object({
  ...AgreementSummary.properties,
  /** What changed in this version ('' for the first). */
  note: Type.String(),
  /** The text, rendered from Markdown and sanitised on the server. */
  html: Type.String(),
});
export type AgreementDetail = Static<typeof AgreementDetail>;

export const getAgreement = defineCall({
  name: 'Agreement/GetAgreement',
  path: apiPath('Agreement', 'GetAgreement'),
  tag: 'agreements',
  summary: '一份协议的现行版本（按别名），正文为服务端渲染并净化的 HTML',
  request: Type.Object({ alias: Alias }),
  response: AgreementDetail,
});

/** Shortest and longest agreement text an admin may publish, in characters of Markdown. */
export const AGREEMENT_BODY_MIN = 20;
export const AGREEMENT_BODY_MAX = 60_000;
export const AGREEMENT_NOTE_MAX = 200;

export const getAgreementSource = defineCall({
  name: 'Admin/GetAgreementSource',
  path: apiPath('Admin', 'GetAgreementSource'),
  auth: 'admin',
  tag: 'agreements',
  summary: '后台：一份协议现行版本的 Markdown 原文，用于起草新版本',
  request: Type.Object({ alias: Alias }),
  response: Type.Object({
    ...AgreementSummary.properties,
    markdown: Type.String(),
  }),
});

export const publishAgreement = defineCall({
  name: 'Admin/PublishAgreement',
  path: apiPath('Admin', 'PublishAgreement'),
  auth: 'admin',
  tag: 'agreements',
  summary: '后台：发布协议的新版本（Markdown）；用户协议的新版本会让已同意旧版本的用户重新确认',
  request: Type.Object({
    alias: Alias,
    markdown: Type.String({ maxLength: AGREEMENT_BODY_MAX }),
    note: Type.String({ maxLength: AGREEMENT_NOTE_MAX, default: '' }),
  }),
  response: AgreementSummary,
});
