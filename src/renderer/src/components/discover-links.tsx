import {
  AppstoreOutlined,
  BankOutlined,
  CrownOutlined,
  FireOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import './catalogue.css';

const LINKS = [
  {
    to: paths.popularPatterns,
    title: '流行花型',
    text: '热门风格、品类与颜色',
    icon: <FireOutlined />,
  },
  { to: paths.themeWork, title: '主题作品', text: '逐个主题找灵感', icon: <AppstoreOutlined /> },
  { to: paths.tawDesigner, title: '设计师', text: '原创图库与店铺', icon: <UserOutlined /> },
  { to: paths.enterprise, title: '企业展厅', text: '设计公司的作品展厅', icon: <BankOutlined /> },
  { to: paths.ip, title: 'IP 授权', text: '整套形象授权开发', icon: <CrownOutlined /> },
];

/** Entries to the discovery pages that the header does not list. */
export function DiscoverLinks() {
  return (
    <nav className="discover-links" aria-label="发现">
      {LINKS.map((l) => (
        <Link key={l.to} to={l.to} className="discover-link">
          <span className="discover-link__icon">{l.icon}</span>
          <span>
            <strong>{l.title}</strong>
            <small>{l.text}</small>
          </span>
        </Link>
      ))}
    </nav>
  );
}
