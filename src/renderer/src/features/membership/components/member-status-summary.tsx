import { Button, Descriptions, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import type { AuthItem } from '@shared/contract/accounts';
import { MSG } from '@shared/messages';
import { memberStatus } from '@shared/rules/roles';
import type { MemberStatus } from '@shared/rules/roles';
import { membershipText } from '../../../lib/member-status';
import { useSessionStore } from '../../../stores/session-store';
import { useAuthList, useMemberVipInfo } from '../api/get-member-state';

/** The signed-in user's member status (none for a guest or before it loads). */
export function useMemberStatus(): MemberStatus | null {
  const { data } = useMemberVipInfo();
  return data ? memberStatus(data) : null;
}

const STATUS_COLOR: Record<MemberStatus['kind'], string> = {
  valid: 'gold',
  trial: 'blue',
  expired: 'default',
  none: 'default',
};

/** §4 The member status, the expiry, and for a guest a way to sign in. */
export function MemberStatusSummary() {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const status = useMemberStatus();
  if (!signedIn) {
    return (
      <div className="member-summary">
        <span>登录后查看会员状态</span>
        <Button type="primary" onClick={() => useSessionStore.getState().openLoginDialog()}>
          {MSG.loginRegister}
        </Button>
      </div>
    );
  }
  if (!status) return null;
  return (
    <div className="member-summary" data-testid="member-status">
      {/* The text already says 体验会员 for a trial: the tag says only what kind. */}
      <Tag color={STATUS_COLOR[status.kind]}>
        {status.kind === 'valid' ? '会员' : status.kind === 'trial' ? '体验' : '非会员'}
      </Tag>
      <span>{membershipText(status)}</span>
      {status.kind === 'trial' ? (
        <span className="member-row__hint">
          （体验至 {dayjs(status.until).format('YYYY-MM-DD HH:mm')}）
        </span>
      ) : null}
    </div>
  );
}

/** §3 The member's running quotas (GetAuthList: T13 not listed). */
export function MyRightsTable() {
  const { data, isPending } = useAuthList();
  return (
    <Table<AuthItem>
      size="small"
      loading={isPending}
      pagination={false}
      rowKey="authCode"
      dataSource={data ?? []}
      locale={{ emptyText: '暂无会员权益' }}
      columns={[
        { key: 'title', title: '权益', dataIndex: 'authTitle' },
        { key: 'total', title: '总量', render: (_, a) => `${a.authValue}${a.unit}` },
        { key: 'remain', title: '剩余', render: (_, a) => `${a.remainValue}${a.unit}` },
        {
          key: 'end',
          title: '到期时间',
          render: (_, a) => (a.endTime > 0 ? dayjs(a.endTime).format('YYYY-MM-DD') : '长期'),
        },
      ]}
    />
  );
}

/** Descriptions of a member's state for the renew page. */
export function MemberStateDescriptions() {
  const status = useMemberStatus();
  if (!status) return null;
  return (
    <Descriptions
      size="small"
      column={2}
      items={[
        { key: 'status', label: '会员状态', children: membershipText(status) },
        {
          key: 'renew',
          label: '续费说明',
          children:
            status.kind === 'valid' ? '续费从当前到期日起顺延' : '开通后立即生效，有效期从今天起算',
        },
      ]}
    />
  );
}
