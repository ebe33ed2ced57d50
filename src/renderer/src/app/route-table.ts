// Every route of spec §2 in one table: its path, title, layout, lazy chunk group and login rule.

import { paths } from '../config/paths';

export type LayoutKind = 'default' | 'order' | 'other' | 'personal' | 'saas' | 'user' | 'nothing';

/** Lazy chunks: one per route group, so a visitor downloads only the part of the site they open. */
export type RouteGroup =
  | 'home'
  | 'catalogue'
  | 'search'
  | 'info'
  | 'application'
  | 'publish'
  | 'order'
  | 'money'
  | 'demand'
  | 'folk'
  | 'user'
  | 'design'
  | 'admin'
  | 'misc';

/** prompt: login dialog shown but closable; force: login dialog that cannot be closed; user: guests see 提示 游客请先登录. */
export type RouteAuth = 'none' | 'prompt' | 'force' | 'user';

/** Built pages, by key; everything else shows its title until the issue that builds it lands. */
export type PageKey =
  | 'home'
  | 'trendPop'
  | 'trendDetail'
  | 'popularPatterns'
  | 'themeList'
  | 'themeDetail'
  | 'themeWorks'
  | 'workList'
  | 'workDetail'
  | 'designerList'
  | 'designerGallery'
  | 'enterpriseList'
  | 'enterpriseHall'
  | 'enterpriseChannel'
  | 'enterpriseWorks'
  | 'enterpriseEdit'
  | 'ipList'
  | 'ipDetail'
  | 'myCollect'
  | 'myCollectGroup'
  | 'myConcern'
  | 'myTrack'
  | 'wordSearch'
  | 'aiSearch'
  | 'aiSearchImg'
  | 'picSearch'
  | 'picBatch'
  | 'applicationIntro'
  | 'applicationSpread'
  | 'publishWork'
  | 'publishBatch'
  | 'publishUpload'
  | 'publishPart'
  | 'plantEntrance'
  | 'credentials'
  | 'certification'
  | 'bankAccountBind'
  | 'downloadSetting'
  | 'myWork'
  | 'myWorkMaterial'
  | 'myWorkContribute'
  | 'saleRecord'
  | 'saleRecordDetail'
  | 'myPattern'
  | 'myPatternUpload'
  | 'myGallery'
  | 'adminHome'
  | 'adminApplications'
  | 'adminWorks'
  | 'adminFinance'
  | 'adminPackages'
  | 'adminAgreements'
  | 'topicPage'
  | 'adminTopics'
  | 'adminBanners'
  | 'adminHelp'
  | 'help'
  | 'helpCenter'
  | 'about'
  | 'adminFolk'
  | 'folkHome'
  | 'folkSearch'
  | 'folkAuthorization'
  | 'folkWorksDetail'
  | 'folkDetail'
  | 'adminService'
  | 'adminComplaints'
  | 'adminActivities'
  | 'redActivity'
  | 'sign'
  | 'signCode'
  | 'myComplaints'
  | 'componentsUpload'
  | 'userService'
  | 'userProfile'
  | 'agreementList'
  | 'agreementDetail'
  | 'copyrightStatement'
  | 'folderUpload'
  | 'purchaseOrder'
  | 'purchaseOrderContract'
  | 'materialOrder'
  | 'materialOrderProof'
  | 'licenceAgreement'
  | 'myOrder'
  | 'myOrderDetail'
  | 'myOrderRenewal'
  | 'myOrderRenewalInfo'
  | 'billManagement'
  | 'billInvoice'
  | 'billTicket'
  | 'vip'
  | 'openMember'
  | 'rechargeVip'
  | 'dosingPacket'
  | 'memberAgreement'
  | 'recharge'
  | 'myBalance'
  | 'accWithdraw'
  | 'userMessage'
  | 'demandCentre'
  | 'demandList'
  | 'demandContribute'
  | 'demandRelease'
  | 'demandDetail'
  | 'demandManuscripts'
  | 'demandMine'
  | 'myDemand'
  | 'myDemandCollected'
  | 'myDemandSignUp'
  | ShowroomPageKey
  | NewProductPageKey;

/** 新品生成, 我的新品 and 先推后买 (docs/new-products.md). */
export type NewProductPageKey = 'newProductDesign' | 'myNewProducts' | 'pushBeforeBuy';

/** 我的展厅 (docs/showrooms.md). */
export type ShowroomPageKey =
  | 'showroomList'
  | 'showroomHall'
  | 'showroomAdd'
  | 'showroomDelete'
  | 'showroomShare'
  | 'showroomInviteManage'
  | 'showroomLockRelease'
  | 'showroomUnlockHistory'
  | 'showroomCooperate'
  | 'showroomCompare'
  | 'showroomSetting'
  | 'showroomScene3d';

export type RouteEntry = {
  path: string;
  title: string;
  layout: LayoutKind;
  group: RouteGroup;
  auth: RouteAuth;
  /** A parameter's value must match, e.g. `{userId}.html`; otherwise the 404 page shows. */
  params?: Record<string, RegExp>;
  page?: PageKey;
  /** Which issue builds the page (docs/routes.md); undefined once built. */
  plannedIn?: string;
};

const HTML_ID = /^\d+\.html$/;
const NUMBER = /^\d+$/;

type Spec = Omit<RouteEntry, 'layout' | 'group' | 'auth'> &
  Partial<Pick<RouteEntry, 'auth' | 'layout'>>;
const group =
  (g: RouteGroup, layout: LayoutKind, plannedIn?: string) =>
  (specs: Spec[]): RouteEntry[] =>
    specs.map((s) => ({
      auth: 'none',
      layout,
      group: g,
      ...(plannedIn && !s.page ? { plannedIn } : {}),
      ...s,
    }));

const CATALOGUE = '#4 作品与发现';
const SEARCH = '#5 以图搜图';
const DESIGNERS = '#6 设计师入驻与发布';
const LATER = '后续（订单、支付、会员、财务、需求、民族基地、帮助、后台、新品生成）';

const PAGE_CHILDREN = [
  'case',
  'category-dialog',
  'four',
  'pattern',
  'popular-pattern',
  'recommend',
  'seamless',
  'stylist',
  'theme',
  'trend',
  'video',
];
/** 我的展厅's sub-pages (share is apart: a link's visitor opens it without signing in). */
const SHOWROOM_PAGES = {
  add: 'showroomAdd',
  delete: 'showroomDelete',
  inviteManage: 'showroomInviteManage',
  lockRelease: 'showroomLockRelease',
  unlockHistory: 'showroomUnlockHistory',
  cooperate: 'showroomCooperate',
  compare: 'showroomCompare',
  setting: 'showroomSetting',
  scene3d: 'showroomScene3d',
} as const satisfies Record<string, ShowroomPageKey>;

export const ROUTES: RouteEntry[] = [
  ...group(
    'home',
    'default',
  )([
    { path: paths.home, title: '首页', page: 'home' },
    {
      path: `${paths.home}:activeIndex`,
      title: '首页',
      page: 'home',
      params: { activeIndex: NUMBER },
    },
  ]),
  ...group(
    'info',
    'personal',
    LATER,
  )([
    { path: paths.about, title: '关于我们', layout: 'default', page: 'about' },
    { path: paths.agreement, title: '平台协议', page: 'agreementList' },
    { path: paths.memberAgreement, title: '会员服务协议', page: 'memberAgreement' },
    {
      path: `${paths.agreement}/:alias`,
      title: '协议详情',
      page: 'agreementDetail',
      params: { alias: /^[A-Za-z][A-Za-z0-9]{1,39}$/ },
    },
    { path: paths.copyrightStatement, title: '版权声明', page: 'copyrightStatement' },
    { path: paths.help, title: '帮助中心', page: 'help' },
    {
      path: `${paths.help}/:active/:page`,
      title: '帮助详情',
      page: 'help',
      params: { page: NUMBER },
    },
    { path: paths.helpCenter, title: '帮助中心', page: 'helpCenter' },
    { path: `${paths.helpCenter}/:active`, title: '帮助中心', page: 'helpCenter' },
  ]),
  ...group(
    'search',
    'default',
    SEARCH,
  )([
    { path: paths.aiSearch, title: 'AI搜索', page: 'aiSearch' },
    { path: paths.aiSearchImg, title: '智能搜图', page: 'aiSearchImg' },
    { path: paths.picSearch, title: '以图搜图', page: 'picSearch' },
    // Not in §2: several files at once (web multi-select, desktop drop); docs/image-search.md.
    { path: paths.picBatch, title: '批量搜图', page: 'picBatch' },
    { path: paths.wordSearch, title: '搜索结果', page: 'wordSearch' },
  ]),
  ...group(
    'catalogue',
    'default',
    CATALOGUE,
  )([
    { path: paths.trendPop, title: '趋势爆款', page: 'trendPop' },
    { path: paths.trendPopDetail, title: '趋势详情', page: 'trendDetail' },
    { path: paths.popularPatterns, title: '流行花型', page: 'popularPatterns' },
    { path: paths.theme, title: '主题', page: 'themeList' },
    { path: `${paths.theme}/detail`, title: '主题详情', page: 'themeDetail' },
    {
      path: `${paths.theme}/detail/:id`,
      title: '主题详情',
      auth: 'prompt',
      params: { id: NUMBER },
      page: 'themeDetail',
    },
    { path: paths.themeWork, title: '主题作品', page: 'themeWorks' },
    { path: paths.work, title: '作品', page: 'workList' },
    { path: `${paths.work}/detail`, title: '作品详情', auth: 'force', page: 'workDetail' },
    { path: paths.tawDesigner, title: '设计师', page: 'designerList' },
    {
      path: `${paths.tawDesigner}/:file`,
      title: '设计师图库',
      params: { file: HTML_ID },
      page: 'designerGallery',
    },
    { path: paths.enterprise, title: '企业展厅', page: 'enterpriseList' },
    {
      path: `${paths.enterprise}/:file`,
      title: '企业展厅',
      params: { file: HTML_ID },
      page: 'enterpriseHall',
    },
    {
      path: `${paths.enterprise}/channel/:file`,
      title: '展厅频道',
      params: { file: HTML_ID },
      page: 'enterpriseChannel',
    },
    {
      path: `${paths.enterprise}/work/:file`,
      title: '展厅作品',
      params: { file: HTML_ID },
      page: 'enterpriseWorks',
    },
    {
      path: `${paths.enterprise}/edit/:file`,
      title: '编辑展厅',
      auth: 'user',
      params: { file: HTML_ID },
      page: 'enterpriseEdit',
    },
    // Not in §2: the IP list and detail the catalogue issue asks for (docs/decisions.md).
    { path: paths.ip, title: 'IP 授权', page: 'ipList' },
    { path: `${paths.ip}/:file`, title: 'IP 详情', params: { file: HTML_ID }, page: 'ipDetail' },
  ]),
  ...group(
    'application',
    'default',
    DESIGNERS,
  )([
    { path: paths.application, title: '设计师入驻', page: 'applicationIntro' },
    { path: paths.applicationSpread, title: '设计师入驻', page: 'applicationSpread' },
    { path: paths.plantEntrance, title: '设计工具', page: 'plantEntrance' },
    { path: paths.redActivity, title: '活动', page: 'redActivity' },
    { path: paths.sign, title: '设计师签约', page: 'sign' },
    { path: `${paths.sign}/:Code`, title: '设计师签约', page: 'signCode' },
  ]),
  ...group(
    'publish',
    'other',
    DESIGNERS,
  )([
    { path: paths.publishWork, title: '发布作品', auth: 'user', page: 'publishWork' },
    { path: paths.publishWorkBatch, title: '批量发布', auth: 'user', page: 'publishBatch' },
    { path: paths.publishWorkUpload, title: '上传作品', auth: 'user', page: 'publishUpload' },
    {
      path: `${paths.publishWork}/conponents/:part`,
      title: '发布作品',
      auth: 'user',
      page: 'publishPart',
    },
  ]),
  ...group(
    'order',
    'order',
  )([
    { path: paths.materialOrder, title: '素材订单', auth: 'user', page: 'materialOrder' },
    {
      path: paths.materialOrderAgreement,
      title: '素材授权协议',
      page: 'licenceAgreement',
    },
    {
      path: `${paths.materialOrder}/proof`,
      title: '授权凭证',
      auth: 'user',
      page: 'materialOrderProof',
    },
    {
      path: `${paths.materialOrder}/:step`,
      title: '素材订单',
      auth: 'user',
      params: { step: NUMBER },
      page: 'materialOrder',
    },
    { path: paths.purchaseOrder, title: '授权订单', auth: 'user', page: 'purchaseOrder' },
    {
      path: `${paths.purchaseOrder}/contract`,
      title: '授权合同',
      auth: 'user',
      page: 'purchaseOrderContract',
    },
    {
      path: `${paths.purchaseOrder}/:step`,
      title: '授权订单',
      auth: 'user',
      params: { step: NUMBER },
      page: 'purchaseOrder',
    },
  ]),
  ...group(
    'money',
    'default',
    LATER,
  )([
    { path: paths.recharge, title: '充值', auth: 'user', page: 'recharge' },
    { path: paths.rechargeVip, title: '会员充值', auth: 'user', page: 'rechargeVip' },
    { path: paths.vip, title: '会员续费', page: 'vip' },
    { path: paths.openMember, title: '开通会员', page: 'openMember' },
    { path: `${paths.openMember}/DosingPacket`, title: '加量包', page: 'dosingPacket' },
  ]),
  ...group(
    'misc',
    'other',
    LATER,
  )([
    {
      path: paths.downloadSetting,
      title: '下载设置',
      auth: 'user',
      page: 'downloadSetting',
    },
    { path: '/components/upload', title: '上传', auth: 'user', page: 'componentsUpload' },
    ...PAGE_CHILDREN.map((child) => ({
      path: paths.topicPage(child),
      title: '专题',
      page: 'topicPage' as const,
    })),
  ]),
  // Custom-pattern demands (docs/demands.md).
  ...group(
    'demand',
    'default',
  )([
    { path: paths.demand, title: '图案定制', page: 'demandCentre' },
    { path: `${paths.demand}/list`, title: '需求列表', page: 'demandList' },
    {
      path: `${paths.demand}/contribute`,
      title: '我要投稿',
      auth: 'user',
      page: 'demandContribute',
    },
    { path: `${paths.demand}/release`, title: '发布需求', auth: 'user', page: 'demandRelease' },
    { path: `${paths.demand}/detail`, title: '需求详情', page: 'demandDetail' },
    { path: `${paths.demand}/detail/Manuscript`, title: '需求稿件', page: 'demandManuscripts' },
    { path: `${paths.demand}/detail/Mine`, title: '我的稿件', auth: 'user', page: 'demandMine' },
    {
      path: `${paths.demand}/:segment`,
      title: '需求列表',
      params: { segment: /^list-s\d+-a\d+-e\d+-p\d+$|^list-f\d+-m\d+-t\d+-p\d+$/ },
      page: 'demandList',
    },
    {
      path: `${paths.demand}/:segment`,
      title: '需求详情',
      params: { segment: HTML_ID },
      page: 'demandDetail',
    },
    {
      path: `${paths.demand}/Manuscript/:file`,
      title: '需求稿件',
      params: { file: HTML_ID },
      page: 'demandManuscripts',
    },
    {
      path: `${paths.demand}/Mine/:file`,
      title: '我的稿件',
      auth: 'user',
      params: { file: HTML_ID },
      page: 'demandMine',
    },
  ]),
  // The south-west folk base (issue 14): the pages show themselves to entitled users only.
  ...group(
    'folk',
    'default',
  )([
    { path: paths.southwestFolk, title: '西南民族文化基地', page: 'folkHome' },
    {
      path: `${paths.southwestFolk}/authorizationForm`,
      title: '授权意向',
      page: 'folkAuthorization',
    },
    { path: `${paths.southwestFolk}/searchWorks`, title: '作品检索', page: 'folkSearch' },
    {
      path: `${paths.southwestFolk}/worksDetailPage`,
      title: '作品详情',
      page: 'folkWorksDetail',
    },
    {
      path: `${paths.southwestFolk}/:id`,
      title: '西南民族文化基地',
      params: { id: NUMBER },
      page: 'folkDetail',
    },
  ]),
  ...group(
    'user',
    'user',
    LATER,
  )(
    [
      { path: '/user/billManagement', title: '账单管理', page: 'billManagement' as const },
      { path: '/user/billManagement/invoice', title: '发票', page: 'billInvoice' as const },
      { path: '/user/billManagement/ticket', title: '票据', page: 'billTicket' as const },
      { path: paths.user.certification, title: '认证', page: 'certification' as const },
      {
        path: paths.user.bankAccountBind,
        title: '绑定银行账户',
        page: 'bankAccountBind' as const,
      },
      { path: paths.user.credentials, title: '实名认证', page: 'credentials' as const },
      { path: paths.user.mybalance, title: '我的余额', page: 'myBalance' as const },
      { path: paths.user.accWithdraw, title: '提现', page: 'accWithdraw' as const },
      { path: paths.user.message, title: '消息中心', page: 'userMessage' as const },
      { path: paths.user.myCollect, title: '我的收藏', page: 'myCollect' as const },
      ...(['demandCollected', 'ipCollected', 'templateCollected', 'themeCollected'] as const).map(
        (c) => ({
          path: paths.user.myCollectTab(c),
          title: '我的收藏',
          page: 'myCollect' as const,
        }),
      ),
      {
        path: `${paths.user.myCollect}/:collectDetails`,
        title: '收藏详情',
        params: { collectDetails: NUMBER } as Record<string, RegExp>,
        page: 'myCollectGroup' as const,
      },
      { path: paths.user.myConcern, title: '我的关注', page: 'myConcern' as const },
      { path: paths.user.myDemand, title: '我的需求', page: 'myDemand' as const },
      {
        path: `${paths.user.myDemand}/demandCollected`,
        title: '收藏的需求',
        page: 'myDemandCollected' as const,
      },
      {
        path: `${paths.user.myDemand}/signUp`,
        title: '报名的需求',
        page: 'myDemandSignUp' as const,
      },
      { path: '/user/mygallery', title: '我的图库', page: 'myGallery' as const },
      { path: paths.user.myorder, title: '我的订单', page: 'myOrder' as const },
      { path: `${paths.user.myorder}/detail`, title: '订单详情', page: 'myOrderDetail' as const },
      { path: `${paths.user.myorder}/renewal`, title: '续费', page: 'myOrderRenewal' as const },
      {
        path: `${paths.user.myorder}/renewal/info`,
        title: '续费信息',
        page: 'myOrderRenewalInfo' as const,
      },
      {
        path: `${paths.user.myorder}/:activeIndex`,
        title: '我的订单',
        params: { activeIndex: NUMBER } as Record<string, RegExp>,
        page: 'myOrder' as const,
      },
      { path: paths.user.myPattern, title: '我的花型', page: 'myPattern' as const },
      {
        path: `${paths.user.myPatternLocalUpload}/:groupID?`,
        title: '本地上传',
        page: 'folderUpload' as const,
      },
      { path: paths.user.myPatternUpload, title: '上传花型', page: 'myPatternUpload' as const },
      {
        path: `${paths.user.myPattern}/uploadDialog`,
        title: '上传花型',
        page: 'myPatternUpload' as const,
      },
      { path: '/user/myShowRoom', title: '我的展厅', page: 'showroomList' as const },
      {
        path: '/user/myShowRoom/showRoomId/:showRoomId?',
        title: '我的展厅',
        params: { showRoomId: NUMBER } as Record<string, RegExp>,
        page: 'showroomHall' as const,
      },
      ...Object.entries(SHOWROOM_PAGES).map(([p, page]) => ({
        path: `/user/myShowRoom/${p}`,
        title: '我的展厅',
        page,
      })),
      { path: '/user/mystore', title: '我的店铺', page: 'myGallery' as const },
      { path: paths.user.myNewProducts, title: '我的新品', page: 'myNewProducts' as const },
      { path: paths.user.mytrack, title: '浏览足迹', page: 'myTrack' as const },
      { path: paths.user.themeTrack, title: '主题足迹', page: 'myTrack' as const },
      { path: paths.user.workTrack, title: '作品足迹', page: 'myTrack' as const },
      { path: paths.user.mywork, title: '作品管理', page: 'myWork' as const },
      { path: paths.user.myworkContribute, title: '投稿作品', page: 'myWorkContribute' as const },
      {
        path: `${paths.user.myworkContribute}/:activeIndex`,
        title: '投稿作品',
        page: 'myWorkContribute' as const,
        params: { activeIndex: NUMBER } as Record<string, RegExp>,
      },
      { path: paths.user.myworkMaterial, title: '素材管理', page: 'myWorkMaterial' as const },
      {
        path: `${paths.user.mywork}/:activeIndex`,
        title: '作品管理',
        page: 'myWork' as const,
        params: { activeIndex: NUMBER } as Record<string, RegExp>,
      },
      { path: paths.user.saleRecord, title: '销售记录', page: 'saleRecord' as const },
      {
        path: `${paths.user.saleRecord}/detail`,
        title: '销售详情',
        page: 'saleRecordDetail' as const,
      },
      {
        path: `${paths.user.saleRecord}/:activeIndex`,
        title: '销售记录',
        page: 'saleRecord' as const,
        params: { activeIndex: NUMBER } as Record<string, RegExp>,
      },
      { path: paths.user.profile, title: '个人资料', page: 'userProfile' as const },
      { path: paths.user.service, title: '在线客服', page: 'userService' as const },
      { path: paths.user.complaints, title: '我的投诉', page: 'myComplaints' as const },
    ].map((s) => ({ ...s, auth: 'user' as const })),
  ),
  // 展厅分享: a link's visitor reads the hall without signing in (docs/showrooms.md).
  ...group(
    'user',
    'user',
  )([{ path: '/user/myShowRoom/share', title: '展厅分享', page: 'showroomShare' }]),
  // Not in §2: the reviewers' back office (docs/decisions.md, Designers and publishing). Signed-in
  // users only; the page shows itself to admins, and every admin call is checked on the server.
  ...group(
    'admin',
    'other',
  )([
    { path: paths.admin.home, title: '审核后台', auth: 'user', page: 'adminHome' },
    { path: paths.admin.applications, title: '入驻审核', auth: 'user', page: 'adminApplications' },
    { path: paths.admin.works, title: '作品审核', auth: 'user', page: 'adminWorks' },
    { path: paths.admin.finance, title: '财务处理', auth: 'user', page: 'adminFinance' },
    { path: paths.admin.packages, title: '会员套餐', auth: 'user', page: 'adminPackages' },
    { path: paths.admin.agreements, title: '协议管理', auth: 'user', page: 'adminAgreements' },
    { path: paths.admin.topics, title: '专题管理', auth: 'user', page: 'adminTopics' },
    { path: paths.admin.banners, title: '横幅管理', auth: 'user', page: 'adminBanners' },
    { path: paths.admin.help, title: '帮助管理', auth: 'user', page: 'adminHelp' },
    { path: paths.admin.folk, title: '民族基地', auth: 'user', page: 'adminFolk' },
    { path: paths.admin.service, title: '在线客服', auth: 'user', page: 'adminService' },
    { path: paths.admin.complaints, title: '投诉处理', auth: 'user', page: 'adminComplaints' },
    { path: paths.admin.activities, title: '活动管理', auth: 'user', page: 'adminActivities' },
  ]),
  ...group(
    'design',
    'other',
    LATER,
  )([
    { path: paths.designIndex, title: '新品生成', page: 'newProductDesign' },
    {
      path: paths.user.pushBeforeBuy,
      title: '先推后买',
      layout: 'saas',
      auth: 'user',
      page: 'pushBeforeBuy',
    },
    {
      path: '/design/user/myShowRoom',
      title: '我的展厅',
      layout: 'saas',
      auth: 'user',
      page: 'showroomList',
    },
  ]),
];

/** The entry whose parameter rules accept `params`, among entries sharing one path. */
export function matchEntry(
  candidates: readonly RouteEntry[],
  params: Record<string, string | undefined>,
): RouteEntry | undefined {
  return candidates.find((entry) =>
    Object.entries(entry.params ?? {}).every(([name, rule]) => {
      const value = params[name];
      return value === undefined ? entry.path.includes(`:${name}?`) : rule.test(value);
    }),
  );
}
