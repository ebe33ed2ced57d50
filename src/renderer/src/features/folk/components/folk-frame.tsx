import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { FolkGate } from './folk-gate';
import './folk.css';

const ITEMS = [
  { key: paths.southwestFolk, label: '基地首页' },
  { key: `${paths.southwestFolk}/searchWorks`, label: '作品检索' },
  { key: `${paths.southwestFolk}/authorizationForm`, label: '授权意向' },
];

/** Every folk page: the base's own navigation, and the gate that admits entitled users only. */
export function FolkFrame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="folk-frame">
      <div className="folk-frame__bar">
        <span className="folk-frame__name">西南民族文化基地</span>
        <Menu
          mode="horizontal"
          aria-label="基地导航"
          selectedKeys={[ITEMS.find((i) => i.key === pathname)?.key ?? '']}
          items={ITEMS}
          onClick={({ key }) => void navigate(key)}
        />
      </div>
      <FolkGate>{children}</FolkGate>
    </div>
  );
}
