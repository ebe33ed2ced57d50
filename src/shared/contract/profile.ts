import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { AVATAR_MAX_BYTES, NICKNAME_MAX } from '../rules/profile';
import { PHONE_PATTERN } from './accounts';
import { apiPath, defineCall, sapiPath } from './define';

// The profile page /user/user (spec §2, §5, §7 account-admin/revise/phoneCaptcha; issue 13
// "Profile" and "Agreements and privacy"): avatar, nickname, phone and password, the personal-data
// export (PIPL) and account deletion with a cooling-off period. docs/profile.md.

/** Largest Base64 avatar accepted, so a file just over 2 MB still gets the §5 message, not a 413. */
export const AVATAR_DATA_MAX_CHARS = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 512 * 1024;
/** Request body limit of the avatar call. */
export const AVATAR_BODY_LIMIT = AVATAR_DATA_MAX_CHARS + 16 * 1024;

const Phone = Type.String({ pattern: PHONE_PATTERN, description: '手机号（11 位，以 1 开头）' });
const SmsCode = Type.String({ pattern: '^\\d{6}$', description: '6 位短信验证码' });
const Password = Type.String({ minLength: 8, maxLength: 64, description: '密码，8–64 位' });
const Ticket = Type.String({ minLength: 1, maxLength: 400, description: '原手机号验证通过的凭据' });

export const DeletionState = Type.Object({
  /** When the user asked (ms since the epoch). */
  requestedAt: Type.Integer(),
  /** When the account will be anonymised unless the user cancels (ms since the epoch). */
  dueAt: Type.Integer(),
});
export type DeletionState = Static<typeof DeletionState>;

export const Profile = Type.Object({
  userId: Type.Integer(),
  caiHongID: Type.String(),
  userName: Type.String(),
  /** 256 × 256 avatar. */
  headImg: Type.String(),
  /** 64 × 64 avatar (header). */
  smallHeadImg: Type.String(),
  /** 138****0001. */
  phoneMasked: Type.String(),
  /** §3 orgFlag 2: enterprise. */
  isEnterprise: Type.Boolean(),
  /** A pending account deletion (cooling-off), or null. */
  deletion: Type.Union([DeletionState, Type.Null()]),
});
export type Profile = Static<typeof Profile>;

export const getProfile = defineCall({
  name: 'Profile/GetProfile',
  path: apiPath('Profile', 'GetProfile'),
  auth: 'required',
  tag: 'profile',
  summary: '个人资料：头像、昵称、打码的手机号、是否在注销冷静期',
  request: Type.Object({}),
  response: Profile,
});

/** The square to keep, in fractions of the image: left and top of its corner, and its side over the short side. */
export const AvatarCrop = Type.Object({
  left: Type.Number({ minimum: 0, maximum: 1 }),
  top: Type.Number({ minimum: 0, maximum: 1 }),
  size: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
});
export type AvatarCrop = Static<typeof AvatarCrop>;

export const uploadAvatar = defineCall({
  name: 'Profile/UploadAvatar',
  path: apiPath('Profile', 'UploadAvatar'),
  auth: 'required',
  tag: 'profile',
  summary:
    '上传头像：PNG/JPG，小于 2MB（按文件内容判断），按所选正方形裁剪，服务器生成 256 与 64 像素两种尺寸',
  request: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 255 }),
    data: Type.String({ maxLength: AVATAR_DATA_MAX_CHARS, description: '图片内容，Base64' }),
    crop: AvatarCrop,
  }),
  response: Type.Object({ headImg: Type.String(), smallHeadImg: Type.String() }),
});

export const saveNickName = defineCall({
  name: 'Profile/SaveNickName',
  path: apiPath('Profile', 'SaveNickName'),
  auth: 'required',
  tag: 'profile',
  summary: '修改昵称（2–20 个字符，规则与 Shop/IsExistenceNickName 相同，全站唯一）',
  request: Type.Object({ nickName: Type.String({ maxLength: NICKNAME_MAX * 4 }) }),
  response: Type.Object({ userName: Type.String() }),
});

export const PHONE_CAPTCHA_TARGETS = ['old', 'new', 'deletion'] as const;
export type PhoneCaptchaTarget = (typeof PHONE_CAPTCHA_TARGETS)[number];

/** §7 account-admin/revise/phoneCaptcha. */
export const phoneCaptcha = defineCall({
  name: 'account-admin/revise/phoneCaptcha',
  path: sapiPath('account-admin/revise/phoneCaptcha'),
  auth: 'required',
  tag: 'profile',
  summary:
    '发送验证码：old 发往当前手机号（换绑第一步），new 发往新手机号（需原手机号验证凭据，新号未被使用），deletion 发往当前手机号（注销确认）',
  request: Type.Object({
    target: Type.Union(PHONE_CAPTCHA_TARGETS.map((t) => Type.Literal(t))),
    phone: Type.Optional(Phone),
    ticket: Type.Optional(Ticket),
  }),
  response: Type.Object({
    resendAfter: Type.Integer(),
    /** The number the code went to, masked. */
    phoneMasked: Type.String(),
    /** Only from the sandbox sender, to a request from this machine. */
    sandboxCode: Type.Optional(Type.String()),
  }),
});

export const verifyOldPhone = defineCall({
  name: 'Profile/VerifyOldPhone',
  path: apiPath('Profile', 'VerifyOldPhone'),
  auth: 'required',
  tag: 'profile',
  summary: '核对发往当前手机号的验证码，返回 10 分钟内有效的换绑凭据',
  request: Type.Object({ code: SmsCode }),
  response: Type.Object({ ticket: Ticket }),
});

export const changePhone = defineCall({
  name: 'Profile/ChangePhone',
  path: apiPath('Profile', 'ChangePhone'),
  auth: 'required',
  tag: 'profile',
  summary: '换绑手机号：原手机号凭据 + 新手机号验证码；新号未被其他账号使用',
  request: Type.Object({ ticket: Ticket, phone: Phone, code: SmsCode }),
  response: Type.Object({ phoneMasked: Type.String() }),
});

export const changeMyPassword = defineCall({
  name: 'Profile/ChangePassword',
  path: apiPath('Profile', 'ChangePassword'),
  auth: 'required',
  tag: 'profile',
  summary: '用当前密码设置新密码；本设备保持登录，其他设备的登录全部失效',
  request: Type.Object({
    password: Type.String({ minLength: 1, maxLength: 64 }),
    newPassword: Password,
  }),
  response: Type.Object({ changed: Type.Boolean() }),
});

export const exportMyData = defineCall({
  name: 'Profile/ExportMyData',
  path: apiPath('Profile', 'ExportMyData'),
  auth: 'required',
  tag: 'profile',
  summary:
    '下载个人信息副本（《个人信息保护法》第四十五条）：账号、资料、订单、发票、收藏、作品、入驻申请、余额与流水、协议同意记录、消息等，仅本人数据',
  request: Type.Object({}),
  response: Type.Record(Type.String(), Type.Unknown()),
});

export const requestDeletion = defineCall({
  name: 'Profile/RequestDeletion',
  path: apiPath('Profile', 'RequestDeletion'),
  auth: 'required',
  tag: 'profile',
  summary:
    '申请注销账号：以登录密码或发往当前手机号的验证码确认；有余额或提现未完成时拒绝；15 天冷静期后匿名化，期间登录可撤销；所有登录随即失效',
  request: Type.Object({
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    smsCode: Type.Optional(SmsCode),
  }),
  response: DeletionState,
});

export const cancelDeletion = defineCall({
  name: 'Profile/CancelDeletion',
  path: apiPath('Profile', 'CancelDeletion'),
  auth: 'required',
  tag: 'profile',
  summary: '冷静期内撤销注销申请，账号照常使用',
  request: Type.Object({}),
  response: Type.Object({ cancelled: Type.Boolean() }),
});
