// What the identity module says (real-name and enterprise verification, the first signer).

export const IDENTITY_MSG = {
  sandboxMismatch: '姓名与身份证号不一致（沙箱）',
  personalTaken: '该身份证号已被其他账号认证',
  enterpriseTaken: '该企业已被其他账号认证',
  recordMissing: '认证记录不存在',
  signerMustBeVerified: '只有已通过的认证可以作为签署人',
} as const;
