import type { Generated, Insertable, Selectable } from 'kysely';

// Table types of the database. Generated<T> marks a column the database fills (id or default).
// Times are ISO-8601 UTC text; money is integer fen; flags are 0/1.

export type UsersTable = {
  id: Generated<number>;
  /** §3 public rainbow number. */
  cai_hong_id: string;
  phone: string | null;
  password_hash: string | null;
  /** 1 when the password is a one-time one (admin:create): it must be changed at the first sign-in. */
  must_change_password: Generated<number>;
  /** 1 for an account its owner registered (Account/Register), 0 for seeded or admin-made ones. */
  self_registered: Generated<number>;
  user_name: string;
  head_img: Generated<string>;
  /** 'user' or 'admin'. */
  role: Generated<string>;
  /** 0 = not a member. */
  member_type: Generated<number>;
  vip_end_time: string | null;
  /** §3 user status: not 0 means a designer status. */
  designer_status: Generated<number>;
  /** §3 settleStatus: 1 = settled designer. */
  settle_status: Generated<number>;
  /** §3 settledInType: 2 = gallery, else store. */
  settled_in_type: Generated<number>;
  /** §3 orgFlag: 2 = enterprise, else personal. */
  org_flag: Generated<number>;
  /** Designer's public intro (shop/gallery). */
  intro: Generated<string>;
  /** JSON array of the registration-interest answers (§3 UserKeyword), null until answered. */
  user_keywords: string | null;
  /** §3 registerRole: 0 buyer, 1 contributor. */
  register_role: number | null;
  /** Version of the user agreement the user accepted (its number as text, agreements.version). */
  agreed_version: string | null;
  /** §4 trial VIP end, null when never granted. */
  trial_end_at: string | null;
  trial_left_times: Generated<number>;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
  /** The 64 px avatar cut with head_img (profile); null: head_img serves both. */
  small_head_img: string | null;
  /** When the account was anonymised after its deletion (注销) cooling-off; null: a live account. */
  deleted_at: string | null;
};

export type CategoriesTable = {
  kid: number;
  parent_kid: number | null;
  title: string;
  /** §3 keys3/keys4: search keys of the category in category-exclusive (3) and materials (4) listings. */
  keys3: Generated<string>;
  keys4: Generated<string>;
  sort: Generated<number>;
};

export type WorksTable = {
  id: Generated<number>;
  designer_id: number;
  title: string;
  description: Generated<string>;
  category_kid: number;
  /** Style key, e.g. 'floral'. */
  style: string;
  /** §2 headerType: 3 = category exclusive, 4 = materials. */
  header_type: number;
  is_seamless: Generated<number>;
  /** JSON array of '#rrggbb'. */
  colors: Generated<string>;
  /** JSON array of Chinese tags. */
  tags: Generated<string>;
  /** draft | review | published | rejected | offline | deleted */
  status: Generated<string>;
  /** Base licence price in fen. */
  price_fen: Generated<number>;
  view_count: Generated<number>;
  favourite_count: Generated<number>;
  sale_count: Generated<number>;
  width: number;
  height: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  series_id: number | null;
};

export type WorkImagesTable = {
  work_id: number;
  /** original (private) | preview (watermarked) | thumb */
  kind: string;
  width: number;
  format: string;
  storage_key: string;
  height: number;
};

export type ThemesTable = {
  id: Generated<number>;
  title: string;
  subtitle: Generated<string>;
  cover_work_id: number | null;
  is_hot: Generated<number>;
  sort: Generated<number>;
  created_at: string;
};

export type ThemeWorksTable = {
  theme_id: number;
  work_id: number;
  sort: Generated<number>;
};

export type BannersTable = {
  id: Generated<number>;
  zone_name: string;
  title: string;
  /** A storage key (public/…) or an absolute URL. */
  banner_url: string;
  link_url: Generated<string>;
  link_target: Generated<string>;
  sort: Generated<number>;
  created_at: string;
  /** 0: kept but not shown (0027). */
  enabled: Generated<number>;
  /** The time window it is shown in (ISO); null: open-ended. */
  starts_at: string | null;
  ends_at: string | null;
  updated_at: string | null;
};

/** A /pageChild/* topic page (0027): the saved draft and the published copy, blocks as JSON. */
export type TopicsTable = {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: Generated<string>;
  draft_json: Generated<string>;
  published_json: string | null;
  published_title: string | null;
  published_summary: string | null;
  published_at: string | null;
  revision: Generated<number>;
  published_revision: number | null;
  updated_at: string;
  updated_by: number | null;
};

export type SessionsTable = {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the access token; the token itself is never stored. */
  token_hash: string;
  refresh_hash: string;
  expires_at: string;
  refresh_expires_at: string;
  revoked_at: string | null;
  created_at: string;
  user_agent: Generated<string>;
};

export type SmsCodesTable = {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  ip: string;
  attempts: Generated<number>;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
};

export type SignInFailuresTable = {
  phone: string;
  failed_count: number;
  locked_until: string | null;
  updated_at: string;
};

export type UserEventsTable = {
  id: Generated<number>;
  user_id: number;
  /** active (daily ping) | message-source */
  kind: string;
  /** Calendar day, YYYY-MM-DD (China time). */
  day: string;
  detail: Generated<string>;
  created_at: string;
};

export type SeriesTable = {
  id: Generated<number>;
  designer_id: number;
  title: string;
  description: Generated<string>;
  sort: Generated<number>;
  created_at: string;
};

export type TrendsTable = {
  id: Generated<number>;
  title: string;
  subtitle: Generated<string>;
  /** week | month | season */
  period: string;
  starts_on: string;
  /** hot (ranked by sales) | reference (editors' trend reference) (0005). */
  kind: Generated<string>;
  created_at: string;
};

export type TrendWorksTable = { trend_id: number; work_id: number; rank: number };

export type IpsTable = {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  owner_id: number;
  cover_work_id: number | null;
  created_at: string;
};

export type IpWorksTable = { ip_id: number; work_id: number; sort: Generated<number> };

export type EnterpriseHallsTable = {
  id: Generated<number>;
  owner_id: number;
  name: string;
  intro: Generated<string>;
  banner_key: Generated<string>;
  contact: Generated<string>;
  /** JSON array of {title, number}. */
  qualifications: Generated<string>;
  /** Area tree id of where the company is (0005). */
  area_id: number | null;
  created_at: string;
  updated_at: string;
};

export type HallChannelsTable = {
  id: Generated<number>;
  hall_id: number;
  title: string;
  sort: Generated<number>;
};

export type HallWorksTable = {
  hall_id: number;
  work_id: number;
  channel_id: number | null;
  recommended: Generated<number>;
  sort: Generated<number>;
};

export type CollectionGroupsTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  created_at: string;
};

export type CollectionsTable = {
  id: Generated<number>;
  user_id: number;
  /** work | theme | demand | ip | template */
  target_type: string;
  target_id: number;
  group_id: number | null;
  created_at: string;
};

export type FollowsTable = {
  user_id: number;
  target_type: string;
  target_id: number;
  created_at: string;
};

export type BrowseHistoryTable = {
  user_id: number;
  target_type: string;
  target_id: number;
  viewed_at: string;
};

export type WorkColorsTable = { work_id: number; swatch: string };

export type WorkLicencesTable = {
  id: Generated<number>;
  work_id: number;
  /** category_exclusive | material | commercial */
  kind: string;
  title: string;
  price_fen: number;
  scope: Generated<string>;
  sort: Generated<number>;
};

export type UserFondClassificationsTable = { user_id: number; kid: number; created_at: string };

export type WorkTermsTable = { term: string; work_id: number; weight: number };

// ---- Image search (0010, 0011) ----

/** A published work's image descriptor (search/image), rebuilt when its version is outdated. */
export type WorkImageDescriptorsTable = {
  work_id: number;
  version: number;
  descriptor: Buffer;
  hash: string;
  source_key: string;
  updated_at: string;
  /** Migration 0011: fine spectrum (float32 LE) of the public preview, and its storage key. */
  public_fine: Buffer | null;
  public_key: string | null;
};

/** Platform dictionaries by key (JSON values), read by Dict/GetByKeys of the image search. */
export type PlatformDictsTable = { dict_key: string; value: string; updated_at: string };

export type UploadsTable = {
  id: Generated<number>;
  user_id: number;
  file_key: string;
  sha256: string;
  size: number;
  width: number;
  height: number;
  format: string;
  created_at: string;
};

// ---- Publishing (0007) ----

export type IdentityVerificationsTable = {
  id: Generated<number>;
  user_id: number;
  /** personal | enterprise */
  kind: string;
  name: string;
  number_masked: string;
  number_hash: string;
  /** verified | failed */
  status: string;
  reason: Generated<string>;
  provider: string;
  is_signer: Generated<number>;
  created_at: string;
};

export type DesignerApplicationsTable = {
  id: Generated<number>;
  user_id: number;
  /** personal | enterprise */
  kind: string;
  /** submitted | approved | rejected */
  state: string;
  nick_name: string;
  settled_in_type: number;
  real_name: Generated<string>;
  id_number_masked: Generated<string>;
  company_name: Generated<string>;
  credit_code: Generated<string>;
  contact_phone: string;
  contact_email: Generated<string>;
  /** JSON array of industry ids. */
  industry_ids: string;
  intro: Generated<string>;
  /** JSON array of upload fileKeys. */
  sample_keys: string;
  licence_key: string | null;
  verification_id: number | null;
  reject_reason: Generated<string>;
  reviewer_id: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
  /** The invitation code the application used (0026): it goes to the top of the review queue. */
  invitation_code_id: Generated<number | null>;
};

export type WorkSourcesTable = {
  work_id: number;
  designer_id: number;
  file_key: string;
  /** file_key while the work is not deleted, else null. */
  live_file_key: string | null;
  category_chosen: Generated<number>;
  created_at: string;
};

export type WorkReviewsTable = {
  id: Generated<number>;
  work_id: number;
  designer_id: number;
  /** pending | approved | rejected | withdrawn | taken_down */
  state: string;
  reason: Generated<string>;
  /** JSON array of duplicate hits. */
  duplicate_hits: Generated<string>;
  reviewer_id: number | null;
  submitted_at: string;
  decided_at: string | null;
};

export type CustomClassificationsTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  sort: Generated<number>;
  created_at: string;
};

export type WorkClassificationsTable = { work_id: number; classify_id: number };

export type PatternGroupsTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  created_at: string;
};

export type PatternGroupItemsTable = { upload_id: number; group_id: number };

export type SaleRecordsTable = {
  id: Generated<number>;
  designer_id: number;
  work_id: number;
  order_no: string;
  buyer_user_id: number | null;
  buyer_company: Generated<string>;
  licence_kind: string;
  licence_title: string;
  amount_fen: number;
  share_fen: number;
  sold_at: string;
};

export type AppMetaTable = {
  key: string;
  value: string;
};

/** A work change one app server publishes for the others (platform/cluster/change-feed.ts). */
export type WorkChangesTable = {
  id: Generated<number>;
  /** Comma-separated work ids. */
  work_ids: string;
  origin: string;
  created_at: string;
};

/** When a job that runs once across servers is next due (platform/cluster/jobs.ts). */
export type ClusterJobsTable = {
  name: string;
  next_run_at: string;
  last_run_at: string;
  last_origin: string;
};

/** A rate-limit window's counter, shared by every server (platform/cluster/rate-limit-store.ts). */
export type RateLimitHitsTable = {
  key: string;
  count: number;
  window_start_ms: number;
  window_ms: number;
};

/** A refresh token a renewal replaced; presenting it again means a copy is in other hands. */
export type SpentRefreshTokensTable = { token_hash: string; session_id: number; spent_at: string };

// ---- Orders and the ledger (0015) ----

export type LedgerAccountsTable = {
  id: Generated<number>;
  code: string;
  kind: string;
  user_id: number | null;
  non_negative: Generated<number>;
  balance: Generated<number>;
  debits_posted: Generated<number>;
  credits_posted: Generated<number>;
  created_at: string;
};

export type LedgerTransfersTable = {
  id: string;
  debit_account_id: number;
  credit_account_id: number;
  amount_fen: number;
  kind: string;
  order_no: Generated<string>;
  created_at: string;
};

export type OrdersTable = {
  id: Generated<number>;
  order_no: string;
  buyer_id: number;
  work_id: number;
  designer_id: number;
  licence_id: number;
  licence_kind: string;
  licence_title: string;
  order_type: string;
  category_kids: Generated<string>;
  keywords: Generated<string>;
  custom_key: Generated<string>;
  term_years: number;
  unit_price_fen: number;
  amount_fen: number;
  share_fen: number;
  /** pending | paid | authorised | cancelled | refunded */
  state: string;
  idem_key: string;
  request_hash: string;
  buyer_name: Generated<string>;
  remarks: Generated<string>;
  expires_at: string;
  pay_channel: string | null;
  paid_at: string | null;
  licence_start: string | null;
  licence_end: string | null;
  contract_signed_at: string | null;
  contract_signer: Generated<string>;
  cancelled_at: string | null;
  cancel_reason: Generated<string>;
  refunded_at: string | null;
  refund_reason: Generated<string>;
  settled_at: string | null;
  renewal_of: string | null;
  created_at: string;
  updated_at: string;
};

export type PaymentsTable = {
  id: Generated<number>;
  pay_order_no: string;
  order_no: string;
  buyer_id: number;
  channel: string;
  pay_method: Generated<number>;
  /** licence (orders) | membership | recharge (service_orders) (0018). */
  purpose: Generated<string>;
  amount_fen: number;
  /** pending | paid | closed | refunded */
  state: string;
  qr_content: Generated<string>;
  expires_at: string;
  provider_trade_no: string | null;
  paid_at: string | null;
  created_at: string;
};

export type RefundsTable = {
  refund_no: string;
  order_no: string;
  pay_order_no: string;
  buyer_id: number;
  channel: string;
  amount_fen: number;
  reason: string;
  /** pending | done | failed */
  state: string;
  provider_refund_no: string | null;
  created_at: string;
};

export type WorkExclusivesTable = {
  work_id: number;
  category_kid: number;
  order_no: string;
  until: string;
};

export type IssuedDocumentsTable = {
  code: string;
  /** contract | trade | copyright | receipt */
  kind: string;
  order_no: string;
  created_at: string;
};

// ---- Invoice requests (0016) ----

export type InvoiceRequestsTable = {
  id: Generated<number>;
  order_no: string;
  buyer_id: number;
  /** personal | company */
  buyer_type: string;
  title: string;
  tax_no: Generated<string>;
  email: string;
  amount_fen: number;
  /** applied | issued | rejected */
  state: string;
  invoice_no: Generated<string>;
  reject_reason: Generated<string>;
  handled_by: number | null;
  handled_at: string | null;
  created_at: string;
  updated_at: string;
};

// ---- Company bank accounts (0017) ----

export type BankAccountsTable = {
  id: Generated<number>;
  user_id: number;
  verification_id: number;
  account_name: string;
  bank_name: string;
  branch_name: string;
  /** Digits only. */
  account_number: string;
  created_at: string;
  updated_at: string;
};

// ---- Membership and wallet (0018) ----

export type MemberPackagesTable = {
  id: Generated<number>;
  title: string;
  tier_fen: number;
  type: Generated<number>;
  source: Generated<number>;
  description: Generated<string>;
  enabled: Generated<number>;
  sort: Generated<number>;
  created_at: string;
};

export type MemberPackageAuthsTable = {
  id: Generated<number>;
  package_id: number;
  code: string;
  title: string;
  count: number;
  unit_name: string;
  /** per_year | fixed */
  compute_mode: Generated<string>;
};

/** Add-on quota packs (0020). */
export type DosingPackagesTable = {
  id: Generated<number>;
  title: string;
  auth_code: string;
  auth_title: string;
  count: number;
  unit_name: string;
  price_fen: number;
  description: Generated<string>;
  enabled: Generated<number>;
  sort: Generated<number>;
  created_at: string;
};

/** A help-centre category (issue 13, 0022): buyer → /help, designer → /helpCenter. */
export type HelpCategoriesTable = {
  id: Generated<number>;
  /** buyer | designer */
  audience: string;
  /** The `active` segment of /help/{active}/{page} and /helpCenter/{active}. */
  alias: string;
  title: string;
  sort: Generated<number>;
  /** 1 shown to users, 0 hidden. */
  published: Generated<number>;
  created_at: string;
  updated_at: string;
};

/** A help article in Markdown (rendered to sanitised HTML when served). */
export type HelpArticlesTable = {
  id: Generated<number>;
  category_id: number;
  title: string;
  body_md: string;
  sort: Generated<number>;
  published: Generated<number>;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
};

/** The words of a help article (the word-search segmenter), for the help search. */
export type HelpArticleTermsTable = {
  term: string;
  article_id: number;
  weight: number;
};

/** One published version of an agreement (issue 13); the newest of an alias is in force. */
export type AgreementsTable = {
  id: Generated<number>;
  /** /agreement/{alias}: userAgreement, copyrightStatement, privacyPolicy, memberService… */
  alias: string;
  title: string;
  version: number;
  /** The text in Markdown; rendered to sanitised HTML when served. */
  body_md: string;
  note: Generated<string>;
  published_at: string;
  published_by: number | null;
};

/** One notice of the message centre (issue 13, migration 0023), sent to one user. */
/** A file a user uploaded to go with a complaint or an activity (0028). */
export type AttachmentsTable = {
  id: Generated<number>;
  user_id: number;
  file_key: string;
  name: string;
  size: number;
  width: number;
  height: number;
  format: string;
  sha256: string;
  created_at: string;
};

/** An infringement complaint against a work (0028, docs/complaints.md). */
export type ComplaintsTable = {
  id: Generated<number>;
  ref_no: string;
  request_key: string;
  complainant_id: number;
  work_id: number;
  designer_id: number;
  work_title: string;
  rights: string;
  description: string;
  own_work_url: Generated<string>;
  contact: string;
  /** pending | need_info | taken_down | countered | restored | dismissed */
  state: string;
  created_at: string;
  updated_at: string;
};

/** One step of a complaint, by whom (complainant | designer | admin). */
export type ComplaintEventsTable = {
  id: Generated<number>;
  complaint_id: number;
  actor_id: number;
  actor_role: string;
  action: string;
  text: Generated<string>;
  created_at: string;
};

/** A file given with one step of a complaint. */
export type ComplaintFilesTable = {
  id: Generated<number>;
  complaint_id: number;
  event_id: number;
  attachment_id: number;
};

/** A promotional activity (0026): a contest or a sign-up, with its window as instants. */
export type ActivitiesTable = {
  id: Generated<number>;
  title: string;
  /** contest | signup */
  kind: string;
  summary: Generated<string>;
  cover_url: Generated<string>;
  rules_md: string;
  starts_at: string;
  ends_at: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
};

/** Who joined which activity (unique per activity and user). */
export type ActivityParticipantsTable = {
  id: Generated<number>;
  activity_id: number;
  user_id: number;
  joined_at: string;
};

/** A designer-signing invitation code (0026), used once by a settle-in application. */
export type InvitationCodesTable = {
  id: Generated<number>;
  code: string;
  invitee_name: Generated<string>;
  invitee_phone: Generated<string>;
  note: Generated<string>;
  expires_at: string | null;
  created_by: number | null;
  created_at: string;
  revoked_at: string | null;
  used_by: number | null;
  used_at: string | null;
  application_id: number | null;
};

export type NoticesTable = {
  id: Generated<number>;
  user_id: number;
  /** NoticeKind of src/shared/contract/notices.ts. */
  kind: string;
  title: string;
  body: string;
  /** In-site path the notice leads to, or null. */
  link: string | null;
  created_at: string;
  /** When the owner read it; null = unread. */
  read_at: string | null;
};

/** Who accepted which version of an agreement, and when. */
export type AgreementAcceptancesTable = {
  id: Generated<number>;
  user_id: number;
  alias: string;
  version: number;
  /** 1 at registration, 2 the agreement-update dialog. */
  type: number;
  accepted_at: string;
};

export type ServiceOrdersTable = {
  order_no: string;
  user_id: number;
  /** membership | recharge | dosing (package_id is then a dosing_packages id, 0020) */
  kind: string;
  package_id: number | null;
  years: number | null;
  amount_fen: number;
  /** pending | paid | cancelled | refunded */
  state: string;
  expires_at: string;
  paid_at: string | null;
  vip_end_before: string | null;
  vip_end_after: string | null;
  created_at: string;
};

export type UserAuthsTable = {
  user_id: number;
  code: string;
  title: string;
  unit_name: string;
  total: number;
  remain: number;
  end_time: string;
};

// ---- The designer's wallet (0019) ----

export type BankCardsTable = {
  id: Generated<number>;
  user_id: number;
  verification_id: number;
  holder_name: string;
  bank_code: string;
  bank_name: string;
  /** Digits only. */
  card_number: string;
  created_at: string;
  updated_at: string;
};

export type WithdrawalsTable = {
  id: Generated<number>;
  withdrawal_no: string;
  user_id: number;
  amount_fen: number;
  /** applied | approved | paid | rejected */
  state: string;
  idem_key: string;
  china_day: string;
  holder_name: string;
  bank_name: string;
  card_number: string;
  reject_reason: Generated<string>;
  pay_serial: Generated<string>;
  handled_by: number | null;
  created_at: string;
  approved_at: string | null;
  paid_at: string | null;
  rejected_at: string | null;
};

export type WithdrawalDaysTable = {
  user_id: number;
  china_day: string;
  total_fen: Generated<number>;
};

export type DemandsTable = {
  id: Generated<number>;
  user_id: number;
  title: string;
  kid: number;
  type: number;
  description: string;
  reference_keys: Generated<string>;
  reward_fen: number;
  quota: number;
  adopted_count: Generated<number>;
  /** open | closed | completed */
  state: string;
  deadline: string;
  request_id: string;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
};

export type DemandSignupsTable = { demand_id: number; user_id: number; created_at: string };

export type DemandManuscriptsTable = {
  id: Generated<number>;
  demand_id: number;
  designer_id: number;
  file_key: string;
  preview_key: string;
  note: Generated<string>;
  /** submitted | adopted | refused */
  state: string;
  refuse_reason: Generated<string>;
  share_fen: Generated<number>;
  fee_fen: Generated<number>;
  created_at: string;
  decided_at: string | null;
};

/** 新品 (migration 0032, docs/new-products.md): a buyer's product mock-up of a pattern. */
export type NewProductsTable = {
  id: Generated<number>;
  user_id: number;
  title: string;
  template_id: string;
  /** work | upload */
  source_kind: string;
  work_id: number | null;
  file_key: string | null;
  scale: number;
  rotation: number;
  offset_x: number;
  offset_y: number;
  clean_key: string;
  watermarked_key: string | null;
  idem_key: string;
  request_hash: string;
  created_at: string;
  updated_at: string;
};

/** South-west folk base (issue 14, migration 0029): who may enter it. */
export type FolkEntitlementsTable = {
  user_id: number;
  granted_by: number | null;
  granted_at: string;
  revoked_at: string | null;
  note: Generated<string>;
};

export type FolkAccessRequestsTable = {
  id: Generated<number>;
  user_id: number;
  company: string;
  reason: string;
  /** pending, granted, refused. */
  status: Generated<string>;
  reply: Generated<string>;
  created_at: string;
  answered_at: string | null;
  answered_by: number | null;
};

export type FolkTagsTable = { id: Generated<number>; name: string; sort: Generated<number> };

export type FolkWorksTable = {
  id: Generated<number>;
  designer_id: number;
  title: string;
  people: string;
  craft: string;
  origin: string;
  motif_meaning: string;
  inheritor: string;
  note: string;
  like_count: Generated<number>;
  width: number;
  height: number;
  original_key: string;
  zoom_key: string;
  thumb_key: string;
  published_at: string;
  created_at: string;
};

export type FolkWorkTagsTable = { work_id: number; tag_id: number };
export type FolkWorkTermsTable = { work_id: number; term: string };
export type FolkWorkDescriptorsTable = { work_id: number; descriptor: Buffer };
export type FolkLikesTable = { work_id: number; user_id: number; created_at: string };

export type FolkIntentionsTable = {
  id: Generated<number>;
  ref_no: string;
  user_id: number;
  request_key: string;
  company: string;
  contact: string;
  phone: string;
  industry: string;
  purpose: string;
  products: string;
  work_ids: string;
  quantity: string;
  territory: string;
  /** received, contacted, contracted, declined. */
  status: Generated<string>;
  created_at: string;
  updated_at: string;
};

export type FolkIntentionFollowUpsTable = {
  id: Generated<number>;
  intention_id: number;
  status: string;
  note: Generated<string>;
  admin_id: number;
  created_at: string;
};

// ---- Customer service (0024) ----

export type ServiceThreadsTable = {
  id: Generated<number>;
  user_id: number;
  /** open | closed */
  state: Generated<string>;
  created_at: string;
  last_message_at: string;
  /** Since when the user waits for an answer, else null. */
  waiting_since: string | null;
  closed_at: string | null;
  closed_by: number | null;
};

export type ServiceMessagesTable = {
  id: Generated<number>;
  thread_id: number;
  sender_id: number;
  /** 1 staff, 0 the thread's user. */
  from_staff: number;
  content: string;
  /** JSON array of upload file keys. */
  image_keys: Generated<string>;
  work_id: number | null;
  order_no: string | null;
  client_key: string;
  created_at: string;
  read_at: string | null;
};

/** Account deletions (注销账号, profile): pending during the cooling-off, then done or cancelled. */
export type AccountDeletionsTable = {
  id: Generated<number>;
  user_id: number;
  /** pending | cancelled | done */
  state: string;
  /** password | sms */
  confirmed_by: string;
  requested_at: string;
  due_at: string;
  cancelled_at: string | null;
  completed_at: string | null;
};

/** 我的展厅 (0033, docs/showrooms.md). */
export type ShowroomsTable = {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: Generated<string>;
  background: Generated<string>;
  /** private | link */
  visibility: Generated<string>;
  cover_work_id: number | null;
  locked_by: number | null;
  locked_at: string | null;
  request_id: string;
  created_at: string;
  updated_at: string;
};

export type ShowroomWorksTable = {
  showroom_id: number;
  work_id: number;
  position: number;
  added_by: number;
  added_at: string;
};

export type ShowroomMembersTable = {
  showroom_id: number;
  user_id: number;
  /** editor | viewer */
  role: string;
  /** pending | accepted */
  status: string;
  invited_at: string;
};

export type ShowroomSharesTable = {
  id: Generated<number>;
  showroom_id: number;
  token_hash: string;
  code_hash: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  failed_count: Generated<number>;
  locked_until: string | null;
  created_at: string;
};

export type ShowroomLockEventsTable = {
  id: Generated<number>;
  showroom_id: number;
  user_id: number;
  /** lock | unlock */
  action: string;
  at: string;
};

export type Database = {
  users: UsersTable;
  account_deletions: AccountDeletionsTable;
  categories: CategoriesTable;
  works: WorksTable;
  work_images: WorkImagesTable;
  themes: ThemesTable;
  theme_works: ThemeWorksTable;
  banners: BannersTable;
  topics: TopicsTable;
  app_meta: AppMetaTable;
  work_changes: WorkChangesTable;
  cluster_jobs: ClusterJobsTable;
  rate_limit_hits: RateLimitHitsTable;
  uploads: UploadsTable;
  sessions: SessionsTable;
  spent_refresh_tokens: SpentRefreshTokensTable;
  sms_codes: SmsCodesTable;
  sign_in_failures: SignInFailuresTable;
  user_events: UserEventsTable;
  series: SeriesTable;
  trends: TrendsTable;
  trend_works: TrendWorksTable;
  ips: IpsTable;
  ip_works: IpWorksTable;
  enterprise_halls: EnterpriseHallsTable;
  hall_channels: HallChannelsTable;
  hall_works: HallWorksTable;
  collection_groups: CollectionGroupsTable;
  collections: CollectionsTable;
  follows: FollowsTable;
  browse_history: BrowseHistoryTable;
  work_terms: WorkTermsTable;
  work_image_descriptors: WorkImageDescriptorsTable;
  platform_dicts: PlatformDictsTable;
  work_colors: WorkColorsTable;
  work_licences: WorkLicencesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  orders: OrdersTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  work_exclusives: WorkExclusivesTable;
  member_packages: MemberPackagesTable;
  member_package_auths: MemberPackageAuthsTable;
  service_orders: ServiceOrdersTable;
  dosing_packages: DosingPackagesTable;
  user_auths: UserAuthsTable;
  issued_documents: IssuedDocumentsTable;
  invoice_requests: InvoiceRequestsTable;
  user_fond_classifications: UserFondClassificationsTable;
  identity_verifications: IdentityVerificationsTable;
  bank_accounts: BankAccountsTable;
  bank_cards: BankCardsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_days: WithdrawalDaysTable;
  designer_applications: DesignerApplicationsTable;
  work_sources: WorkSourcesTable;
  work_reviews: WorkReviewsTable;
  custom_classifications: CustomClassificationsTable;
  work_classifications: WorkClassificationsTable;
  pattern_groups: PatternGroupsTable;
  pattern_group_items: PatternGroupItemsTable;
  sale_records: SaleRecordsTable;
  agreements: AgreementsTable;
  agreement_acceptances: AgreementAcceptancesTable;
  help_categories: HelpCategoriesTable;
  help_articles: HelpArticlesTable;
  help_article_terms: HelpArticleTermsTable;
  notices: NoticesTable;
  activities: ActivitiesTable;
  activity_participants: ActivityParticipantsTable;
  invitation_codes: InvitationCodesTable;
  service_threads: ServiceThreadsTable;
  service_messages: ServiceMessagesTable;
  attachments: AttachmentsTable;
  complaints: ComplaintsTable;
  complaint_events: ComplaintEventsTable;
  complaint_files: ComplaintFilesTable;
  folk_entitlements: FolkEntitlementsTable;
  folk_access_requests: FolkAccessRequestsTable;
  folk_tags: FolkTagsTable;
  folk_works: FolkWorksTable;
  folk_work_tags: FolkWorkTagsTable;
  folk_work_terms: FolkWorkTermsTable;
  folk_work_descriptors: FolkWorkDescriptorsTable;
  folk_likes: FolkLikesTable;
  folk_intentions: FolkIntentionsTable;
  folk_intention_follow_ups: FolkIntentionFollowUpsTable;
  demands: DemandsTable;
  demand_signups: DemandSignupsTable;
  demand_manuscripts: DemandManuscriptsTable;
  new_products: NewProductsTable;
  showrooms: ShowroomsTable;
  showroom_works: ShowroomWorksTable;
  showroom_members: ShowroomMembersTable;
  showroom_shares: ShowroomSharesTable;
  showroom_lock_events: ShowroomLockEventsTable;
};

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type WorkRow = Selectable<WorksTable>;
export type NewWork = Insertable<WorksTable>;
