// Business constants of the product. Each points at the spec section it comes from.

/** §9 Request timeout. */
export const REQUEST_TIMEOUT_MS = 120_000;
/** §4/§9 Token renewal window before expiry. */
export const TOKEN_RENEWAL_WINDOW_MS = 1_800_000;
/** §9 Member tiers per year, in yuan (prices are stored in fen). */
export const MEMBER_TIERS_YUAN = [15_800, 9_800] as const;
/** §4/§9 Membership durations in years. */
export const MEMBER_DURATIONS_YEARS = [1, 2, 3] as const;
/** §4 Pay methods of the member dialog: 1 wechat, 2 alipay, 3 bank transfer. */
export const MEMBER_PAY_METHOD = { wechat: 1, alipay: 2, bankTransfer: 3 } as const;
/** §9 Pay status polling interval. */
export const PAY_POLL_INTERVAL_MS = 3_000;
/** §9 Payment QR code size. */
export const PAY_QR_SIZE_PX = 119;
/** §4 After the login message the page reloads after this delay. */
export const LOGIN_RELOAD_DELAY_MS = 500;
/** §4/§9 Trial countdown: full time shown when more than 15 minutes remain. */
export const TRIAL_FULL_TIME_THRESHOLD_MS = 15 * 60 * 1000;
/** §9 Home banner carousel. */
export const HOME_BANNER = { heightPx: 60, intervalMs: 5_000, vertical: true } as const;
/** §2/§9 Floating tools appear after this much scroll. */
export const FLOATING_TOOLS_SCROLL_PX = 600;
/** §9 Search bar state changes at this scroll offset. */
export const SEARCH_BAR_SCROLL_PX = 40;
/** §2/§9 Header geometry and breakpoints. */
export const HEADER = {
  heightPx: 60,
  compactBelowPx: 1400,
  hoverPopupMinPx: 1250,
  breakpointsPx: [1250, 1366, 1756],
  searchInputWidthPx: 385,
} as const;
/** §2/§9 Old-browser minimum width. */
export const OLD_BROWSER_MIN_WIDTH_PX = 1200;
/** §9 Toast duration. */
export const MESSAGE_DURATION_MS = 2_000;
/** §9 Marker cookie lifetime. */
export const MARKER_COOKIE_MS = 15_000;
/** §9 Prefetch idle timeout. */
export const PREFETCH_IDLE_MS = 2_000;
/** §8 A chunk-load failure reloads the page at most once per minute. */
export const CHUNK_RELOAD_MIN_INTERVAL_MS = 60_000;
/** §5/§9 Image upload limits for search. */
export const UPLOAD = {
  maxFiles: 50,
  maxBytes: 5 * 1024 * 1024,
  altMaxBytes: 2 * 1024 * 1024,
  resizeBoundPx: 1000,
  acceptExtensions: [
    'bmp',
    'jpg',
    'png',
    'tif',
    'gif',
    'pcx',
    'tga',
    'exif',
    'fpx',
    'svg',
    'psd',
    'cdr',
    'pcd',
    'dxf',
    'ufo',
    'eps',
    'ai',
    'raw',
    'WMF',
    'webp',
    'pdf',
  ],
} as const;
/** §9 Dialog sizes. */
export const DIALOG = {
  membership: { width: 860, height: 697 },
  membershipPopup: { width: 580, height: 520 },
  confirm: { width: 580, height: 436 },
  agreementWidth: 797,
  dropdownMaxHeight: 274,
} as const;
/** §9 Theme colours: a primary blue and a danger red. */
export const THEME_COLORS = { primary: '#1677ff', danger: '#f5222d' } as const;
/** §1/§2 Footer copyright years. */
export const COPYRIGHT_YEARS = '2012-2022';
/** §7 Success code of the envelope. */
export const SUCCESS_CODE = 1;
/** §8 Codes in a response body that mean the session is gone. */
export const SESSION_GONE_CODES = [401, 402, 403, 404, 405] as const;
/** §7/§8 Cookie names on the top-level domain. */
export const COOKIE = {
  token: 'token',
  expiration: 'expiration',
  refreshToken: 'refreshToken',
} as const;
/** §3 Category id of the purchase catalogue appended to the vector-search merge category. */
export const PURCHASE_CATALOGUE_CATEGORY_ID = 11;
/** §2 Work listing header types. */
export const HEADER_TYPE = { categoryExclusive: 3, materials: 4 } as const;
export type HeaderType = (typeof HEADER_TYPE)[keyof typeof HEADER_TYPE];
