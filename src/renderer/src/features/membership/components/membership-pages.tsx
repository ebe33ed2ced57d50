import { Button, Card, Empty, Skeleton, Space, Table } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { DosingPackage } from '@shared/contract/membership';
import { formatYuan } from '@shared/rules/money';
import { PageHeader } from '../../../components/page-header';
import { qrErrorText } from '../../../components/pay-qr';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import { useDosingPackages } from '../api/get-dosing-packages';
import { useAuthList } from '../api/get-member-state';
import { useMemberPackages } from '../api/get-member-packages';
import { DosingPurchaseDialog } from './dosing-purchase';
import { MemberOpened, MemberPurchase, useMemberPaid } from './member-purchase';
import {
  MemberStateDescriptions,
  MemberStatusSummary,
  MyRightsTable,
  useMemberStatus,
} from './member-status-summary';
import { MembershipDialog } from './membership-dialog';
import './membership.css';

export const DOSING_PATH = `${paths.openMember}/DosingPacket`;

/** /openMember 开通会员: the member dialog's content on a page, then the opened state. */
export function OpenMemberPage() {
  const { outcome, onPaid } = useMemberPaid();
  const navigate = useNavigate();
  return (
    <div className="member-page">
      <PageHeader
        title="开通会员"
        subtitle={<MemberStatusSummary />}
        extra={<Link to={DOSING_PATH}>加量包</Link>}
      />
      <div className="member-panel member-panel--full">
        {outcome ? (
          <MemberOpened
            vipEndTime={outcome.vipEndTime}
            onConfirm={() => void navigate(paths.vip)}
          />
        ) : (
          <MemberPurchase variant="full" active onPaid={onPaid} />
        )}
      </div>
    </div>
  );
}

/** /vip 会员续费: the current state and rights, and 立即续费 in the member dialog. */
export function VipPage() {
  const [open, setOpen] = useState(false);
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const status = useMemberStatus();
  return (
    <div className="member-page">
      <PageHeader
        title="会员续费"
        subtitle={<MemberStatusSummary />}
        extra={
          <Space>
            <Link to={DOSING_PATH}>加量包</Link>
            <Button type="primary" onClick={() => setOpen(true)}>
              {status?.kind === 'valid' || status?.kind === 'expired' ? '立即续费' : '开通会员'}
            </Button>
          </Space>
        }
      />
      {signedIn ? (
        <Card title="我的会员" className="member-panel">
          <MemberStateDescriptions />
          <MyRightsTable />
        </Card>
      ) : null}
      <MembershipDialog open={open} onClosed={() => setOpen(false)} />
    </div>
  );
}

/** /recharge/vip 会员充值: the packages, each opened in the 580×520 member popup. */
export function RechargeVipPage() {
  const packages = useMemberPackages();
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <div className="member-page">
      <PageHeader
        title="会员充值"
        subtitle={<MemberStatusSummary />}
        extra={
          <Link to={paths.recharge} target="_blank" rel="noreferrer">
            余额充值
          </Link>
        }
      />
      {packages.isError ? (
        <Empty description={qrErrorText(packages.error)} />
      ) : !packages.data ? (
        <Skeleton active />
      ) : packages.data.length === 0 ? (
        <Empty description="暂无套餐数据！" />
      ) : (
        <div className="member-cards member-cards--page">
          {packages.data.map((p) => (
            <Card key={p.id} title={p.title} className="member-card member-card--static">
              <div className="member-card__price">
                ¥{p.price.toLocaleString('zh-CN')}
                <small>/年</small>
              </div>
              <p className="member-card__desc">{p.description}</p>
              <Button type="primary" block onClick={() => setChosen(p.id)}>
                开通
              </Button>
            </Card>
          ))}
        </div>
      )}
      {chosen !== null ? (
        <MembershipDialog
          open
          variant="popup"
          initialPackageId={chosen}
          onClosed={() => setChosen(null)}
        />
      ) : null}
    </div>
  );
}

/** /openMember/DosingPacket 加量包: add-on quota packs, bought by members within their term. */
export function DosingPacketPage() {
  const packs = useDosingPackages();
  const status = useMemberStatus();
  const { data: mine = [] } = useAuthList();
  const [buying, setBuying] = useState<DosingPackage | null>(null);
  const member = status?.kind === 'valid';
  return (
    <div className="member-page">
      <PageHeader
        title="加量包"
        subtitle={<MemberStatusSummary />}
        extra={member ? null : <Link to={paths.openMember}>开通会员</Link>}
      />
      {member ? null : (
        <p className="member-row__hint" data-testid="dosing-members-only">
          加量包仅限会员在有效期内购买，额度有效期与会员一致。
        </p>
      )}
      {packs.isError ? (
        <Empty description={qrErrorText(packs.error)} />
      ) : (
        <Table<DosingPackage>
          loading={packs.isPending}
          rowKey="id"
          pagination={false}
          dataSource={packs.data ?? []}
          locale={{ emptyText: '暂无加量包' }}
          columns={[
            { key: 'title', title: '加量包', dataIndex: 'title' },
            {
              key: 'adds',
              title: '追加权益',
              render: (_, p) => `${p.authTitle} +${p.count}${p.unitName}`,
            },
            {
              key: 'remain',
              title: '当前剩余',
              render: (_, p) => {
                const held = mine.find((a) => a.authCode === p.authCode);
                return held ? `${held.remainValue}${held.unit}` : '—';
              },
            },
            { key: 'price', title: '价格', render: (_, p) => formatYuan(p.priceFen) },
            { key: 'desc', title: '说明', dataIndex: 'description' },
            {
              key: 'buy',
              title: '操作',
              render: (_, p) => (
                <Button type="primary" size="small" disabled={!member} onClick={() => setBuying(p)}>
                  购买
                </Button>
              ),
            },
          ]}
        />
      )}
      <DosingPurchaseDialog pack={buying} onClose={() => setBuying(null)} />
    </div>
  );
}
