import { Table } from 'antd';
import type { MemberPackage } from '@shared/contract/membership';
import { useAuthList } from '../api/get-member-state';
import { grantedCount } from '../lib/member-price';

type AuthRow = { code: string; title: string };

/** Every authority item of the packages, in the order they first appear. */
function authRows(packages: readonly MemberPackage[]): AuthRow[] {
  const rows = new Map<string, AuthRow>();
  for (const p of packages) {
    for (const a of p.authList)
      if (!rows.has(a.code)) rows.set(a.code, { code: a.code, title: a.title });
  }
  return [...rows.values()];
}

const perYear = (a: MemberPackage['authList'][number]) =>
  a.computeMode === 'fixed' ? `${a.count}${a.unitName}` : `${a.count}${a.unitName}/年`;

/** §2 特权对比: each package's authority items side by side (data an admin edits). */
export function PrivilegeTable({ packages }: { packages: readonly MemberPackage[] }) {
  return (
    <div data-testid="privilege-table">
      <Table<AuthRow>
        size="small"
        pagination={false}
        rowKey="code"
        dataSource={authRows(packages)}
        columns={[
          { key: 'title', title: '特权', dataIndex: 'title' },
          ...packages.map((p) => ({
            key: String(p.id),
            title: `${p.title}（¥${p.price.toLocaleString('zh-CN')}/年）`,
            render: (_: unknown, row: AuthRow) => {
              const auth = p.authList.find((a) => a.code === row.code);
              return auth ? perYear(auth) : '—';
            },
          })),
        ]}
      />
    </div>
  );
}

type RightsRow = { code: string; title: string; unit: string; now: number; added: number };

/**
 * §2 权益对比: what the signed-in user holds now against what the chosen package adds over the
 * chosen years (a running quota adds up; the server grants the same).
 */
export function RightsTable({ pkg, years }: { pkg: MemberPackage; years: number }) {
  const { data: mine = [] } = useAuthList();
  const rows: RightsRow[] = pkg.authList.map((a) => ({
    code: a.code,
    title: a.title,
    unit: a.unitName,
    now: mine.find((m) => m.authCode === a.code)?.remainValue ?? 0,
    added: grantedCount(a, years),
  }));
  return (
    <div data-testid="rights-table">
      <Table<RightsRow>
        size="small"
        pagination={false}
        rowKey="code"
        dataSource={rows}
        columns={[
          { key: 'title', title: '权益', dataIndex: 'title' },
          { key: 'now', title: '当前剩余', render: (_, r) => `${r.now}${r.unit}` },
          {
            key: 'added',
            title: `本次开通（${years}年）`,
            render: (_, r) => `+${r.added}${r.unit}`,
          },
          { key: 'after', title: '开通后', render: (_, r) => `${r.now + r.added}${r.unit}` },
        ]}
      />
    </div>
  );
}
