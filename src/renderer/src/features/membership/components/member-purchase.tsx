import { Button, Empty, Radio, Result, Segmented, Select, Skeleton, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { MEMBER_DURATIONS_YEARS, MEMBER_PAY_METHOD, MEMBER_TIERS_YUAN } from '@shared/constants';
import type { MemberPackage } from '@shared/contract/membership';
import { MSG } from '@shared/messages';
import { formatYuan } from '@shared/rules/money';
import { qrErrorText } from '../../../components/pay-qr';
import { paths } from '../../../config/paths';
import { useMemberPackageConfig, useMemberPackages } from '../api/get-member-packages';
import { useRefreshMemberState } from '../api/get-member-state';
import { useMemberQrCode } from '../api/get-member-qr-code';
import type { MemberDialogOutcome } from '../lib/finish-member-dialog';
import type { MemberYears } from '../lib/member-price';
import { memberPriceFen } from '../lib/member-price';
import type { ChosenPayMethod } from '../lib/pay-method';
import { BALANCE_PAY, PAY_CHOICES, qrMethodOf, toWirePayMethod } from '../lib/pay-method';
import { BalancePayPanel } from './balance-pay';
import { PrivilegeTable, RightsTable } from './member-compare';
import { PayPanel } from './pay-panel';
import './membership.css';

export type MemberPurchaseVariant = 'full' | 'popup';

type MemberPurchaseProps = {
  /** full: the 860×697 dialog (tabs, cards, tables); popup: the 580×520 one (choices and QR only). */
  variant: MemberPurchaseVariant;
  /** False once the dialog closes: no more QR requests or polling. */
  active: boolean;
  onPaid: (outcome: MemberDialogOutcome) => void;
  /** Preselects a package (and its tier). */
  initialPackageId?: number;
};

/** The tiers the configuration offers, dearest first (§9: 15800 and 9800). */
function tiersOf(config: Record<string, { id: number; title: string }[]>): number[] {
  return MEMBER_TIERS_YUAN.filter((t) => (config[String(t)] ?? []).length > 0);
}

/**
 * §4 The member dialog's content: choose the tier (the two-way package switch), a plan within it,
 * 1–3 years and the pay method; each choice asks for a new payment. Price shown = tier × years.
 */
export function MemberPurchase({ variant, active, onPaid, initialPackageId }: MemberPurchaseProps) {
  const packages = useMemberPackages();
  const config = useMemberPackageConfig();
  if (config.isError || packages.isError) {
    const error = config.error ?? packages.error;
    return <Empty description={error ? qrErrorText(error) : MSG.noPackages} />;
  }
  if (!config.data || !packages.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const tiers = tiersOf(config.data);
  if (tiers.length === 0 || packages.data.length === 0)
    return <Empty description={MSG.noPackages} />;
  return (
    <MemberChoices
      variant={variant}
      active={active}
      onPaid={onPaid}
      packages={packages.data}
      config={config.data}
      tiers={tiers}
      initialPackageId={initialPackageId}
    />
  );
}

type ChoicesProps = MemberPurchaseProps & {
  packages: MemberPackage[];
  config: Record<string, { id: number; title: string }[]>;
  tiers: number[];
};

function MemberChoices({
  variant,
  active,
  onPaid,
  packages,
  config,
  tiers,
  initialPackageId,
}: ChoicesProps) {
  const initial = packages.find((p) => p.id === initialPackageId);
  const [tier, setTier] = useState<number>(initial?.price ?? tiers[0]!);
  const plans = config[String(tier)] ?? [];
  const [planId, setPlanId] = useState<number>(initial?.id ?? plans[0]?.id ?? 0);
  const [years, setYears] = useState<MemberYears>(1);
  const [method, setMethod] = useState<ChosenPayMethod>(MEMBER_PAY_METHOD.wechat);
  const pkg = packages.find((p) => p.id === planId);
  const byBalance = method === BALANCE_PAY;
  // 余额支付 needs no QR: none is asked for while it is chosen.
  const qr = useMemberQrCode(
    { typeId: planId, payMethod: toWirePayMethod(qrMethodOf(method)), years },
    active && !byBalance,
  );

  const chooseTier = (next: number) => {
    setTier(next);
    const inTier = config[String(next)] ?? [];
    if (!inTier.some((p) => p.id === planId)) setPlanId(inTier[0]?.id ?? 0);
  };
  const choosePackage = (p: MemberPackage) => {
    setTier(p.price);
    setPlanId(p.id);
  };

  const choices = (
    <div className="member-choices">
      <div className="member-row">
        <span className="member-row__label">套餐</span>
        <Segmented<number>
          className="member-switch"
          value={tier}
          onChange={chooseTier}
          options={tiers.map((t) => ({ value: t, label: `${t}元/年` }))}
        />
      </div>
      {variant === 'full' ? (
        <div className="member-cards" role="radiogroup" aria-label="套餐">
          {packages.slice(0, 3).map((p) => (
            <button
              key={p.id}
              type="button"
              role="radio"
              aria-checked={p.id === planId}
              className={`member-card${p.id === planId ? ' member-card--active' : ''}${
                p.price === tier ? '' : ' member-card--other-tier'
              }`}
              onClick={() => choosePackage(p)}
            >
              <span className="member-card__title">{p.title}</span>
              <span className="member-card__price">
                ¥{p.price.toLocaleString('zh-CN')}
                <small>/年</small>
              </span>
              <span className="member-card__desc">{p.description}</span>
              <ul className="member-card__auths">
                {p.authList.slice(0, 4).map((a) => (
                  <li key={a.code}>
                    {a.title} {a.count}
                    {a.unitName}
                    {a.computeMode === 'fixed' ? '' : '/年'}
                  </li>
                ))}
              </ul>
            </button>
          ))}
        </div>
      ) : (
        <div className="member-row">
          <span className="member-row__label">方案</span>
          <Select<number>
            aria-label="方案"
            className="member-plan-select"
            value={planId}
            onChange={setPlanId}
            options={plans.map((p) => ({ value: p.id, label: p.title }))}
          />
        </div>
      )}
      <div className="member-row">
        <span className="member-row__label">时长</span>
        <Radio.Group
          optionType="button"
          value={years}
          onChange={(e) => setYears(e.target.value as MemberYears)}
          options={MEMBER_DURATIONS_YEARS.map((y) => ({ value: y, label: `${y}年` }))}
        />
      </div>
      <div className="member-row">
        <span className="member-row__label">支付方式</span>
        <Radio.Group
          optionType="button"
          value={method}
          onChange={(e) => setMethod(e.target.value as ChosenPayMethod)}
          options={PAY_CHOICES.map((o) => ({ value: o.value, label: o.label }))}
        />
      </div>
      <div className="member-row">
        <span className="member-row__label">应付金额</span>
        <strong className="member-price" data-testid="member-price">
          {formatYuan(memberPriceFen(tier, years))}
        </strong>
        <span className="member-row__hint">
          （{formatYuan(memberPriceFen(tier, 1))} × {years}年）
        </span>
      </div>
      {byBalance ? (
        <BalancePayPanel
          purchase={{ kind: 'membership', id: planId, amount: years }}
          amountFen={memberPriceFen(tier, years)}
          onPaid={onPaid}
        />
      ) : (
        <PayPanel method={qrMethodOf(method)} qr={qr} active={active} onPaid={onPaid} />
      )}
      <p className="member-terms">
        支付即表示您已阅读并同意
        <Link to={paths.memberAgreement} target="_blank" rel="noreferrer">
          《会员服务协议》
        </Link>
      </p>
    </div>
  );

  if (variant === 'popup') return choices;
  return (
    <Tabs
      className="member-tabs"
      items={[
        { key: 'buy', label: '会员套餐', children: choices },
        {
          key: 'compare',
          label: '权益对比',
          children: (
            <div className="member-compare">
              <h4>特权对比</h4>
              <PrivilegeTable packages={packages.slice(0, 3)} />
              {pkg ? (
                <>
                  <h4>
                    权益对比：{pkg.title} · {years}年
                  </h4>
                  <RightsTable pkg={pkg} years={years} />
                </>
              ) : null}
            </div>
          ),
        },
      ]}
    />
  );
}

/** §4 The opened state: 开通成功, the new expiry, and 确定. */
export function MemberOpened({
  vipEndTime,
  onConfirm,
}: {
  vipEndTime: number;
  onConfirm: () => void;
}) {
  return (
    <Result
      status="success"
      title="开通成功"
      subTitle={
        vipEndTime > 0 ? MSG.memberValidUntil(dayjs(vipEndTime).format('YYYY-MM-DD')) : null
      }
      extra={
        <Button type="primary" onClick={onConfirm}>
          确定
        </Button>
      }
    />
  );
}

/** The purchase and, once paid, the opened state; the member state is read again at once. */
export function useMemberPaid(): {
  outcome: MemberDialogOutcome | null;
  onPaid: (outcome: MemberDialogOutcome) => void;
} {
  const [outcome, setOutcome] = useState<MemberDialogOutcome | null>(null);
  const refresh = useRefreshMemberState();
  const onPaid = useCallback(
    (o: MemberDialogOutcome) => {
      setOutcome(o);
      void refresh();
    },
    [refresh],
  );
  return { outcome, onPaid };
}
