import { App, Button, Empty, Input, Modal, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { DemandCard, Manuscript } from '@shared/contract/demands';
import { DEMAND_REFUSE_REASON_MAX } from '@shared/rules/demand';
import { formatYuan } from '@shared/rules/money';
import { designerShareFen } from '@shared/rules/order-price';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import {
  fetchManuscriptOriginal,
  useAdoptManuscript,
  useApplyDemand,
  useCloseDemand,
  useCollectDemand,
  useDemandBase,
  useDemandDescription,
  useManuscripts,
  useMyManuscripts,
  useRefuseManuscript,
} from '../api/demands';
import { demandDate, demandDateTime, timeLeft } from '../lib/demand-format';
import { DemandEditDialog } from './demand-edit-dialog';
import './demands.css';

export type DemandTab = 'detail' | 'manuscripts' | 'mine';

const tabPath = (tab: DemandTab, id: number): string =>
  tab === 'detail'
    ? paths.demandDetail(id)
    : tab === 'manuscripts'
      ? `${paths.demand}/Manuscript/${id}.html`
      : `${paths.demand}/Mine/${id}.html`;

const errorText = (err: unknown): string => (err instanceof Error ? err.message : '操作失败！');

/**
 * /demand/{id}.html, /demand/Manuscript/{id}.html, /demand/Mine/{id}.html (and /demand/detail…
 * with ?demandId=): the demand, its manuscripts and the viewer's own, in three tabs.
 */
export function DemandDetailPage({ demandId, tab }: { demandId: number; tab: DemandTab }) {
  const base = useDemandBase(demandId);
  const navigate = useNavigate();
  if (!Number.isSafeInteger(demandId) || demandId <= 0) {
    return (
      <div className="demand-page">
        <Empty description="需求不存在" />
      </div>
    );
  }
  if (base.isError) {
    return (
      <div className="demand-page">
        <LoadError title="需求加载失败" error={base.error} onRetry={() => void base.refetch()} />
      </div>
    );
  }
  if (!base.data) {
    return (
      <div className="demand-page">
        <Skeleton active />
      </div>
    );
  }
  const { demand, viewer } = base.data;
  return (
    <div className="demand-page">
      <DemandHead demand={demand} viewer={viewer} />
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(tabPath(key as DemandTab, demandId))}
        items={[
          { key: 'detail', label: '需求详情', children: <DescriptionTab demandId={demandId} /> },
          {
            key: 'manuscripts',
            label: `需求稿件（${demand.manuscriptCount}）`,
            children: <ManuscriptsTab demand={demand} isOwner={viewer.isOwner} />,
          },
          {
            key: 'mine',
            label: `我的稿件（${viewer.myManuscriptCount}）`,
            children: <MineTab demand={demand} canSubmit={viewer.canSubmit} />,
          },
        ]}
      />
    </div>
  );
}

type Viewer = {
  isOwner: boolean;
  signedUp: boolean;
  collected: boolean;
  canSubmit: boolean;
};

function DemandHead({ demand, viewer }: { demand: DemandCard; viewer: Viewer }) {
  const { message, modal } = App.useApp();
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const openLogin = useSessionStore((s) => s.openLoginDialog);
  const apply = useApplyDemand();
  const collect = useCollectDemand();
  const close = useCloseDemand();
  const [editing, setEditing] = useState(false);
  const needLogin = () => {
    openLogin();
    return false;
  };
  const onApply = () => {
    if (!signedIn) return needLogin();
    apply.mutate(demand.id, {
      onSuccess: () => void message.success('报名成功，可以投稿了'),
      onError: (err) => void message.error(errorText(err)),
    });
    return true;
  };
  const onCollect = () => {
    if (!signedIn) return needLogin();
    collect.mutate(
      { demandId: demand.id, collect: !viewer.collected },
      { onError: (err) => void message.error(errorText(err)) },
    );
    return true;
  };
  const onClose = () =>
    modal.confirm({
      title: '关闭需求',
      content: `关闭后不再接受投稿，待处理的稿件将标为未采用，未使用的托管赏金（${formatYuan(
        demand.rewardFen * (demand.quota - demand.adoptedCount),
      )}）退回余额。确定关闭吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        close.mutateAsync(demand.id).then(
          (r) => void message.success(`需求已关闭，${formatYuan(r.refundedFen)} 已退回余额`),
          (err: unknown) => void message.error(errorText(err)),
        ),
    });
  return (
    <section className="demand-detail__head">
      <div>
        <h1>{demand.title}</h1>
        <div className="demand-card__meta">
          <Tag color={demand.state === 'open' ? 'green' : undefined}>{demand.stateName}</Tag>
          <Tag>{demand.typeName}</Tag>
          {demand.categoryName ? <Tag>{demand.categoryName}</Tag> : null}
          <span>发布者：{demand.customerName}</span>
          <span>发布于 {demandDate(demand.createdAt)}</span>
          <span>截止 {demandDateTime(demand.deadline)}</span>
        </div>
        <div className="demand-card__figures">
          <span>
            已报名 <b>{demand.signUpCount}</b>
          </span>
          <span>
            稿件 <b>{demand.manuscriptCount}</b>
          </span>
          <span>
            已采用 <b>{demand.adoptedCount}</b>/{demand.quota}
          </span>
          <span>{timeLeft(demand)}</span>
        </div>
      </div>
      <div className="demand-detail__actions">
        <div className="demand-card__reward">
          <span className="demand-card__reward-label">单稿赏金</span>
          <span className="demand-card__reward-value">{formatYuan(demand.rewardFen)}</span>
        </div>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button onClick={onCollect} loading={collect.isPending}>
            {viewer.collected ? '已收藏' : '收藏'}
          </Button>
          {viewer.isOwner ? (
            demand.state === 'open' ? (
              <>
                <Button onClick={() => setEditing(true)}>修改需求</Button>
                <Button danger onClick={() => void onClose()}>
                  关闭需求
                </Button>
              </>
            ) : null
          ) : viewer.signedUp ? (
            viewer.canSubmit ? (
              <Link to={`${paths.demand}/contribute?demandId=${demand.id}`}>
                <Button type="primary">去投稿</Button>
              </Link>
            ) : (
              <Button disabled>已报名</Button>
            )
          ) : demand.state === 'open' ? (
            <Button type="primary" onClick={onApply} loading={apply.isPending}>
              报名
            </Button>
          ) : null}
        </div>
      </div>
      {editing ? <DemandEditDialog demand={demand} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}

function DescriptionTab({ demandId }: { demandId: number }) {
  const description = useDemandDescription(demandId);
  if (description.isError) {
    return (
      <LoadError
        title="需求描述加载失败"
        error={description.error}
        onRetry={() => void description.refetch()}
      />
    );
  }
  if (!description.data) return <Skeleton active />;
  return (
    <div>
      <p className="demand-description">{description.data.description}</p>
      {description.data.referenceUrls.length > 0 ? (
        <>
          <h3>参考图</h3>
          <div className="demand-references">
            {description.data.referenceUrls.map((url) => (
              <img key={url} src={url} alt="参考图" />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}

const PAGE_SIZE = 12;

function ManuscriptsTab({ demand, isOwner }: { demand: DemandCard; isOwner: boolean }) {
  const [page, setPage] = useState(1);
  const list = useManuscripts(demand.id, page, PAGE_SIZE);
  if (list.isError) {
    return (
      <LoadError title="稿件加载失败" error={list.error} onRetry={() => void list.refetch()} />
    );
  }
  if (!list.data) return <Skeleton active />;
  if (list.data.list.length === 0) return <Empty description="还没有稿件" />;
  return (
    <>
      {!isOwner ? (
        <p className="demand-muted">为保护设计师的原创，稿件图片仅需求发布者和作者本人可见。</p>
      ) : null}
      <div className="manuscript-grid">
        {list.data.list.map((m) => (
          <ManuscriptCard key={m.id} manuscript={m} demand={demand} isOwner={isOwner} />
        ))}
      </div>
      <Pagination
        style={{ marginTop: 16, textAlign: 'center' }}
        current={page}
        pageSize={PAGE_SIZE}
        total={list.data.total}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={setPage}
      />
    </>
  );
}

function ManuscriptCard({
  manuscript: m,
  demand,
  isOwner,
}: {
  manuscript: Manuscript;
  demand: DemandCard;
  isOwner: boolean;
}) {
  const { message, modal } = App.useApp();
  const adopt = useAdoptManuscript();
  const refuse = useRefuseManuscript();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const canDecide =
    isOwner && m.state === 'submitted' && demand.state !== 'closed' && demand.state !== 'completed';
  const onAdopt = () =>
    modal.confirm({
      title: '采用稿件',
      content: `采用后将从托管赏金中支付 ${formatYuan(demand.rewardFen)}（设计师得 ${formatYuan(
        designerShareFen(demand.rewardFen),
      )}，其余为平台服务费），并可下载原图。确定采用吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        adopt.mutateAsync(m.id).then(
          () => void message.success('已采用，赏金已支付给设计师'),
          (err: unknown) => void message.error(errorText(err)),
        ),
    });
  const onDownload = () =>
    void fetchManuscriptOriginal(m.id).then(
      (r) => window.open(r.url, '_blank', 'noopener'),
      (err: unknown) => void message.error(errorText(err)),
    );
  return (
    <div className="manuscript-card" data-testid="manuscript-card">
      {m.previewUrl ? (
        <img
          className="manuscript-card__image"
          src={m.previewUrl}
          alt={`${m.designerName}的稿件`}
        />
      ) : (
        <div className="manuscript-card__hidden">稿件仅需求发布者可见</div>
      )}
      <div className="manuscript-card__body">
        <div>
          <Tag color={m.state === 'adopted' ? 'blue' : m.state === 'refused' ? undefined : 'gold'}>
            {m.stateName}
          </Tag>
          {m.designerName} · {demandDate(m.createdAt)}
        </div>
        {m.note ? <div className="demand-muted">说明：{m.note}</div> : null}
        {m.refuseReason ? <div className="demand-muted">未采用理由：{m.refuseReason}</div> : null}
        {canDecide ? (
          <div className="manuscript-card__actions">
            <Button
              type="primary"
              size="small"
              onClick={() => void onAdopt()}
              loading={adopt.isPending}
            >
              采用
            </Button>
            <Button size="small" onClick={() => setRefusing(true)}>
              不采用
            </Button>
          </div>
        ) : null}
        {m.state === 'adopted' && m.previewUrl ? (
          <Button size="small" onClick={onDownload}>
            下载原图
          </Button>
        ) : null}
      </div>
      <Modal
        open={refusing}
        title="不采用稿件"
        okText="确定"
        cancelText="取消"
        confirmLoading={refuse.isPending}
        onCancel={() => setRefusing(false)}
        onOk={() => {
          if (!reason.trim()) {
            void message.error('请填写不采用的理由');
            return;
          }
          refuse.mutate(
            { manuscriptId: m.id, reason: reason.trim() },
            {
              onSuccess: () => {
                setRefusing(false);
                void message.success('已告知设计师');
              },
              onError: (err) => void message.error(errorText(err)),
            },
          );
        }}
      >
        <Input.TextArea
          aria-label="不采用的理由"
          value={reason}
          maxLength={DEMAND_REFUSE_REASON_MAX}
          showCount
          rows={3}
          placeholder="告诉设计师哪里不合适，便于改进"
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </div>
  );
}

function MineTab({ demand, canSubmit }: { demand: DemandCard; canSubmit: boolean }) {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const mine = useMyManuscripts(demand.id, signedIn);
  if (!signedIn) return <Empty description="登录后查看你投的稿件" />;
  if (mine.isError) {
    return (
      <LoadError title="我的稿件加载失败" error={mine.error} onRetry={() => void mine.refetch()} />
    );
  }
  if (!mine.data) return <Skeleton active />;
  return (
    <>
      {canSubmit ? (
        <p>
          <Link to={`${paths.demand}/contribute?demandId=${demand.id}`}>
            <Button type="primary">继续投稿</Button>
          </Link>
        </p>
      ) : null}
      {mine.data.length === 0 ? (
        <Empty description="你还没有给这个需求投稿" />
      ) : (
        <div className="manuscript-grid">
          {mine.data.map((m) => (
            <ManuscriptCard key={m.id} manuscript={m} demand={demand} isOwner={false} />
          ))}
        </div>
      )}
    </>
  );
}
