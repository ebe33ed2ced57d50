import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { apiPath, defineCall, sapiPath } from './define';

// Accounts: the account site's own calls, the session (token) calls and the user.* / saas.* calls of spec §7.

/** §5 A mainland phone number: 11 digits starting with 1. */
export const PHONE_PATTERN = '^1\\d{10}$';
const Phone = Type.String({ pattern: PHONE_PATTERN, description: '手机号（11 位，以 1 开头）' });
const SmsCode = Type.String({ pattern: '^\\d{6}$', description: '6 位短信验证码' });
const Password = Type.String({ minLength: 8, maxLength: 64, description: '密码，8–64 位' });

/** §4 The login message the account site posts to its parent and that is saved as three cookies. */
export const LoginPayload = Type.Object({
  token: Type.String(),
  /** Access-token expiry, milliseconds since the epoch. */
  expiration: Type.Integer(),
  refreshToken: Type.String(),
});
export type LoginPayload = Static<typeof LoginPayload>;

export const SMS_PURPOSES = ['register', 'login', 'reset'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const sendSmsCode = defineCall({
  name: 'Account/SendSmsCode',
  path: '/account/api/SendSmsCode',
  tag: 'accounts',
  summary:
    '发送短信验证码（注册、验证码登录、找回密码）；号码是否已注册在验证码核对后才告知；沙箱短信只向本机请求回显验证码',
  request: Type.Object({
    phone: Phone,
    purpose: Type.Union(SMS_PURPOSES.map((p) => Type.Literal(p))),
  }),
  response: Type.Object({
    /** Seconds until another code may be requested. */
    resendAfter: Type.Integer(),
    /** Only from the sandbox sender, to a request from this machine (or SMS_SANDBOX_REVEAL=1). */
    sandboxCode: Type.Optional(Type.String()),
  }),
});

export const register = defineCall({
  name: 'Account/Register',
  path: '/account/api/Register',
  tag: 'accounts',
  summary: '手机号 + 验证码 + 密码注册，成功即登录',
  request: Type.Object({ phone: Phone, smsCode: SmsCode, password: Password }),
  response: Type.Object({ login: LoginPayload, isNewRegister: Type.Boolean() }),
});

export const login = defineCall({
  name: 'Account/Login',
  path: '/account/api/Login',
  tag: 'accounts',
  summary: '手机号 + 密码，或手机号 + 验证码登录',
  request: Type.Object({
    phone: Phone,
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    smsCode: Type.Optional(SmsCode),
  }),
  response: Type.Object({ login: LoginPayload, isNewRegister: Type.Boolean() }),
});

/** A one-time password (admin:create) is replaced at the first sign-in; the answer signs in. */
export const changePassword = defineCall({
  name: 'Account/ChangePassword',
  path: '/account/api/ChangePassword',
  tag: 'accounts',
  summary: '用当前密码设置新密码（一次性密码首次登录时必须修改），成功即登录；其他会话全部失效',
  request: Type.Object({ phone: Phone, password: Password, newPassword: Password }),
  response: Type.Object({ login: LoginPayload, isNewRegister: Type.Boolean() }),
});

export const resetPassword = defineCall({
  name: 'Account/ResetPassword',
  path: '/account/api/ResetPassword',
  tag: 'accounts',
  summary: '用短信验证码重设密码；旧的登录会话全部失效',
  request: Type.Object({ phone: Phone, smsCode: SmsCode, password: Password }),
  response: Type.Object({ reset: Type.Boolean() }),
});

/** §7 Token renewal: the new lifetime in seconds. */
export const renewToken = defineCall({
  name: 'sso.renewToken',
  method: 'GET',
  path: sapiPath('sso/api/sso/web/renewToken'),
  tag: 'accounts',
  summary: '在到期前 30 分钟内续期访问令牌，返回新的有效期（秒）',
  request: Type.Object({ refreshToken: Type.String({ minLength: 1 }) }),
  response: Type.Integer({ description: '新的有效期（秒）' }),
});

/** §7 Log out: revokes the session of this token. */
export const discardToken = defineCall({
  name: 'sso.discardToken',
  method: 'GET',
  path: sapiPath('sso/api/sso/web/discardToken'),
  tag: 'accounts',
  summary: '退出登录：吊销该令牌所在的会话',
  request: Type.Object({ token: Type.String() }),
  response: Type.Boolean(),
});

/** §3/§7 user.getUserInfo: flag, rs. */
export const UserInfo = Type.Object({
  userId: Type.Integer(),
  caiHongID: Type.String(),
  userName: Type.String(),
  headImg: Type.String(),
  smallHeadImg: Type.String(),
  memberType: Type.Integer(),
  memberTypeName: Type.String(),
  /** Whether the user is in the trial VIP. */
  isExpVip: Type.Boolean(),
  /** Trial uses left. */
  expLeftTimes: Type.Integer(),
  /** Membership (or trial) end, ms since the epoch; 0 when none. */
  vipEndTime: Type.Integer(),
  /** Seconds of membership or trial left. */
  validitySecond: Type.Integer(),
  /** §3 settledInType: 2 gallery, else store. */
  settledInType: Type.Integer(),
  /** Whether the user has accepted the current agreement version. */
  isReadAndAgreeNotify: Type.Boolean(),
  /** Whether the registration-interest answers were saved. */
  isUserKeywork: Type.Boolean(),
  /** Whether the trial countdown should be shown. */
  showExpVIP: Type.Boolean(),
  /** Whether the user registered in this session's sign-in (first login). */
  isNewRegister: Type.Boolean(),
  role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
});
export type UserInfo = Static<typeof UserInfo>;

export const getUserInfo = defineCall({
  name: 'user.getUserInfo',
  path: apiPath('User', 'GetUserInfo'),
  envelope: 'flag',
  auth: 'required',
  tag: 'accounts',
  summary: '当前登录用户信息',
  request: Type.Object({}),
  response: UserInfo,
});

/** §3 Auth item. */
export const AuthItem = Type.Object({
  authCode: Type.String(),
  authTitle: Type.String(),
  authValue: Type.Integer(),
  unit: Type.String(),
  remainValue: Type.Integer(),
  /** ms since the epoch; 0 when it does not expire. */
  endTime: Type.Integer(),
});
export type AuthItem = Static<typeof AuthItem>;

/** §3 Vip info. */
export const VipInfo = Type.Object({
  /** Above 1 paid member, 1 trial, 0 none. */
  vipType: Type.Integer(),
  /** Seconds since the epoch (10 digits) or 0; the client converts 10-digit values to ms. */
  vipEndTime: Type.Integer(),
  vipTryEndTime: Type.Integer(),
  userAuthList: Type.Array(
    Type.Object({ cateCode: Type.String(), cateTitle: Type.String(), auths: Type.Array(AuthItem) }),
  ),
  /** Comma-separated authority codes the user holds. */
  userAuths: Type.String(),
});
export type VipInfo = Static<typeof VipInfo>;

export const getVipInfo = defineCall({
  name: 'user.GetVipInfo',
  path: apiPath('User', 'GetVipInfo'),
  envelope: 'flag',
  auth: 'required',
  tag: 'accounts',
  summary: '会员与权益信息',
  request: Type.Object({}),
  response: VipInfo,
});

export const userReadAndAgree = defineCall({
  name: 'user.userReadAndAgree',
  path: apiPath('User', 'UserReadAndAgree'),
  auth: 'required',
  tag: 'accounts',
  summary: '记录用户同意现行用户协议（type 2 = 用户协议更新），连同版本与时间',
  request: Type.Object({
    type: Type.Literal(2),
    /** The version the dialog showed; refused when a newer one has been published since. */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  response: Type.Object({ code: Type.Literal(1) }),
});

/** §3 registration-interest payload. */
export const SELLER_KINDS = ['设计师', '设计公司'] as const;
export const BUYER_KINDS = ['工厂', '贸易商', '国内电商', '跨境电商', '零售商', '品牌方'] as const;
export const USER_KEYWORDS = [...SELLER_KINDS, ...BUYER_KINDS] as const;

export const saveUserKeyword = defineCall({
  name: 'user.SaveUserKeyword',
  path: apiPath('User', 'SaveUserKeyword'),
  auth: 'required',
  tag: 'accounts',
  summary: '保存注册意向（卖家或买家类型，新注册用户的角色）',
  request: Type.Object({
    UserKeyword: Type.Array(Type.Union(USER_KEYWORDS.map((k) => Type.Literal(k))), {
      minItems: 1,
      maxItems: USER_KEYWORDS.length,
      uniqueItems: true,
    }),
    /** 0 buyer, 1 contributor. */
    registerRole: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    isNewRegister: Type.Boolean(),
  }),
  response: Type.Object({ flag: Type.Boolean() }),
});

export const recvMsgParserService = defineCall({
  name: 'user.RecvMsgParserService',
  path: apiPath('User', 'RecvMsgParserService'),
  auth: 'required',
  tag: 'accounts',
  summary: '记录消息来源（sourceType，source 1 或 2）',
  request: Type.Object({
    sourceType: Type.Integer({ minimum: 0, maximum: 99 }),
    source: Type.Union([Type.Literal(1), Type.Literal(2)]),
  }),
  response: Type.Boolean(),
});

export const getCaiHongIdByUserId = defineCall({
  name: 'User/GetCaiHongIdByUserId',
  path: apiPath('User', 'GetCaiHongIdByUserId'),
  tag: 'accounts',
  summary: '根据用户 ID 查询彩虹号',
  request: Type.Object({ userId: Type.Integer({ minimum: 1 }) }),
  response: Type.Object({ caiHongID: Type.String() }),
});

export const getMyInfo = defineCall({
  name: 'saas.getMyInfo',
  path: sapiPath('user-service/user/getMyInfo'),
  auth: 'required',
  tag: 'accounts',
  summary: '我的机构信息（orgFlag 2 = 企业，其余为个人）',
  request: Type.Object({}),
  response: Type.Object({
    orgInfo: Type.Object({ orgFlag: Type.Integer(), orgName: Type.String() }),
  }),
});

export const getOrgAvatar = defineCall({
  name: 'saas.getOrgAvatar',
  path: sapiPath('user-service/org/getOrgAvatar'),
  auth: 'required',
  tag: 'accounts',
  summary: '机构头像',
  request: Type.Object({}),
  response: Type.Object({ avatar: Type.String() }),
});

export const getDesignerStatus = defineCall({
  name: 'saas.getDesignerStatus',
  path: sapiPath('designer/settled/getStatus'),
  auth: 'required',
  tag: 'accounts',
  summary: '设计师状态（status ≠ 0 为设计师；settleStatus 1 为已入驻）',
  request: Type.Object({}),
  response: Type.Object({ status: Type.Integer(), settleStatus: Type.Integer() }),
});

export const activeUser = defineCall({
  name: 'saas.activeUser',
  path: sapiPath('customer/CustomerInfo/MonthActiveUser'),
  auth: 'required',
  tag: 'accounts',
  summary: '每日活跃上报（每个用户每天最多一次）',
  request: Type.Object({ caihongId: Type.String({ minLength: 1 }), type: Type.Literal(2) }),
  response: Type.Object({ recorded: Type.Boolean() }),
});
