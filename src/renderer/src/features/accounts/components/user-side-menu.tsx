import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { MSG } from '@shared/messages';
import type { UserStatusFacts } from '@shared/rules/roles';
import { isAdmin, isDesigner, isSettledDesigner } from '@shared/rules/roles';
import { EXTERNAL, paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { useSessionStore } from '../../../stores/session-store';
import { useSessionUserStatus } from '../../../api/get-designer-status';
import { useSessionUser, useUserInfo } from '../../../api/get-user-info';
import { useBasicInfo } from '../../../api/get-basic-info';
import { UserCentreHeader } from './user-centre-header';

type MenuItem = Required<MenuProps>['items'][number];

export type SideLink = {
  key: string;
  label: string;
  to: string;
  newTab?: boolean;
  external?: boolean;
};
export type SideGroup = { group: string; items: SideLink[] };

/** Who is looking at the user centre: signed in or not, the designer status and the role if known. */
export type SideMenuViewer = {
  signedIn: boolean;
  status: UserStatusFacts | null;
  userId?: number;
  role?: string;
  /** DESIGNER_INFO_URL from Support/GetBasicInfo; without it 设计师资料 is our settle-in page. */
  designerInfoUrl?: string | null;
};

const T = MSG.userCentre;

/**
 * §2/§6 User-centre side menu: guests see nothing; signed-in users the management, account and
 * finance menus; designers (status ≠ 0) the shop menu too; settled designers (settleStatus 1) also
 * publish directly, have a gallery and may withdraw. Admins also reach the back office (审核后台).
 */
export function buildSideMenu({
  signedIn,
  status,
  userId,
  role,
  designerInfoUrl,
}: SideMenuViewer): SideGroup[] {
  if (!signedIn) return [];
  const settled = isSettledDesigner(status);
  const groups: SideGroup[] = [];
  if (isDesigner(status)) {
    groups.push({
      group: T.shopManagement,
      items: [
        settled
          ? { key: 'publish', label: T.publishWork, to: paths.publishWork, newTab: true }
          : { key: 'publish', label: T.publishWork, to: paths.applicationSpread },
        { key: 'mywork', label: T.myWork, to: paths.user.mywork },
        { key: 'saleRecord', label: T.saleRecord, to: paths.user.saleRecord },
        ...(settled && userId !== undefined
          ? [{ key: 'gallery', label: T.myGallery, to: paths.designerGallery(userId) }]
          : []),
        // The designer's own data: the settle-in application (details and status), or the
        // configured outside designer-info site (docs/help.md).
        designerInfoUrl
          ? {
              key: 'designerInfo',
              label: T.designerInfo,
              to: designerInfoUrl,
              external: true,
              newTab: true,
            }
          : { key: 'designerInfo', label: T.designerInfo, to: paths.applicationSpread },
      ],
    });
  }
  groups.push({
    group: T.managementCentre,
    items: [
      { key: 'myorder', label: T.myOrders, to: paths.user.myorder },
      { key: 'myCollect', label: T.myCollect, to: paths.user.myCollect },
      { key: 'myDemand', label: T.myDemands, to: paths.user.myDemand },
      { key: 'myConcern', label: T.myConcern, to: paths.user.myConcern },
      { key: 'myPattern', label: T.myPattern, to: paths.user.myPattern },
      { key: 'pushBeforeBuy', label: T.pushBeforeBuy, to: paths.user.pushBeforeBuy },
      { key: 'myTemplate', label: T.myNewProducts, to: paths.user.myNewProducts },
      { key: 'complaints', label: T.myComplaints, to: paths.user.complaints },
    ],
  });
  groups.push({
    group: T.account,
    items: [
      { key: 'profile', label: T.profile, to: paths.user.profile },
      {
        key: 'security',
        label: T.accountSecurity,
        to: EXTERNAL.accountSecurity,
        external: true,
        newTab: true,
      },
      { key: 'credentials', label: T.credentials, to: paths.user.credentials },
      { key: 'message', label: T.messageCentre, to: paths.user.message },
      { key: 'service', label: T.customerService, to: paths.user.service },
    ],
  });
  groups.push({
    group: T.finance,
    items: [
      ...(settled ? [{ key: 'withdraw', label: T.withdraw, to: paths.user.accWithdraw }] : []),
      { key: 'recharge', label: T.recharge, to: paths.recharge, newTab: true },
    ],
  });
  if (isAdmin({ role })) {
    groups.push({
      group: T.platform,
      items: [{ key: 'admin', label: T.adminConsole, to: paths.admin.home }],
    });
  }
  return groups;
}

export function UserSideMenu() {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const status = useSessionUserStatus();
  const userId = useSessionUser()?.userId;
  const role = useUserInfo().data?.role;
  const navigate = useNavigate();
  const location = useLocation();
  const designerInfoUrl = useBasicInfo().data?.designerInfoUrl ?? null;
  const groups = buildSideMenu({ signedIn, status, userId, role, designerInfoUrl });
  if (groups.length === 0) return null;
  const links = new Map(groups.flatMap((g) => g.items).map((i) => [i.key, i]));
  const items: MenuItem[] = groups.map((g) => ({
    type: 'group',
    key: g.group,
    label: g.group,
    children: g.items.map((i) => ({ key: i.key, label: i.label })),
  }));
  const selected = groups
    .flatMap((g) => g.items)
    .filter((i) => location.pathname.startsWith(i.to))
    .map((i) => i.key);
  return (
    <>
      <UserCentreHeader />
      <Menu
        mode="inline"
        className="user-side-menu"
        aria-label={T.nav}
        items={items}
        selectedKeys={selected}
        onClick={({ key }) => {
          const link = links.get(key);
          if (!link) return;
          // External pages (the account site) live on the server, which the desktop reaches by URL.
          if (link.external) window.open(serverUrl(link.to), '_blank', 'noopener');
          else if (link.newTab) window.open(link.to, '_blank', 'noopener');
          else void navigate(link.to);
        }}
      />
    </>
  );
}
