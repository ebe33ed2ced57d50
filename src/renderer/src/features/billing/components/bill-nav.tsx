import { Tabs } from 'antd';
import { useNavigate } from 'react-router-dom';
import { billLinks } from '../lib/bill-links';

const PAGES = [
  { key: billLinks.bills, label: '账单' },
  { key: billLinks.invoice, label: '发票' },
  { key: billLinks.ticket, label: '票据' },
];

/** The three pages of 账单管理. */
export function BillNav({ active }: { active: string }) {
  const navigate = useNavigate();
  return <Tabs activeKey={active} onChange={(key) => void navigate(key)} items={PAGES} />;
}
