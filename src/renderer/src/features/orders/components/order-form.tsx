import { Alert, App, Button, Checkbox, Input, Radio, Select, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { EmpowerInfo } from '@shared/contract/orders';
import { MSG } from '@shared/messages';
import { formatYuan } from '@shared/rules/money';
import { LICENCE_TERMS, MAX_ORDER_KEYWORDS, orderAmountFen } from '@shared/rules/order-price';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { useCheckCustomKey } from '../api/check-custom-key';
import { useEmpowerInfo } from '../api/get-empower-info';
import { useEmpowerKeywords } from '../api/get-empower-keywords';
import { useSubmitOrder } from '../api/submit-order';
import { newIdemKey } from '../lib/idem-key';
import { LICENCE_AGREEMENT_TITLE } from '../lib/licence-agreement';
import type { OrderKind } from '../lib/order-kind';
import { ORDER_KINDS } from '../lib/order-kind';
import './orders.css';

const EXCLUSIVE = 'category_exclusive';

type OrderFormProps = { kind: OrderKind; creationId: number; licenceId: number | null };

/** Step 1 of the checkout (提交订单): what to license, for how long, at what price. */
export function OrderForm({ kind, creationId, licenceId }: OrderFormProps) {
  const info = useEmpowerInfo(kind, creationId);
  if (info.isError) {
    return (
      <LoadError title="授权信息加载失败" error={info.error} onRetry={() => void info.refetch()} />
    );
  }
  if (info.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  // A work's own order kind decides the page: 品类独家 → /purchaseOrder, 素材 → /materialOrder.
  if (info.data.orderType !== kind) {
    return (
      <Navigate
        to={ORDER_KINDS[info.data.orderType].checkout(creationId, licenceId ?? undefined)}
        replace
      />
    );
  }
  return <OrderFormFields kind={kind} info={info.data} licenceId={licenceId} />;
}

function OrderFormFields({
  kind,
  info,
  licenceId,
}: {
  kind: OrderKind;
  info: EmpowerInfo;
  licenceId: number | null;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const keywords = useEmpowerKeywords();
  const submit = useSubmitOrder();
  const checkKey = useCheckCustomKey();
  // One key per form: a double click or a retry of this form makes one order.
  const [idemKey] = useState(newIdemKey);
  const [chosenId, setChosenId] = useState<number | undefined>(
    () =>
      info.options.find((o) => o.licenceId === licenceId)?.licenceId ?? info.options[0]?.licenceId,
  );
  const [categoryKids, setCategoryKids] = useState<number[]>([]);
  const [usage, setUsage] = useState<string[]>([]);
  const [customKey, setCustomKey] = useState('');
  const [keyProblem, setKeyProblem] = useState('');
  const [termYears, setTermYears] = useState<number>(LICENCE_TERMS[0]);
  const [agreed, setAgreed] = useState(false);

  const option = info.options.find((o) => o.licenceId === chosenId);
  const exclusive = option?.kind === EXCLUSIVE;
  const amountFen = option
    ? orderAmountFen({
        unitPriceFen: option.priceFen,
        kind: option.kind,
        termYears,
        categoryCount: categoryKids.length,
      })
    : 0;

  const chooseLicence = (id: number) => {
    setChosenId(id);
    const next = info.options.find((o) => o.licenceId === id);
    // Categories taken by someone's exclusivity cannot stay chosen for an exclusive licence.
    if (next?.kind === EXCLUSIVE) {
      setCategoryKids((kids) =>
        kids.filter((kid) => !info.categories.find((c) => c.kid === kid)?.taken),
      );
    }
  };

  const onKeyBlur = () => {
    const key = customKey.trim();
    if (!key) {
      setKeyProblem('');
      return;
    }
    checkKey.mutate(key, {
      onSuccess: (r) => setKeyProblem(r.ok ? '' : r.message),
      onError: (err) => setKeyProblem(err.message),
    });
  };

  const onSubmit = () => {
    if (submit.isPending) return;
    if (!option) {
      void message.warning('请选择授权方式');
      return;
    }
    if (exclusive && categoryKids.length === 0) {
      void message.warning('请选择使用品类');
      return;
    }
    if (!agreed) {
      void message.warning('请先阅读并同意授权协议');
      return;
    }
    submit.mutate(
      {
        creationId: info.creationId,
        licenceId: option.licenceId,
        categoryKids,
        keywords: usage,
        customKey: customKey.trim(),
        termYears,
        idemKey,
        agreed,
      },
      {
        onSuccess: (order) => void navigate(ORDER_KINDS[kind].step(2, order.orderNo)),
        onError: (err) => void message.error(err.message || MSG.operationFailed),
      },
    );
  };

  return (
    <div className="order-checkout">
      <div>
        {!info.onSale ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="作品已下架，暂不可授权"
          />
        ) : null}
        <section className="order-panel" aria-label="授权方式">
          <h3>授权方式</h3>
          <Radio.Group value={chosenId} onChange={(e) => chooseLicence(Number(e.target.value))}>
            {info.options.map((o) => (
              <label key={o.licenceId} className="order-licence-option">
                <Radio value={o.licenceId}>
                  {o.title}
                  <span style={{ marginLeft: 8 }}>
                    {formatYuan(o.priceFen)}
                    {o.kind === EXCLUSIVE ? ' / 品类·年' : ' / 年'}
                  </span>
                </Radio>
                <div className="order-licence-option__scope">{o.scope}</div>
              </label>
            ))}
          </Radio.Group>
        </section>
        <section className="order-panel" aria-label="使用品类">
          <h3>
            使用品类{exclusive ? <span style={{ color: 'var(--wy-danger)' }}> *</span> : null}
          </h3>
          <Checkbox.Group
            value={categoryKids}
            onChange={(kids) => setCategoryKids(kids)}
            options={info.categories.map((c) => ({
              value: c.kid,
              disabled: exclusive && c.taken,
              label: (
                <>
                  {c.title}
                  {exclusive && c.taken ? (
                    <span className="order-category-taken">已售出至 {c.takenUntil}</span>
                  ) : null}
                </>
              ),
            }))}
          />
          <p className="order-panel__hint">
            {exclusive
              ? '品类独家授权按所选品类计价，每个品类独家使用；已售出的品类不可选择'
              : '可选，注明作品将用于哪些品类'}
          </p>
        </section>
        <section className="order-panel" aria-label="授权用途">
          <h3>授权用途</h3>
          <Select
            mode="multiple"
            allowClear
            style={{ width: '100%' }}
            placeholder="选择授权用途（可多选）"
            aria-label="授权用途"
            value={usage}
            maxCount={MAX_ORDER_KEYWORDS}
            loading={keywords.isPending}
            options={(keywords.data?.keywords ?? []).map((k) => ({ value: k, label: k }))}
            onChange={setUsage}
          />
        </section>
        <section className="order-panel" aria-label="自定义标识">
          <h3>自定义标识</h3>
          <Input
            aria-label="自定义标识"
            placeholder="选填：印在授权证书上的品牌或产品线"
            maxLength={32}
            value={customKey}
            status={keyProblem ? 'error' : undefined}
            onChange={(e) => {
              setCustomKey(e.target.value);
              if (keyProblem) setKeyProblem('');
            }}
            onBlur={onKeyBlur}
          />
          {keyProblem ? (
            <p className="order-panel__hint" role="alert" style={{ color: 'var(--wy-danger)' }}>
              {keyProblem}
            </p>
          ) : null}
        </section>
        <section className="order-panel" aria-label="授权年限">
          <h3>授权年限</h3>
          <Radio.Group
            optionType="button"
            value={termYears}
            onChange={(e) => setTermYears(Number(e.target.value))}
            options={LICENCE_TERMS.map((y) => ({ value: y, label: `${y} 年` }))}
          />
        </section>
      </div>
      <aside className="order-panel" aria-label="订单信息">
        <div className="order-work">
          {info.thumbUrl ? <img src={serverUrl(info.thumbUrl)} alt={info.title} /> : null}
          <div>
            <p className="order-work__title">
              <Link to={paths.workDetail(info.creationId)}>{info.title}</Link>
            </p>
            <div className="order-work__meta">设计师：{info.designerName}</div>
          </div>
        </div>
        <div className="order-work__meta">
          {option ? option.title : '—'} · {termYears} 年
          {exclusive ? ` · ${categoryKids.length} 个品类` : ''}
        </div>
        <div className="order-amount">
          <span>应付金额</span>
          <strong data-testid="order-amount">{formatYuan(amountFen)}</strong>
        </div>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
            我已阅读并同意
            <a
              href={paths.materialOrderAgreement}
              target="_blank"
              rel="noreferrer"
              onClick={(e) => e.stopPropagation()}
            >
              《{LICENCE_AGREEMENT_TITLE}》
            </a>
          </Checkbox>
          <Button
            type="primary"
            size="large"
            block
            loading={submit.isPending}
            disabled={!info.onSale}
            onClick={onSubmit}
          >
            提交订单
          </Button>
        </Space>
      </aside>
    </div>
  );
}
