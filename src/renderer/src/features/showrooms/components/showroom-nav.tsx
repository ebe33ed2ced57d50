import { NavLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

const LINKS: [string, string][] = [
  ['', '全部展厅'],
  ['add', '创建展厅'],
  ['cooperate', '协作展厅'],
  ['delete', '删除展厅'],
];

/** The showroom section's own tabs (the hall's tools are on the hall page). */
export function ShowroomNav() {
  return (
    <nav className="showroom-nav" aria-label="展厅导航">
      {LINKS.map(([page, label]) => (
        <NavLink
          key={page}
          end
          to={page === '' ? paths.user.myShowRoom : paths.user.showRoomPage(page)}
          className={({ isActive }) => (isActive ? 'is-active' : undefined)}
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The tools of one hall, by sub-page; the owner sees all, members the ones they may use. */
export function HallTools({ id, owner }: { id: number; owner: boolean }) {
  const tools: [string, string, boolean][] = [
    ['setting', '展厅设置', true],
    ['share', '分享', owner],
    ['inviteManage', '邀请管理', owner],
    ['lockRelease', owner ? '锁定 / 解锁' : '锁定状态', true],
    ['unlockHistory', '锁定记录', true],
    ['compare', '作品对比', true],
    ['scene3d', '3D 漫游', true],
  ];
  return (
    <nav className="showroom-nav" aria-label="展厅工具">
      <NavLink end to={paths.user.showRoom(id)}>
        展厅作品
      </NavLink>
      {tools
        .filter(([, , shown]) => shown)
        .map(([page, label]) => (
          <NavLink key={page} to={paths.user.showRoomPage(page, id)}>
            {label}
          </NavLink>
        ))}
    </nav>
  );
}
