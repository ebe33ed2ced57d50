// Route paths and href builders of spec §2, in one place. Components link through these, never by literal.

export const EXTERNAL = {
  /** §2 User centre: account security lives on the account site. */
  accountSecurity: '/account/security',
} as const;

export const paths = {
  home: '/',
  homeIndex: (activeIndex: number) => `/${activeIndex}`,
  about: '/about',
  agreement: '/agreement',
  agreementAlias: (alias: string) => `/agreement/${alias}`,
  memberAgreement: '/agreement/memberService',
  help: '/help',
  helpPage: (active: string, page: number | string) => `/help/${active}/${page}`,
  copyrightStatement: '/help/bqshengming/1',
  helpCenter: '/helpCenter',
  /** Designer help: /helpCenter/{category alias}, the article by ?id= (docs/help.md). */
  helpCenterPage: (active: string, id?: number) =>
    `/helpCenter/${active}${id === undefined ? '' : `?id=${id}`}`,
  aiSearch: '/ai-search',
  aiSearchImg: '/AiSearchImg',
  picSearch: '/search/picSearch',
  /** Batch image search (several files at once); not in §2, see docs/image-search.md. */
  picBatch: '/search/picBatch',
  wordSearch: '/search/wordSearch',
  wordSearchFor: (keyword: string) => `/search/wordSearch?keyword=${encodeURIComponent(keyword)}`,
  trendPop: '/trendPop',
  trendPopDetail: '/trendPop/detail',
  trendDetail: (id: number | string) => `/trendPop/detail?id=${id}`,
  popularPatterns: '/popularPatterns',
  theme: '/theme',
  themeDetail: (id: number | string) => `/theme/detail/${id}`,
  themeWork: '/theme/Work',
  themeWorks: (themeId: number | string) => `/theme/Work?themeId=${themeId}`,
  work: '/work',
  workByHeaderType: (headerType: 3 | 4) => `/work?headerType=${headerType}`,
  /** /work with filters in the query, e.g. { style: 'floral' } → /work?style=floral. */
  workFiltered: (filters: Record<string, string | number>) =>
    `/work?${new URLSearchParams(Object.entries(filters).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
  workDetail: (id: number | string) => `/work/detail?id=${id}`,
  application: '/application',
  applicationSpread: '/application/spread',
  plantEntrance: '/plantEntrance',
  redActivity: '/redActivity',
  /** §2 /pageChild/{slug}: an editorial topic page (case, four, seamless…). */
  topicPage: (slug: string) => `/pageChild/${slug}`,
  sign: '/sign',
  tawDesigner: '/tawDesigner',
  designerGallery: (userId: number | string) => `/tawDesigner/${userId}.html`,
  enterprise: '/enterprise',
  enterpriseHall: (userId: number | string) => `/enterprise/${userId}.html`,
  enterpriseChannel: (userId: number | string, channelId?: number) =>
    `/enterprise/channel/${userId}.html${channelId === undefined ? '' : `?channelId=${channelId}`}`,
  enterpriseWorks: (userId: number | string) => `/enterprise/work/${userId}.html`,
  enterpriseEdit: (userId: number | string) => `/enterprise/edit/${userId}.html`,
  ip: '/ip',
  ipDetail: (id: number | string) => `/ip/${id}.html`,
  publishWork: '/publishWork',
  /** The single publish form on a draft, or starting from an uploaded file. */
  publishWorkEdit: (id: number | string) => `/publishWork?id=${id}`,
  publishWorkFromFile: (fileKey: string) => `/publishWork?fileKey=${encodeURIComponent(fileKey)}`,
  publishWorkBatch: '/publishWork/index2',
  publishWorkUpload: '/publishWork/upload',
  /** §2 A part of the publish flow on its own page (series, classify, price, tags); the spec spells it conponents. */
  publishPart: (part: string) => `/publishWork/conponents/${part}`,
  admin: {
    home: '/admin',
    applications: '/admin/applications',
    works: '/admin/works',
    /** Bank transfers to confirm and invoice requests to handle (issue 11). */
    finance: '/admin/finance',
    /** 会员套餐: packages, their authority items and the add-on packs (issue 12). */
    packages: '/admin/packages',
    /** 协议管理: publish a new version of an agreement (issue 13). */
    agreements: '/admin/agreements',
    /** 专题管理: the /pageChild/* topic pages' blocks (issue 13). */
    topics: '/admin/topics',
    /** 横幅管理: the home-top carousel (issue 13). */
    banners: '/admin/banners',
    /** 帮助管理: help categories and articles (issue 13). */
    help: '/admin/help',
    /** 民族基地: folk-base entitlements, access requests and intentions (issue 14). */
    folk: '/admin/folk',
    /** 在线客服: staff answer the users' threads (issue 13). */
    service: '/admin/service',
    /** 投诉处理: infringement complaints beside the reported work and its image-search matches (issue 13). */
    complaints: '/admin/complaints',
    /** 活动管理: activities, their participants and designer-signing invitation codes (issue 13). */
    activities: '/admin/activities',
  },
  /** 下载设置: where licensed originals are saved and how they are named. */
  downloadSetting: '/download/setting',
  materialOrder: '/materialOrder',
  purchaseOrder: '/purchaseOrder',
  /** Licence checkout, step 1, for one licence option of a work (素材 / 品类独家 授权). */
  materialOrderFor: (creationId: number | string, licenceId?: number) =>
    `/materialOrder?creationId=${creationId}${licenceId ? `&licenceId=${licenceId}` : ''}`,
  purchaseOrderFor: (creationId: number | string, licenceId?: number) =>
    `/purchaseOrder?creationId=${creationId}${licenceId ? `&licenceId=${licenceId}` : ''}`,
  /** Step 2 (支付) or 3 (完成) of an order: `/materialOrder/2?orderNo=…`. */
  materialOrderStep: (step: number, orderNo: string) =>
    `/materialOrder/${step}?orderNo=${encodeURIComponent(orderNo)}`,
  purchaseOrderStep: (step: number, orderNo: string) =>
    `/purchaseOrder/${step}?orderNo=${encodeURIComponent(orderNo)}`,
  materialOrderAgreement: '/materialOrder/agreement',
  materialOrderProof: (orderNo: string) =>
    `/materialOrder/proof?orderNo=${encodeURIComponent(orderNo)}`,
  purchaseOrderContract: (orderNo: string) =>
    `/purchaseOrder/contract?orderNo=${encodeURIComponent(orderNo)}`,
  recharge: '/recharge',
  rechargeVip: '/recharge/vip',
  vip: '/vip',
  openMember: '/openMember',
  demand: '/demand',
  demandDetail: (demandId: number | string) => `/demand/${demandId}.html`,
  southwestFolk: '/southwestFolk/southwestParent',
  designIndex: '/design/index',
  user: {
    /** 我的投诉: complaints I filed and complaints against my works (issue 13, docs/complaints.md). */
    complaints: '/user/complaints',
    /** 在线客服: the user's conversation with staff (issue 13, docs/customer-service.md). */
    service: '/user/service',
    mywork: '/user/mywork',
    myworkTab: (activeIndex: number) => `/user/mywork/${activeIndex}`,
    myworkMaterial: '/user/mywork/material',
    myworkContribute: '/user/mywork/contribute',
    saleRecord: '/user/saleRecord',
    saleRecordTab: (activeIndex: number) => `/user/saleRecord/${activeIndex}`,
    saleRecordDetail: (id: number | string) => `/user/saleRecord/detail?id=${id}`,
    myorder: '/user/myorder',
    myCollect: '/user/myCollect',
    myCollectTab: (
      tab: 'demandCollected' | 'ipCollected' | 'templateCollected' | 'themeCollected',
    ) => `/user/myCollect/${tab}`,
    myCollectGroup: (groupId: number | string) => `/user/myCollect/${groupId}`,
    mytrack: '/user/mytrack',
    workTrack: '/user/mytrack/workTrack',
    themeTrack: '/user/mytrack/themeTrack',
    myDemand: '/user/myDemand',
    myConcern: '/user/myConcern',
    myPattern: '/user/myPattern',
    myPatternUpload: '/user/myPattern/upload',
    myPatternLocalUpload: '/user/myPattern/localUpload',
    /** 上传文件夹 (desktop): all watched folders, or one by its id (groupID). */
    localUpload: (folderId?: string) =>
      `/user/myPattern/localUpload${folderId ? `/${encodeURIComponent(folderId)}` : ''}`,
    pushBeforeBuy: '/design/work/PushBeforeBuy',
    myNewProducts: '/user/myTemplate',
    credentials: '/user/credentials',
    /** 个人资料: avatar, nickname, phone, password, data export, 注销账号. */
    profile: '/user/user',
    /** 认证: personal and company verification, the contract signer. */
    certification: '/user/certification',
    /** 绑定银行账户: the company's bank account. */
    bankAccountBind: '/user/certification/BAbind',
    accWithdraw: '/user/mybalance/accWithdraw',
    mybalance: '/user/mybalance',
    /** 消息中心: my notices (docs/notices.md). */
    message: '/user/message',
    /** 我的展厅 (docs/showrooms.md): the list, one hall, and a sub-page of a hall (?id=). */
    myShowRoom: '/user/myShowRoom',
    showRoom: (id: number) => `/user/myShowRoom/showRoomId/${id}`,
    showRoomPage: (page: string, id?: number) =>
      `/user/myShowRoom/${page}${id === undefined ? '' : `?id=${id}`}`,
    /** 展厅分享: what a link's visitor opens, readable without signing in. */
    showRoomShared: (token: string) => `/user/myShowRoom/share?token=${encodeURIComponent(token)}`,
  },
} as const;
