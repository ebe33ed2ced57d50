// The profile page's rules (spec §2 /user/user, §5 upload and phone checks; issue 13 "Profile",
// docs/profile.md). The form checks them before sending, and the server checks them again.

/** §5 another upload check: an avatar is png or jpg, under 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Extensions the avatar picker offers; the server decides by the file's content. */
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
/** The square sizes the server stores: the profile and side menu, and the header. */
export const AVATAR_SIZES = { large: 256, small: 64 } as const;
/** An avatar smaller than this on its short side would only be blurred when enlarged. */
export const AVATAR_MIN_SIDE = 64;

/** A nickname: 2–20 characters; Chinese, letters, digits, underscore, hyphen and the middle dot. */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 20;
const NICKNAME_CHARS = /^[\p{Script=Han}A-Za-z0-9_\-·]+$/u;
/** Names that would pass the user off as the platform. */
const RESERVED_WORDS = ['纹样', '官方', '客服', '管理员', 'admin'] as const;

/** Days between asking to delete an account (注销账号) and its anonymisation. */
export const DELETION_COOLING_OFF_DAYS = 15;

export const PROFILE_RULE_MSG = {
  nickNameEmpty: '请输入昵称',
  nickNameLength: `昵称长度为 ${NICKNAME_MIN}–${NICKNAME_MAX} 个字符`,
  nickNameChars: '昵称只能包含中文、字母、数字、下划线、短横线和间隔号（·）',
  nickNameDigits: '昵称不能是纯数字',
  nickNameReserved: '昵称不能包含“纹样”“官方”“客服”“管理员”等字样',
  nickNameTaken: '该昵称已被使用，请换一个',
  nickNameSame: '新昵称与当前昵称相同',
  avatarFormat: '头像只支持 PNG、JPG 格式',
  avatarTooLarge: '头像图片需小于2M',
  avatarTooSmall: `头像图片太小，宽和高都至少需要 ${AVATAR_MIN_SIDE} 像素`,
  phoneInvalid: '请输入正确的手机号（11 位数字，以 1 开头）',
  codeInvalid: '请输入 6 位数字验证码',
  passwordLength: '密码长度为 8–64 位',
  passwordMismatch: '两次输入的新密码不一致',
} as const;

/** Characters as a reader counts them (a Han character is one). */
const length = (text: string): number => [...text].length;

/** Why a nickname is refused, or null when it may be used (uniqueness is the server's to say). */
export function checkNickName(input: string): string | null {
  const name = input.trim();
  if (name === '') return PROFILE_RULE_MSG.nickNameEmpty;
  if (length(name) < NICKNAME_MIN || length(name) > NICKNAME_MAX) {
    return PROFILE_RULE_MSG.nickNameLength;
  }
  if (!NICKNAME_CHARS.test(name)) return PROFILE_RULE_MSG.nickNameChars;
  if (/^\d+$/.test(name)) return PROFILE_RULE_MSG.nickNameDigits;
  const lower = name.toLowerCase();
  if (RESERVED_WORDS.some((word) => lower.includes(word))) return PROFILE_RULE_MSG.nickNameReserved;
  return null;
}

/** Why a picked avatar file is refused before it is read, or null (the server checks its bytes). */
export function checkAvatarFile(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) {
    return PROFILE_RULE_MSG.avatarFormat;
  }
  if (file.size >= AVATAR_MAX_BYTES) return PROFILE_RULE_MSG.avatarTooLarge;
  return null;
}

/** A phone shown without its middle four digits: 138****0001. */
export const maskPhone = (phone: string | null): string =>
  phone && phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '';
