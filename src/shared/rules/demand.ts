// Custom-pattern demands (docs/demands.md): the rules the release form checks in the browser and
// the server checks again. Money is integer fen.

export const DEMAND_TYPES = { 1: '原创设计', 2: '改稿修图', 3: '配色延展' } as const;
export type DemandType = keyof typeof DEMAND_TYPES;
export const DEMAND_TYPE_IDS = [1, 2, 3] as const;

export const DEMAND_TITLE_MIN = 4;
export const DEMAND_TITLE_MAX = 40;
export const DEMAND_DESCRIPTION_MIN = 10;
export const DEMAND_DESCRIPTION_MAX = 2000;
/** Reward per adopted manuscript: ¥100 to ¥50,000. */
export const DEMAND_REWARD_MIN_FEN = 10_000;
export const DEMAND_REWARD_MAX_FEN = 5_000_000;
/** How many manuscripts a customer may adopt in one demand. */
export const DEMAND_QUOTA_MAX = 10;
/** How long a demand collects manuscripts, in days. */
export const DEMAND_DAYS_MIN = 3;
export const DEMAND_DAYS_MAX = 60;
export const DEMAND_REFERENCES_MAX = 3;
/** Manuscripts one designer may submit to one demand. */
export const DEMAND_MANUSCRIPTS_PER_DESIGNER = 5;
export const DEMAND_NOTE_MAX = 200;
export const DEMAND_REFUSE_REASON_MAX = 100;
/** After the deadline the customer still has this long to adopt before the demand closes itself. */
export const DEMAND_DECISION_DAYS = 15;
/** The membership authority item a published demand spends (定制需求发布). */
export const DEMAND_QUOTA_CODE = 'T28';

export const DEMAND_MSG = {
  titleLength: `需求标题为 ${DEMAND_TITLE_MIN}–${DEMAND_TITLE_MAX} 个字`,
  descriptionLength: `需求描述为 ${DEMAND_DESCRIPTION_MIN}–${DEMAND_DESCRIPTION_MAX} 个字`,
  rewardRange: `单稿赏金为 ¥${DEMAND_REWARD_MIN_FEN / 100}–¥${DEMAND_REWARD_MAX_FEN / 100}，精确到元`,
  quotaRange: `采用数量为 1–${DEMAND_QUOTA_MAX} 稿`,
  daysRange: `征稿期为 ${DEMAND_DAYS_MIN}–${DEMAND_DAYS_MAX} 天`,
  typeMissing: '请选择需求类型',
  categoryMissing: '请选择品类',
} as const;

const chars = (s: string): number => [...s.trim()].length;

export type DemandDraft = {
  title: string;
  description: string;
  kid: number;
  type: number;
  rewardFen: number;
  quota: number;
  days: number;
};

/** The first thing wrong with a demand draft, in words, or null when it may be published. */
export function checkDemandDraft(d: DemandDraft): string | null {
  if (chars(d.title) < DEMAND_TITLE_MIN || chars(d.title) > DEMAND_TITLE_MAX) {
    return DEMAND_MSG.titleLength;
  }
  if (!Number.isInteger(d.kid) || d.kid <= 0) return DEMAND_MSG.categoryMissing;
  if (!(DEMAND_TYPE_IDS as readonly number[]).includes(d.type)) return DEMAND_MSG.typeMissing;
  if (
    chars(d.description) < DEMAND_DESCRIPTION_MIN ||
    chars(d.description) > DEMAND_DESCRIPTION_MAX
  ) {
    return DEMAND_MSG.descriptionLength;
  }
  if (
    !Number.isSafeInteger(d.rewardFen) ||
    d.rewardFen < DEMAND_REWARD_MIN_FEN ||
    d.rewardFen > DEMAND_REWARD_MAX_FEN ||
    d.rewardFen % 100 !== 0
  ) {
    return DEMAND_MSG.rewardRange;
  }
  if (!Number.isInteger(d.quota) || d.quota < 1 || d.quota > DEMAND_QUOTA_MAX) {
    return DEMAND_MSG.quotaRange;
  }
  if (!Number.isInteger(d.days) || d.days < DEMAND_DAYS_MIN || d.days > DEMAND_DAYS_MAX) {
    return DEMAND_MSG.daysRange;
  }
  return null;
}

/** What publishing holds in escrow: the reward for every manuscript that may be adopted. */
export const demandEscrowFen = (rewardFen: number, quota: number): number => rewardFen * quota;

/**
 * The list page's path segments (spec §2): `list-s{sort}-a{addSort}-e{endSort}-p{page}` for the
 * sort bar and `list-f{kid}-m{type}-t{time}-p{page}` for the filters. One state reads both.
 */
export type DemandListState = {
  /** 0 all categories, else a category kid. */
  kid: number;
  /** 0 all types, else 1–3. */
  type: number;
  /** 0 any time, 1 published in 7 days, 2 in 30 days. */
  time: number;
  /** 0 newest, 1 highest reward. */
  sort: number;
  /** Published: 0 newest first, 1 oldest first. */
  addSort: number;
  /** Deadline: 0 none, 1 ending soonest first. */
  endSort: number;
  page: number;
};

export const DEFAULT_DEMAND_LIST: DemandListState = {
  kid: 0,
  type: 0,
  time: 0,
  sort: 0,
  addSort: 0,
  endSort: 0,
  page: 1,
};

const SORT_SEGMENT = /^list-s(\d+)-a(\d+)-e(\d+)-p(\d+)$/;
const FILTER_SEGMENT = /^list-f(\d+)-m(\d+)-t(\d+)-p(\d+)$/;

const clamp = (n: number, max: number) => (Number.isSafeInteger(n) && n >= 0 && n <= max ? n : 0);

/** Reads a list segment (or `list`) into the state; unknown numbers fall back to the defaults. */
export function parseDemandListSegment(segment: string | undefined): DemandListState {
  const state = { ...DEFAULT_DEMAND_LIST };
  const sort = segment ? SORT_SEGMENT.exec(segment) : null;
  const filter = segment ? FILTER_SEGMENT.exec(segment) : null;
  if (sort) {
    state.sort = clamp(Number(sort[1]), 1);
    state.addSort = clamp(Number(sort[2]), 1);
    state.endSort = clamp(Number(sort[3]), 1);
    state.page = Math.max(1, clamp(Number(sort[4]), 100_000));
  } else if (filter) {
    state.kid = clamp(Number(filter[1]), 1_000_000);
    state.type = clamp(Number(filter[2]), 3);
    state.time = clamp(Number(filter[3]), 2);
    state.page = Math.max(1, clamp(Number(filter[4]), 100_000));
  }
  return state;
}

export const demandSortSegment = (s: DemandListState): string =>
  `list-s${s.sort}-a${s.addSort}-e${s.endSort}-p${s.page}`;
export const demandFilterSegment = (s: DemandListState): string =>
  `list-f${s.kid}-m${s.type}-t${s.time}-p${s.page}`;
