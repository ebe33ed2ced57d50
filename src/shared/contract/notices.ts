import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall, japiPath } from './define';

// Message centre (issue 13): notices the platform sends one user (review results, orders,
// withdrawals, service replies…). Only their owner lists, counts or marks them read.
// docs/notices.md: how user.RecvMsgParserService and messagecenter/Message/RecvMsgParser map here.

/** What a notice is about; the server sends them with sendNotice (modules/notices). */
export const NOTICE_KINDS = [
  'system',
  'review',
  'order',
  'wallet',
  'service',
  'complaint',
  'activity',
  'folk',
  'demand',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The Chinese title of each kind, as the message centre's tabs and tags show it. */
export const NOTICE_KIND_TITLES: Record<NoticeKind, string> = {
  system: '系统通知',
  review: '审核通知',
  order: '订单消息',
  wallet: '钱包消息',
  service: '客服消息',
  complaint: '投诉处理',
  activity: '活动消息',
  folk: '西南民族',
  demand: '定制需求',
};

/**
 * The number of each kind for user.RecvMsgParserService's sourceType (0 = every kind): its place in
 * NOTICE_KINDS plus one (system 1, review 2, order 3, wallet 4, service 5, complaint 6, activity 7,
 * folk 8, demand 9).
 */
export const noticeKindCode = (kind: NoticeKind): number => NOTICE_KINDS.indexOf(kind) + 1;
export const noticeKindOfCode = (code: number): NoticeKind | undefined => NOTICE_KINDS[code - 1];

/** Longest title, body and link a notice may carry, in characters. */
export const NOTICE_TITLE_MAX = 60;
export const NOTICE_BODY_MAX = 1000;
export const NOTICE_LINK_MAX = 300;

const Kind = Type.Union(
  NOTICE_KINDS.map((k) => Type.Literal(k)),
  { description: '消息类型' },
);

export const Notice = Type.Object({
  id: Type.Integer(),
  kind: Kind,
  title: Type.String(),
  body: Type.String(),
  /** In-site path the notice leads to, or null. */
  link: Type.Union([Type.String(), Type.Null()]),
  /** When it was sent (ISO). */
  createdAt: Type.String(),
  /** When its owner read it (ISO), or null while unread. */
  readAt: Type.Union([Type.String(), Type.Null()]),
});
export type Notice = Static<typeof Notice>;

export const getNoticeList = defineCall({
  name: 'Message/GetMessageList',
  path: apiPath('Message', 'GetMessageList'),
  auth: 'required',
  tag: 'notices',
  summary: '我的消息：分页，可只看未读、按类型筛选，最新的在前',
  request: Type.Object({
    ...PageQuery,
    /** 'all' or 'unread'. */
    filter: Type.Union([Type.Literal('all'), Type.Literal('unread')], { default: 'all' }),
    kind: Type.Optional(Kind),
  }),
  response: pageOf(Notice),
});

export const NoticeUnread = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  /** Unread notices of each kind that has any. */
  byKind: Type.Array(Type.Object({ kind: Kind, count: Type.Integer({ minimum: 1 }) })),
});
export type NoticeUnread = Static<typeof NoticeUnread>;

export const getNoticeUnreadCount = defineCall({
  name: 'Message/GetUnreadCount',
  path: apiPath('Message', 'GetUnreadCount'),
  auth: 'required',
  tag: 'notices',
  summary: '我的未读消息数（合计与各类型）',
  request: Type.Object({}),
  response: NoticeUnread,
});

export const recvMsgParser = defineCall({
  name: 'messagecenter/Message/RecvMsgParser',
  path: japiPath('messagecenter/Message/RecvMsgParser'),
  auth: 'required',
  tag: 'notices',
  summary: '标记我的消息为已读（按消息 ID）；返回本次新标记的条数',
  request: Type.Object({
    ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100 }),
  }),
  response: Type.Object({ marked: Type.Integer({ minimum: 0 }) }),
});

export const readAllNotices = defineCall({
  name: 'Message/ReadAll',
  path: apiPath('Message', 'ReadAll'),
  auth: 'required',
  tag: 'notices',
  summary: '全部标为已读（可只标某一类型）；返回本次新标记的条数',
  request: Type.Object({ kind: Type.Optional(Kind) }),
  response: Type.Object({ marked: Type.Integer({ minimum: 0 }) }),
});
