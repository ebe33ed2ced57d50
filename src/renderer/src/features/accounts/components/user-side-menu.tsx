import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { EXTERNAL, paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';

type MenuItem = Required<MenuProps>['items'][number];

type SideLink = { key: string; label: string; to: string; newTab?: boolean; external?: boolean };

/** §2 User-centre side menu; which groups and items show depends on the user's roles (§6). */
export function buildSideMenu(
  status: { status: number; settleStatus: number } | null,
  userId?: number,
): { group: string; items: SideLink[] }[] {
  const designer = Boolean(status && status.status !== 0);
  const settled = status?.settleStatus === 1;
  const groups: { group: string; items: SideLink[] }[] = [];
  if (designer) {
    groups.push({
      group: '店铺管理',
      items: [
        settled
          ? { key: 'publish', label: '发布作品', to: paths.publishWork, newTab: true }
          : { key: 'publish', label: '发布作品', to: paths.applicationSpread },
        { key: 'mywork', label: '作品管理', to: paths.user.mywork },
        { key: 'saleRecord', label: '销售记录', to: paths.user.saleRecord },
        ...(settled && userId !== undefined
          ? [{ key: 'gallery', label: '我的图库', to: paths.designerGallery(userId) }]
          : []),
        {
          key: 'designerInfo',
          label: '设计师资料',
          to: EXTERNAL.designerInfo,
          external: true,
          newTab: true,
        },
      ],
    });
  }
  groups.push({
    group: '管理中心',
    items: [
      { key: 'myorder', label: '我的订单', to: paths.user.myorder },
      { key: 'myCollect', label: '我的收藏', to: paths.user.myCollect },
      { key: 'myDemand', label: '我的需求', to: paths.user.myDemand },
      { key: 'myConcern', label: '我的关注', to: paths.user.myConcern },
      { key: 'myPattern', label: '我的花型', to: paths.user.myPattern },
      { key: 'pushBeforeBuy', label: '先推后买', to: paths.user.pushBeforeBuy },
      { key: 'myTemplate', label: '我的新品', to: paths.user.myNewProducts },
    ],
  });
  groups.push({
    group: '账户',
    items: [
      {
        key: 'security',
        label: '账户安全',
        to: EXTERNAL.accountSecurity,
        external: true,
        newTab: true,
      },
      { key: 'credentials', label: '实名认证', to: paths.user.credentials },
    ],
  });
  groups.push({
    group: '财务',
    items: [
      ...(settled ? [{ key: 'withdraw', label: '提现', to: paths.user.accWithdraw }] : []),
      { key: 'recharge', label: '充值', to: paths.recharge, newTab: true },
    ],
  });
  return groups;
}

export function UserSideMenu() {
  const status = useSessionStore((s) => s.userStatus);
  const userId = useSessionStore((s) => s.userInfo?.userId);
  const navigate = useNavigate();
  const location = useLocation();
  const groups = buildSideMenu(status, userId);
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
    <Menu
      mode="inline"
      className="user-side-menu"
      items={items}
      selectedKeys={selected}
      onClick={({ key }) => {
        const link = links.get(key);
        if (!link) return;
        if (link.newTab || link.external) window.open(link.to, '_blank', 'noopener');
        else void navigate(link.to);
      }}
    />
  );
}
