// Exact user-facing strings. Spec strings are reproduced verbatim; the rest follow GLOSSARY.md.

export const MSG = {
  // §5 registration interest
  chooseDone: '选好了',
  completeInfoFirst: '请先完善信息',
  // §5 image upload
  oneFileAtATime: '只允许一次上传一张',
  formatLimit: '格式限制：',
  imageTooLarge: '上传图片需小于5M',
  tooManyImages: '最多只能上传50张图片',
  alreadyAdded: (name: string) => `${name} 已添加！`,
  // §5 member package
  packageMissing: '套餐不存在或已停用！',
  noPackages: '暂无套餐数据！',
  // §8
  operationFailed: '操作失败！',
  copySuccess: '复制成功',
  guestPleaseLogin: '游客请先登录',
  tip: '提示',
  notFound: 'This page could not be found',
  backHome: '返回首页',
  leavePage: '离开页面',
  // §2 header, avatar menu
  loginRegister: '登录/注册',
  logout: '退出登录',
  logoutConfirm: '确定要退出登录吗？',
  oldBrowser: '您的浏览器版本过低，建议使用最新版 Chrome 或 Edge 浏览器访问',
  orderSettlement: '订单结算',
  searchPlaceholder: '搜索图案、主题、设计师',
  imageSearchHint: '以图搜图',
  // server-side envelope messages
  invalidRequest: '请求参数不正确',
  apiNotFound: '接口不存在',
  serverError: '服务器开小差了，请稍后再试',
  fileNotFound: '文件不存在或链接已失效',
} as const;

/** Chinese names of JSON-schema problems, used to explain a rejected request body. */
export const VALIDATION_REASON: Record<string, string> = {
  required: '缺少必填项',
  type: '类型不正确',
  minLength: '长度过短',
  maxLength: '长度过长',
  minimum: '数值过小',
  maximum: '数值过大',
  exclusiveMinimum: '数值过小',
  exclusiveMaximum: '数值过大',
  pattern: '格式不正确',
  format: '格式不正确',
  enum: '取值不在允许范围内',
  const: '取值不在允许范围内',
  additionalProperties: '包含不支持的字段',
  minItems: '数量过少',
  maxItems: '数量过多',
  anyOf: '格式不正确',
  oneOf: '格式不正确',
};
