import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Image, Input, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import type { AdminWorkRow, DuplicateHit } from '@shared/contract/admin';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useWorkReviewDetail } from '../api/get-work-review-detail';
import { useWorkReviewList } from '../api/get-work-review-list';
import { useReviewWorkCall } from '../api/review-work';
import { useTakeDownWorkCall } from '../api/take-down-work';
import { ReasonDialog } from './reason-dialog';
import { REVIEW_PAGE_SIZE, ReviewQueue, reviewTime as time, useDecision } from './review-queue';

type WorkState = 'review' | 'published' | 'rejected' | 'offline';

const STATE_TABS: { key: WorkState; title: string }[] = [
  { key: 'review', title: '审核中' },
  { key: 'published', title: '已发布' },
  { key: 'rejected', title: '未通过' },
  { key: 'offline', title: '已下架' },
];

const REJECT_PRESETS = [
  '与已发布作品高度相似，疑似抄袭',
  '图片清晰度不足，请上传高分辨率原稿',
  '图片带有水印或他人标识',
  '标题、品类或标签与作品内容不符',
];
const TAKE_DOWN_PRESETS = ['收到侵权投诉，下架核实', '作品信息违规', '应设计师要求下架'];

const HIT_REASON: Record<string, string> = {
  other_designer: '其他设计师的作品',
  own_exclusive: '本人已独家售出的作品',
};

/** A possible copy, shown beside the original for comparison. */
function DuplicateCard({ hit }: { hit: DuplicateHit }) {
  return (
    <figure className="duplicate-card">
      <Image width={200} height={200} src={hit.thumbUrl} alt={hit.title} />
      <figcaption>
        <a href={paths.workDetail(hit.workId)} target="_blank" rel="noreferrer">
          {hit.title}
        </a>
        <div>
          {hit.designerName} · {HIT_REASON[hit.reason] ?? hit.reason}
        </div>
        <Tag color={hit.match === 'exact' ? 'red' : 'orange'}>
          {hit.match === 'exact' ? '完全相同' : `相似度 ${Math.round(hit.score * 100)}%`}
        </Tag>
      </figcaption>
    </figure>
  );
}

function WorkDetail({ id, onDone }: { id: number; onDone: () => void }) {
  const detail = useWorkReviewDetail({ id });
  const review = useReviewWorkCall();
  const takeDown = useTakeDownWorkCall();
  const decision = useDecision();
  const [dialog, setDialog] = useState<'reject' | 'takeDown' | null>(null);

  const approve = async () => {
    const done = await decision(
      () => review.mutateAsync({ id, approve: true, reason: '' }),
      '已通过，作品已发布',
    );
    if (done) onDone();
  };
  const withReason = async (reason: string) => {
    const done = await decision(
      () =>
        dialog === 'reject'
          ? review.mutateAsync({ id, approve: false, reason })
          : takeDown.mutateAsync({ id, reason }),
      dialog === 'reject' ? '已驳回，设计师会看到原因' : '已下架',
    );
    if (!done) return;
    setDialog(null);
    onDone();
  };

  if (detail.isError)
    return (
      <LoadError title="作品加载失败" error={detail.error} onRetry={() => void detail.refetch()} />
    );
  if (!detail.data) return <Spin />;
  const w = detail.data;
  return (
    <>
      {w.duplicates.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`查重发现 ${w.duplicates.length} 件疑似相同或相似的作品，请比对后再决定`}
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Alert
          type="success"
          showIcon
          title="查重未发现相同或相似的作品"
          style={{ marginBottom: 16 }}
        />
      )}
      <div className="review-compare">
        <figure className="duplicate-card duplicate-card--original">
          <Image width={320} src={w.thumbUrl} preview={{ src: w.imageUrl }} alt={w.title} />
          <figcaption>
            待审原图 · {w.width}×{w.height}
          </figcaption>
        </figure>
        {w.duplicates.map((hit) => (
          <DuplicateCard key={hit.workId} hit={hit} />
        ))}
      </div>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'title', label: '标题', span: 2, children: w.title },
          {
            key: 'designer',
            label: '设计师',
            children: `${w.designer.userName}（${w.designer.caiHongID}）`,
          },
          { key: 'status', label: '状态', children: w.statusTitle },
          { key: 'category', label: '品类', children: w.categoryPath.join(' / ') },
          { key: 'style', label: '风格', children: w.styleTitle || '—' },
          { key: 'type', label: '授权方式', children: w.headerType === 4 ? '素材' : '品类独家' },
          { key: 'seamless', label: '四方连续', children: w.isSeamless ? '是' : '否' },
          {
            key: 'tags',
            label: '标签',
            span: 2,
            children: w.tags.map((t) => <Tag key={t}>{t}</Tag>),
          },
          {
            key: 'colors',
            label: '颜色',
            span: 2,
            children: w.colors.map((c) => (
              <span key={c} className="admin-colour" style={{ background: c }} title={c} />
            )),
          },
          {
            key: 'licences',
            label: '授权价格',
            span: 2,
            children: w.licences.map((l) => `${l.title} ${formatYuan(l.priceFen)}`).join('；'),
          },
          { key: 'description', label: '描述', span: 2, children: w.description || '—' },
          { key: 'submitted', label: '提交时间', children: time(w.submittedAt) },
        ]}
      />
      {w.history.length > 1 ? (
        <ul className="admin-history">
          {w.history.map((h, i) => (
            <li key={i}>
              {time(h.at)} · {h.state}
              {h.reason ? ` · ${h.reason}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <Space className="admin-decision">
        {w.status === 'review' ? (
          <>
            <Button type="primary" loading={review.isPending} onClick={() => void approve()}>
              通过并发布
            </Button>
            <Button danger onClick={() => setDialog('reject')}>
              驳回
            </Button>
          </>
        ) : null}
        {w.status === 'published' ? (
          <Button danger onClick={() => setDialog('takeDown')}>
            下架
          </Button>
        ) : null}
      </Space>
      <ReasonDialog
        open={dialog !== null}
        title={dialog === 'reject' ? '驳回作品' : '下架作品'}
        placeholder="写明原因，设计师会看到"
        presets={dialog === 'reject' ? REJECT_PRESETS : TAKE_DOWN_PRESETS}
        confirmLoading={review.isPending || takeDown.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={(reason) => void withReason(reason)}
      />
    </>
  );
}

/** /admin/works: works in review (oldest first) with near-duplicates beside them; approve, reject, take down. */
export function WorkReview() {
  const [status, setStatus] = useState<WorkState>('review');
  const [pageIndex, setPageIndex] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useWorkReviewList({
    pageIndex,
    pageSize: REVIEW_PAGE_SIZE,
    status,
    ...(keyword ? { keyword } : {}),
  });
  return (
    <ReviewQueue<AdminWorkRow, WorkState>
      title="作品审核"
      noun="作品"
      tabs={STATE_TABS}
      state={status}
      onStateChange={(next) => {
        setStatus(next);
        setPageIndex(1);
      }}
      tabExtra={
        <Input.Search
          allowClear
          prefix={<SearchOutlined />}
          placeholder="作品标题或设计师"
          aria-label="搜索作品"
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageIndex(1);
          }}
          style={{ width: 240 }}
        />
      }
      list={list}
      pageIndex={pageIndex}
      onPageChange={setPageIndex}
      awaitsDecision={(r) => r.status === 'review'}
      columns={[
        {
          title: '作品',
          key: 'work',
          render: (_, r) => (
            <Space>
              {r.thumbUrl ? <img className="admin-thumb" src={r.thumbUrl} alt={r.title} /> : null}
              <span>{r.title}</span>
            </Space>
          ),
        },
        { title: '设计师', dataIndex: 'designerName' },
        { title: '品类', dataIndex: 'categoryTitle' },
        { title: '价格', key: 'price', render: (_, r) => formatYuan(r.priceFen) },
        { title: '提交时间', key: 'submittedAt', render: (_, r) => time(r.submittedAt) },
        {
          title: '查重',
          key: 'duplicates',
          render: (_, r) =>
            r.duplicateCount > 0 ? (
              <Tag color="red">疑似重复 {r.duplicateCount}</Tag>
            ) : (
              <Tag>无</Tag>
            ),
        },
      ]}
      drawerTitle="作品审核"
      drawerSize={900}
      renderDetail={(id, close) => <WorkDetail id={id} onDone={close} />}
    />
  );
}
