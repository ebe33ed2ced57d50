import { Spin } from 'antd';
import { Suspense, lazy, useEffect } from 'react';
import type { ComponentType } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { GuestNotice } from '../features/accounts/components/guest-notice';
import { importWithReload } from '../lib/chunk-reload';
import { lazyComponent } from '../lib/lazy-component';
import { useSessionStore } from '../stores/session-store';
import type {
  NewProductPageKey,
  PageKey,
  RouteAuth,
  RouteEntry,
  ShowroomPageKey,
} from './route-table';
import { matchEntry } from './route-table';
import { RouteErrorBoundary } from './route-error-boundary';

/** The placeholder of a page not built yet, loaded only where one is shown (it needs Typography). */
const PlannedPage = lazyComponent(() =>
  import('../components/planned-page').then((m) => m.PlannedPage),
);

/** Built pages, loaded lazily per route group. */
const PAGES: Record<PageKey, ComponentType> = {
  home: lazy(() =>
    importWithReload(() => import('./routes/home-route')).then((m) => ({ default: m.HomeRoute })),
  ),
  ...cataloguePages(),
  wordSearch: page(
    () => import('./routes/word-search-route'),
    (m) => m.WordSearchRoute,
  ),
  ...imageSearchPages(),
  folderUpload: page(
    () => import('./routes/folder-upload-route'),
    (m) => m.FolderUploadRoute,
  ),
  ...publishingPages(),
  ...certificationPages(),
  ...orderPages(),
  ...myOrderPages(),
  ...membershipPages(),
  ...walletPages(),
  ...agreementPages(),
  ...folkPages(),
  ...activityPages(),
  ...topicPages(),
  ...helpPages(),
  ...noticePages(),
  ...demandPages(),
  ...showroomPages(),
  ...newProductPages(),
  userService: page(
    () => import('./routes/customer-service-routes'),
    (m) => m.UserServiceRoute,
  ),
  myComplaints: page(
    () => import('./routes/complaint-routes'),
    (m) => m.MyComplaintsRoute,
  ),
  userProfile: page(
    () => import('./routes/profile-routes'),
    (m) => m.ProfileRoute,
  ),
  componentsUpload: page(
    () => import('./routes/upload-route'),
    (m) => m.UploadRoute,
  ),
};

/** A lazy page from a route module's named export. */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ComponentType {
  return lazy(() => importWithReload(load).then((m) => ({ default: pick(m) })));
}

type ImageSearchPageKey = 'aiSearch' | 'aiSearchImg' | 'picSearch' | 'picBatch';

/** Image search (#5): its four pages share one chunk. */
function imageSearchPages(): Record<ImageSearchPageKey, ComponentType> {
  const images = () => import('./routes/image-search-routes');
  return {
    aiSearch: page(images, (m) => m.AiSearchRoute),
    aiSearchImg: page(images, (m) => m.AiSearchImgRoute),
    picSearch: page(images, (m) => m.PicSearchRoute),
    picBatch: page(images, (m) => m.PicBatchRoute),
  };
}

type PublishingPageKey =
  | 'applicationIntro'
  | 'applicationSpread'
  | 'publishWork'
  | 'publishBatch'
  | 'publishUpload'
  | 'publishPart'
  | 'plantEntrance'
  | 'credentials'
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
  | 'adminService'
  | 'adminComplaints'
  | 'adminFolk';

/** Settling in, publishing, my works and sales (#6), and the back office: one chunk per module. */
function publishingPages(): Record<PublishingPageKey, ComponentType> {
  const apply = () => import('./routes/application-routes');
  const publish = () => import('./routes/publish-routes');
  const mine = () => import('./routes/my-work-routes');
  const admin = () => import('./routes/admin-routes');
  const sales = () => import('./routes/sale-record-routes');
  return {
    applicationIntro: page(apply, (m) => m.ApplicationIntroRoute),
    applicationSpread: page(apply, (m) => m.ApplicationSpreadRoute),
    credentials: page(apply, (m) => m.CredentialsRoute),
    publishWork: page(publish, (m) => m.PublishWorkRoute),
    publishBatch: page(publish, (m) => m.PublishBatchRoute),
    publishUpload: page(publish, (m) => m.PublishUploadRoute),
    publishPart: page(publish, (m) => m.PublishPartRoute),
    plantEntrance: page(apply, (m) => m.PlantEntranceRoute),
    myWork: page(mine, (m) => m.MyWorkRoute),
    myWorkMaterial: page(mine, (m) => m.MyWorkMaterialRoute),
    myWorkContribute: page(mine, (m) => m.MyWorkContributeRoute),
    saleRecord: page(sales, (m) => m.SaleRecordRoute),
    saleRecordDetail: page(sales, (m) => m.SaleRecordDetailRoute),
    myPattern: page(mine, (m) => m.MyPatternRoute),
    myPatternUpload: page(mine, (m) => m.MyPatternUploadRoute),
    myGallery: page(mine, (m) => m.MyGalleryRoute),
    adminHome: page(admin, (m) => m.AdminHomeRoute),
    adminApplications: page(admin, (m) => m.AdminApplicationsRoute),
    adminWorks: page(admin, (m) => m.AdminWorksRoute),
    adminFinance: page(admin, (m) => m.AdminFinanceRoute),
    adminPackages: page(admin, (m) => m.AdminPackagesRoute),
    adminAgreements: page(admin, (m) => m.AdminAgreementsRoute),
    adminFolk: page(admin, (m) => m.AdminFolkRoute),
    adminService: page(admin, (m) => m.AdminServiceRoute),
    adminComplaints: page(admin, (m) => m.AdminComplaintsRoute),
  };
}

type OrderPageKey =
  | 'purchaseOrder'
  | 'purchaseOrderContract'
  | 'materialOrder'
  | 'materialOrderProof'
  | 'licenceAgreement';

/** Licence checkout, pay, documents and the agreement (#11): one chunk. */
function orderPages(): Record<OrderPageKey, ComponentType> {
  const order = () => import('./routes/order-routes');
  return {
    purchaseOrder: page(order, (m) => m.PurchaseOrderRoute),
    purchaseOrderContract: page(order, (m) => m.PurchaseOrderContractRoute),
    materialOrder: page(order, (m) => m.MaterialOrderRoute),
    materialOrderProof: page(order, (m) => m.MaterialOrderProofRoute),
    licenceAgreement: page(order, (m) => m.LicenceAgreementRoute),
  };
}

type MyOrderPageKey =
  | 'myOrder'
  | 'myOrderDetail'
  | 'myOrderRenewal'
  | 'myOrderRenewalInfo'
  | 'billManagement'
  | 'billInvoice'
  | 'billTicket';

/** The buyer's orders, renewals, bills, invoices and receipts in the user centre (#11): one chunk. */
function myOrderPages(): Record<MyOrderPageKey, ComponentType> {
  const mine = () => import('./routes/my-order-routes');
  return {
    myOrder: page(mine, (m) => m.MyOrderRoute),
    myOrderDetail: page(mine, (m) => m.MyOrderDetailRoute),
    myOrderRenewal: page(mine, (m) => m.MyOrderRenewalRoute),
    myOrderRenewalInfo: page(mine, (m) => m.MyOrderRenewalInfoRoute),
    billManagement: page(mine, (m) => m.BillManagementRoute),
    billInvoice: page(mine, (m) => m.BillInvoiceRoute),
    billTicket: page(mine, (m) => m.BillTicketRoute),
  };
}

type MembershipPageKey = 'vip' | 'openMember' | 'rechargeVip' | 'dosingPacket' | 'memberAgreement';

/** Membership: renew, open, the member recharge page and the add-on packs (#12): one chunk. */
function membershipPages(): Record<MembershipPageKey, ComponentType> {
  const membership = () => import('./routes/membership-routes');
  return {
    vip: page(membership, (m) => m.VipRoute),
    openMember: page(membership, (m) => m.OpenMemberRoute),
    rechargeVip: page(membership, (m) => m.RechargeVipRoute),
    dosingPacket: page(membership, (m) => m.DosingPacketRoute),
    memberAgreement: page(membership, (m) => m.MemberAgreementRoute),
  };
}

type WalletPageKey = 'recharge' | 'myBalance' | 'accWithdraw';

/** The wallet: recharge, the balance and withdrawals (#12): one chunk. */
function walletPages(): Record<WalletPageKey, ComponentType> {
  const wallet = () => import('./routes/wallet-routes');
  return {
    recharge: page(wallet, (m) => m.RechargeRoute),
    myBalance: page(wallet, (m) => m.MyBalanceRoute),
    accWithdraw: page(wallet, (m) => m.AccWithdrawRoute),
  };
}

type HelpPageKey = 'help' | 'helpCenter' | 'about' | 'adminHelp';

/** Help centre and /about (#13): one chunk; 帮助管理 with the back office's chunk. */
function helpPages(): Record<HelpPageKey, ComponentType> {
  const help = () => import('./routes/help-routes');
  const admin = () => import('./routes/admin-routes');
  return {
    help: page(help, (m) => m.HelpRoute),
    helpCenter: page(help, (m) => m.DesignHelpRoute),
    about: page(help, (m) => m.AboutRoute),
    adminHelp: page(admin, (m) => m.AdminHelpRoute),
  };
}

type TopicPageKey = 'topicPage' | 'adminTopics' | 'adminBanners';

/** Topic pages (/pageChild/*) and their back office (#13): one chunk. */
function topicPages(): Record<TopicPageKey, ComponentType> {
  const topics = () => import('./routes/topic-routes');
  return {
    topicPage: page(topics, (m) => m.TopicRoute),
    adminTopics: page(topics, (m) => m.AdminTopicsRoute),
    adminBanners: page(topics, (m) => m.AdminBannersRoute),
  };
}

type ActivityPageKey = 'redActivity' | 'sign' | 'signCode' | 'adminActivities';

/** Activities and designer signing (#13): one chunk; 活动管理 with the back office's chunk. */
function activityPages(): Record<ActivityPageKey, ComponentType> {
  const activities = () => import('./routes/activity-routes');
  const admin = () => import('./routes/admin-routes');
  return {
    redActivity: page(activities, (m) => m.RedActivityRoute),
    sign: page(activities, (m) => m.SignRoute),
    signCode: page(activities, (m) => m.SignCodeRoute),
    adminActivities: page(admin, (m) => m.AdminActivitiesRoute),
  };
}

type AgreementPageKey = 'agreementList' | 'agreementDetail' | 'copyrightStatement';

/** Agreements and privacy (#13): the list, one agreement, the copyright statement: one chunk. */
function agreementPages(): Record<AgreementPageKey, ComponentType> {
  const agreements = () => import('./routes/agreement-routes');
  return {
    agreementList: page(agreements, (m) => m.AgreementListRoute),
    agreementDetail: page(agreements, (m) => m.AgreementDetailRoute),
    copyrightStatement: page(agreements, (m) => m.CopyrightStatementRoute),
  };
}

type DemandPageKey =
  | 'demandCentre'
  | 'demandList'
  | 'demandContribute'
  | 'demandRelease'
  | 'demandDetail'
  | 'demandManuscripts'
  | 'demandMine'
  | 'myDemand'
  | 'myDemandCollected'
  | 'myDemandSignUp';

/** Custom-pattern demands: one chunk for the demand pages and the user's demand lists. */
function demandPages(): Record<DemandPageKey, ComponentType> {
  const demands = () => import('./routes/demand-routes');
  return {
    demandCentre: page(demands, (m) => m.DemandCentreRoute),
    demandList: page(demands, (m) => m.DemandListRoute),
    demandContribute: page(demands, (m) => m.DemandContributeRoute),
    demandRelease: page(demands, (m) => m.DemandReleaseRoute),
    demandDetail: page(demands, (m) => m.DemandDetailRoute),
    demandManuscripts: page(demands, (m) => m.DemandManuscriptsRoute),
    demandMine: page(demands, (m) => m.DemandMineRoute),
    myDemand: page(demands, (m) => m.MyDemandRoute),
    myDemandCollected: page(demands, (m) => m.MyDemandCollectedRoute),
    myDemandSignUp: page(demands, (m) => m.MyDemandSignUpRoute),
  };
}

type NoticePageKey = 'userMessage';

/** The message centre (#13): its page is one chunk. */
function noticePages(): Record<NoticePageKey, ComponentType> {
  const notices = () => import('./routes/notice-routes');
  return { userMessage: page(notices, (m) => m.NoticeCentreRoute) };
}

type FolkPageKey =
  'folkHome' | 'folkSearch' | 'folkAuthorization' | 'folkWorksDetail' | 'folkDetail';

/** The south-west folk base (#14): its five pages share one chunk. */
function folkPages(): Record<FolkPageKey, ComponentType> {
  const folk = () => import('./routes/folk-routes');
  return {
    folkHome: page(folk, (m) => m.FolkHomeRoute),
    folkSearch: page(folk, (m) => m.FolkSearchRoute),
    folkAuthorization: page(folk, (m) => m.FolkAuthorizationRoute),
    folkWorksDetail: page(folk, (m) => m.FolkWorksDetailRoute),
    folkDetail: page(folk, (m) => m.FolkDetailRoute),
  };
}

type CertificationPageKey = 'certification' | 'bankAccountBind' | 'downloadSetting';

/** Certification, the company bank account and the download settings (#11): one chunk. */
function certificationPages(): Record<CertificationPageKey, ComponentType> {
  const certification = () => import('./routes/certification-routes');
  return {
    certification: page(certification, (m) => m.CertificationRoute),
    bankAccountBind: page(certification, (m) => m.BankAccountBindRoute),
    downloadSetting: page(certification, (m) => m.DownloadSettingRoute),
  };
}

/** Catalogue and discovery pages (#4): one chunk per route module. */
function cataloguePages(): Omit<
  Record<PageKey, ComponentType>,
  | 'home'
  | 'wordSearch'
  | 'folderUpload'
  | ImageSearchPageKey
  | PublishingPageKey
  | CertificationPageKey
  | OrderPageKey
  | MyOrderPageKey
  | MembershipPageKey
  | WalletPageKey
  | AgreementPageKey
  | ActivityPageKey
  | TopicPageKey
  | HelpPageKey
  | NoticePageKey
  | DemandPageKey
  | FolkPageKey
  | NewProductPageKey
  | ShowroomPageKey
  | 'userProfile'
  | 'userService'
  | 'myComplaints'
  | 'componentsUpload'
> {
  const trend = () => import('./routes/trend-routes');
  const theme = () => import('./routes/theme-routes');
  const work = () => import('./routes/work-routes');
  const workDetail = () => import('./routes/work-detail-route');
  const designer = () => import('./routes/designer-routes');
  const enterprise = () => import('./routes/enterprise-routes');
  const ip = () => import('./routes/ip-routes');
  const user = () => import('./routes/user-collect-routes');
  return {
    trendPop: page(trend, (m) => m.TrendPopRoute),
    trendDetail: page(trend, (m) => m.TrendDetailRoute),
    popularPatterns: page(trend, (m) => m.PopularPatternsRoute),
    themeList: page(theme, (m) => m.ThemeListRoute),
    themeDetail: page(theme, (m) => m.ThemeDetailRoute),
    themeWorks: page(theme, (m) => m.ThemeWorksRoute),
    workList: page(work, (m) => m.WorkListRoute),
    workDetail: page(workDetail, (m) => m.WorkDetailRoute),
    designerList: page(designer, (m) => m.DesignerListRoute),
    designerGallery: page(designer, (m) => m.DesignerGalleryRoute),
    enterpriseList: page(enterprise, (m) => m.EnterpriseListRoute),
    enterpriseHall: page(enterprise, (m) => m.EnterpriseHallRoute),
    enterpriseChannel: page(enterprise, (m) => m.EnterpriseChannelRoute),
    enterpriseWorks: page(enterprise, (m) => m.EnterpriseWorksRoute),
    enterpriseEdit: page(enterprise, (m) => m.EnterpriseEditRoute),
    ipList: page(ip, (m) => m.IpListRoute),
    ipDetail: page(ip, (m) => m.IpDetailRoute),
    myCollect: page(user, (m) => m.MyCollectRoute),
    myCollectGroup: page(user, (m) => m.MyCollectGroupRoute),
    myConcern: page(user, (m) => m.MyConcernRoute),
    myTrack: page(user, (m) => m.MyTrackRoute),
  };
}

/** 新品生成, 我的新品 and 先推后买 (docs/new-products.md): one chunk. */
function newProductPages(): Record<NewProductPageKey, ComponentType> {
  const products = () => import('./routes/new-product-routes');
  return {
    newProductDesign: page(products, (m) => m.NewProductDesignRoute),
    myNewProducts: page(products, (m) => m.MyNewProductsRoute),
    pushBeforeBuy: page(products, (m) => m.PushBeforeBuyRoute),
  };
}

/** 我的展厅 (docs/showrooms.md): its pages share one chunk. */
function showroomPages(): Record<ShowroomPageKey, ComponentType> {
  const rooms = () => import('./routes/showroom-routes');
  return {
    showroomList: page(rooms, (m) => m.ShowroomListRoute),
    showroomHall: page(rooms, (m) => m.ShowroomHallRoute),
    showroomAdd: page(rooms, (m) => m.ShowroomAddRoute),
    showroomDelete: page(rooms, (m) => m.ShowroomDeleteRoute),
    showroomShare: page(rooms, (m) => m.ShowroomShareRoute),
    showroomInviteManage: page(rooms, (m) => m.ShowroomInviteRoute),
    showroomLockRelease: page(rooms, (m) => m.ShowroomLockRoute),
    showroomUnlockHistory: page(rooms, (m) => m.ShowroomUnlockHistoryRoute),
    showroomCooperate: page(rooms, (m) => m.ShowroomCooperateRoute),
    showroomCompare: page(rooms, (m) => m.ShowroomCompareRoute),
    showroomSetting: page(rooms, (m) => m.ShowroomSettingRoute),
    showroomScene3d: page(rooms, (m) => m.ShowroomSceneRoute),
  };
}

export const SITE_NAME = '纹样';

type RoutePageProps = { candidates: readonly RouteEntry[] };

type Gate = 'open' | 'wait' | 'guest';

/**
 * §6 Login rules of a route, for guests: `prompt` opens the login dialog (closable), `force` opens one
 * that cannot be closed, `user` opens it and shows 提示 游客请先登录 instead of the page. The dialog
 * the route opened closes when the guest leaves the route.
 */
function useRouteAuthGate(auth: RouteAuth | undefined): Gate {
  const checked = useSessionStore((s) => s.sessionChecked);
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const guest = checked && !signedIn;
  useEffect(() => {
    if (!guest || !auth || auth === 'none') return undefined;
    const store = useSessionStore.getState();
    store.openLoginDialog({ closable: auth !== 'force' });
    return () => store.closeLoginDialog();
  }, [guest, auth]);
  if (auth !== 'user' || signedIn) return 'open';
  return checked ? 'guest' : 'wait';
}

/** Renders the entry whose parameter rules match, sets the document title, or shows the 404 page. */
export function RoutePage({ candidates }: RoutePageProps) {
  const params = useParams();
  const { pathname } = useLocation();
  const entry = matchEntry(candidates, params);
  const gate = useRouteAuthGate(entry?.auth);
  useEffect(() => {
    document.title = entry ? `${entry.title} - ${SITE_NAME}` : `${SITE_NAME} - 页面不存在`;
  }, [entry]);
  if (!entry) return <NotFoundPage />;
  // User pages are not rendered for guests, so they never call for data they cannot have.
  if (gate === 'wait') return <Spin size="large" className="route-spinner" />;
  if (gate === 'guest') return <GuestNotice />;
  const Page = entry.page ? PAGES[entry.page] : undefined;
  // §8 A page that fails (a chunk that will not load, a render error) shows the error page in the
  // layout; leaving the path resets it.
  return Page ? (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<Spin size="large" className="route-spinner" />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  ) : (
    <PlannedPage title={entry.title} />
  );
}
