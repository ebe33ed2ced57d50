import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall } from './define';
import { FileKey } from './uploads';

// 在线客服 (issue 13, spec §7 User/ContactCustomerService; docs/customer-service.md): a signed-in
// user writes to the platform's staff in one open thread at a time, with text and images, from the
// floating tools, a work page or an order page (the page travels with the message as its context);
// staff answer in the back office (/admin/service). Only the thread's user and admins read it.

/** Shortest and longest message text, in characters. */
export const SERVICE_MESSAGE_MIN = 1;
export const SERVICE_MESSAGE_MAX = 1000;
/** Images one message may carry; each png or jpg (by content) of at most 2 MB (spec §5). */
export const SERVICE_IMAGES_MAX = 4;
export const SERVICE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Formats a service image may have, as the upload endpoint reads them from the bytes. */
export const SERVICE_IMAGE_FORMATS = ['png', 'jpeg'] as const;

/** Order numbers as the orders and service orders write them (letters, digits). */
const OrderNo = Type.String({ pattern: '^[A-Za-z0-9]{6,40}$', maxLength: 40 });

/** The sender's own key for one message, so a retry or a double click stores it once. */
const ClientKey = Type.String({
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  maxLength: 64,
  description: '发送方为这条消息生成的唯一键（重试时不变）',
});

const MessageInput = {
  content: Type.String({ maxLength: SERVICE_MESSAGE_MAX * 2, description: '消息内容，1–1000 字' }),
  imageKeys: Type.Array(FileKey, {
    maxItems: SERVICE_IMAGES_MAX,
    uniqueItems: true,
    default: [],
    description: '图片（上传接口返回的 fileKey），png/jpg，每张不超过 2MB',
  }),
  clientKey: ClientKey,
};

/** The page a message was written from, as staff see it. */
export const ServiceContext = Type.Object({
  workId: Type.Union([Type.Integer(), Type.Null()]),
  /** The work's title ('' when the work is gone). */
  workTitle: Type.String(),
  orderNo: Type.Union([Type.String(), Type.Null()]),
});
export type ServiceContext = Static<typeof ServiceContext>;

export const ServiceImage = Type.Object({
  /** Signed URL of a small preview. */
  thumbUrl: Type.String(),
  /** Signed URL of the image itself. */
  url: Type.String(),
});
export type ServiceImage = Static<typeof ServiceImage>;

export const ServiceMessage = Type.Object({
  id: Type.Integer(),
  /** true when staff wrote it. */
  fromStaff: Type.Boolean(),
  content: Type.String(),
  images: Type.Array(ServiceImage),
  context: ServiceContext,
  /** ISO time. */
  createdAt: Type.String(),
  /** Whether the other side has read it. */
  read: Type.Boolean(),
});
export type ServiceMessage = Static<typeof ServiceMessage>;

const ThreadState = Type.Union([Type.Literal('open'), Type.Literal('closed')]);
export type ServiceThreadState = Static<typeof ThreadState>;

export const ServiceThread = Type.Object({
  id: Type.Integer(),
  state: ThreadState,
  createdAt: Type.String(),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  messages: Type.Array(ServiceMessage),
});
export type ServiceThread = Static<typeof ServiceThread>;

export const contactCustomerService = defineCall({
  name: 'User/ContactCustomerService',
  path: apiPath('User', 'ContactCustomerService'),
  auth: 'required',
  tag: 'customer-service',
  summary: '在线客服：向客服发送一条消息（文字与图片），加入用户当前的会话，没有则新开一个',
  request: Type.Object({
    ...MessageInput,
    workId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    orderNo: Type.Optional(OrderNo),
  }),
  response: ServiceThread,
});

export const getMyServiceThread = defineCall({
  name: 'User/GetMyServiceThread',
  path: apiPath('User', 'GetMyServiceThread'),
  auth: 'required',
  tag: 'customer-service',
  summary: '在线客服：我的当前会话（没有进行中的会话时为最近一次），读取后客服回复记为已读',
  request: Type.Object({}),
  response: Type.Object({ thread: Type.Union([ServiceThread, Type.Null()]) }),
});

export const getServiceUnreadCount = defineCall({
  name: 'User/GetServiceUnreadCount',
  path: apiPath('User', 'GetServiceUnreadCount'),
  auth: 'required',
  tag: 'customer-service',
  summary: '在线客服：客服回复中我尚未读的条数',
  request: Type.Object({}),
  response: Type.Object({ unread: Type.Integer({ minimum: 0 }) }),
});

export const ServiceThreadSummary = Type.Object({
  id: Type.Integer(),
  state: ThreadState,
  user: Type.Object({
    id: Type.Integer(),
    nickName: Type.String(),
    caiHongID: Type.String(),
  }),
  /** The newest message's text (shortened) and time. */
  preview: Type.String(),
  lastMessageAt: Type.String(),
  /** Since when the user waits for an answer (ISO), null when staff spoke last. */
  waitingSince: Type.Union([Type.String(), Type.Null()]),
  /** The user's messages no admin has read yet. */
  unread: Type.Integer({ minimum: 0 }),
  /** The newest context the user wrote from. */
  context: ServiceContext,
});
export type ServiceThreadSummary = Static<typeof ServiceThreadSummary>;

export const getServiceThreads = defineCall({
  name: 'Admin/GetServiceThreads',
  path: apiPath('Admin', 'GetServiceThreads'),
  auth: 'admin',
  tag: 'customer-service',
  summary:
    '后台：客服会话列表（进行中或已关闭）：等待回复的在前（最新等待的在最前），其余按最新消息排序',
  request: Type.Object({
    state: Type.Union([Type.Literal('open'), Type.Literal('closed')], { default: 'open' }),
    ...PageQuery,
  }),
  response: pageOf(ServiceThreadSummary),
});

export const ServiceThreadDetail = Type.Object({
  ...ServiceThread.properties,
  user: ServiceThreadSummary.properties.user,
});
export type ServiceThreadDetail = Static<typeof ServiceThreadDetail>;

const ThreadId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const getServiceThread = defineCall({
  name: 'Admin/GetServiceThread',
  path: apiPath('Admin', 'GetServiceThread'),
  auth: 'admin',
  tag: 'customer-service',
  summary: '后台：一个客服会话的全部消息与用户信息，读取后用户的消息记为已读',
  request: Type.Object({ threadId: ThreadId }),
  response: ServiceThreadDetail,
});

export const replyServiceThread = defineCall({
  name: 'Admin/ReplyServiceThread',
  path: apiPath('Admin', 'ReplyServiceThread'),
  auth: 'admin',
  tag: 'customer-service',
  summary: '后台：客服回复一条消息（文字与图片），并通知用户',
  request: Type.Object({ threadId: ThreadId, ...MessageInput }),
  response: ServiceThreadDetail,
});

export const setServiceThreadState = defineCall({
  name: 'Admin/SetServiceThreadState',
  path: apiPath('Admin', 'SetServiceThreadState'),
  auth: 'admin',
  tag: 'customer-service',
  summary: '后台：关闭或重新打开一个客服会话',
  request: Type.Object({ threadId: ThreadId, state: ThreadState }),
  response: ServiceThreadDetail,
});
