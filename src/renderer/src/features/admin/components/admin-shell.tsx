import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import './admin.css';

const ITEMS = [
  { key: paths.admin.home, label: '概览' },
  { key: paths.admin.applications, label: '入驻审核' },
  { key: paths.admin.works, label: '作品审核' },
  { key: paths.admin.finance, label: '财务处理' },
  { key: paths.admin.packages, label: '会员套餐' },
  { key: paths.admin.agreements, label: '协议管理' },
  { key: paths.admin.topics, label: '专题管理' },
  { key: paths.admin.banners, label: '横幅管理' },
  { key: paths.admin.help, label: '帮助管理' },
  { key: paths.admin.folk, label: '民族基地' },
  { key: paths.admin.service, label: '在线客服' },
  { key: paths.admin.complaints, label: '投诉处理' },
  { key: paths.admin.activities, label: '活动管理' },
];

/** The back office frame: its own navigation beside the page. */
export function AdminShell({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="admin-shell">
      <aside className="admin-shell__nav">
        <div className="admin-shell__title">审核后台</div>
        <Menu
          mode="inline"
          aria-label="后台导航"
          selectedKeys={[ITEMS.find((i) => i.key === pathname)?.key ?? paths.admin.home]}
          items={ITEMS}
          onClick={({ key }) => void navigate(key)}
        />
      </aside>
      <section className="admin-shell__main">{children}</section>
    </div>
  );
}
