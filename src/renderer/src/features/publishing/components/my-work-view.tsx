import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Empty,
  Input,
  Modal,
  Select,
  Space,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { MyWorkItem, MyWorkTab } from '@shared/contract/publishing';
import { formatYuan } from '@shared/rules/money';
import { paths } from '../../../config/paths';
import { useDeleteWorks } from '../api/delete-creation';
import { useCustomClassify } from '../api/get-custom-classify';
import { useMyCreations } from '../api/get-my-creations';
import { useMySeriesList } from '../api/get-my-series-list';
import { useTakeDownWorks } from '../api/offline-creation';
import { usePublishWorks } from '../api/publish-creation';
import { useSetWorksClassify } from '../api/set-creation-classify';
import { useSetWorksSeries } from '../api/set-creation-series';
import { ClassifyPanel } from './classify-panel';
import { PagedList } from './paged-list';
import { SeriesManager } from './series-manager';
import './publishing.css';

/** §2 /user/mywork/{activeIndex}: the tabs in order. */
export const MY_WORK_TAB_ORDER: readonly { tab: MyWorkTab; title: string }[] = [
  { tab: 'all', title: '全部' },
  { tab: 'review', title: '审核中' },
  { tab: 'published', title: '已发布' },
  { tab: 'rejected', title: '未通过' },
  { tab: 'draft', title: '草稿' },
  { tab: 'offline', title: '已下架' },
];

const STATUS_COLOR: Record<string, string> = {
  draft: 'default',
  review: 'processing',
  published: 'success',
  rejected: 'error',
  offline: 'warning',
};

const PAGE_SIZE = 20;

type MoveTarget = { kind: 'series' | 'classify'; value: number | null | number[] };

function WorkItem({
  work,
  checked,
  onCheck,
  onSubmit,
}: {
  work: MyWorkItem;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  onSubmit: () => void;
}) {
  const editable =
    work.status === 'draft' || work.status === 'rejected' || work.status === 'offline';
  return (
    <article className="my-work" aria-label={work.title}>
      <Checkbox
        checked={checked}
        onChange={(e) => onCheck(e.target.checked)}
        aria-label={`选择 ${work.title}`}
        className="my-work__check"
      />
      <div className="my-work__thumb">
        {work.thumbUrl ? <img src={work.thumbUrl} alt={work.title} loading="lazy" /> : null}
      </div>
      <div className="my-work__body">
        <div className="my-work__title">
          {work.status === 'published' ? (
            <Link to={paths.workDetail(work.id)}>{work.title}</Link>
          ) : (
            work.title
          )}
          <Tag color={STATUS_COLOR[work.status]}>{work.statusTitle}</Tag>
        </div>
        <div className="my-work__meta">
          {work.headerType === 4 ? '素材' : '品类独家'} · {work.categoryTitle || '未选品类'} ·{' '}
          {formatYuan(work.priceFen)}
          {work.seriesTitle ? ` · 系列：${work.seriesTitle}` : ''}
        </div>
        {work.rejectReason ? (
          <div className="my-work__reason">
            {work.status === 'offline' ? '下架原因：' : '未通过原因：'}
            {work.rejectReason}
          </div>
        ) : null}
        <div className="my-work__stats">
          浏览 {work.viewCount} · 收藏 {work.favouriteCount} · 销量 {work.saleCount} · 更新于{' '}
          {work.updatedAt.slice(0, 10)}
        </div>
      </div>
      <Space className="my-work__actions" orientation="vertical" size={4}>
        {editable ? (
          <Link to={paths.publishWorkEdit(work.id)} target="_blank">
            编辑
          </Link>
        ) : null}
        {editable ? (
          <Button type="link" size="small" onClick={onSubmit}>
            提交审核
          </Button>
        ) : null}
      </Space>
    </article>
  );
}

/** /user/mywork: my works by state, with search, classifications, series and bulk actions. */
export function MyWorkView({ activeIndex }: { activeIndex: number }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const tab = MY_WORK_TAB_ORDER[activeIndex]?.tab ?? 'all';
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const [classifyId, setClassifyId] = useState<number | null>(null);
  const [seriesId, setSeriesId] = useState<number | undefined>(undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const [move, setMove] = useState<MoveTarget | null>(null);
  const [seriesOpen, setSeriesOpen] = useState(false);
  const works = useMyCreations({
    pageIndex,
    pageSize: PAGE_SIZE,
    tab,
    ...(search ? { keyword: search } : {}),
    ...(classifyId !== null ? { classifyId } : {}),
    ...(seriesId !== undefined ? { seriesId } : {}),
  });
  const series = useMySeriesList();
  const classify = useCustomClassify();
  const takeDown = useTakeDownWorks();
  const remove = useDeleteWorks();
  const publish = usePublishWorks();
  const setSeries = useSetWorksSeries();
  const setClassify = useSetWorksClassify();
  const list = works.data?.list ?? [];
  const counts = works.data?.counts;

  const reset = () => {
    setSelected([]);
    setPageIndex(1);
  };
  const run = async (label: string, action: () => Promise<{ updated: number }>) => {
    try {
      const { updated } = await action();
      message.success(`${label} ${updated} 件作品`);
      setSelected([]);
    } catch (err) {
      message.error(err instanceof Error ? err.message : `${label}失败`);
    }
  };
  const submit = async (ids: number[]) => {
    try {
      const { results } = await publish.mutateAsync({ ids });
      const failed = results.filter((r) => !r.ok);
      if (failed.length === 0) message.success(`已提交审核 ${results.length} 件作品`);
      else {
        modal.warning({
          title: `${results.length - failed.length} 件已提交，${failed.length} 件未能提交`,
          content: (
            <ul>
              {failed.map((r) => (
                <li key={r.id}>
                  {list.find((w) => w.id === r.id)?.title ?? `作品 ${r.id}`}：{r.msg}
                </li>
              ))}
            </ul>
          ),
        });
      }
      setSelected([]);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '提交失败');
    }
  };
  const confirmMove = async () => {
    if (!move) return;
    if (move.kind === 'series') {
      await run('已移动', () =>
        setSeries.mutateAsync({ ids: selected, seriesId: (move.value as number | null) ?? null }),
      );
    } else {
      await run('已设置分类', () =>
        setClassify.mutateAsync({
          ids: selected,
          classifyIds: (move.value as number[]) ?? [],
          mode: 'set',
        }),
      );
    }
    setMove(null);
  };

  return (
    <div className="my-work-page">
      <header className="my-work-page__header">
        <h2>作品管理</h2>
        <Space>
          <Link to={paths.user.myworkMaterial}>素材管理</Link>
          <Button onClick={() => setSeriesOpen(true)}>管理系列</Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => window.open(paths.publishWork, '_blank', 'noopener')}
          >
            发布作品
          </Button>
        </Space>
      </header>
      <div className="my-work-page__layout">
        <ClassifyPanel
          selected={classifyId}
          total={counts?.all ?? 0}
          onSelect={(id) => {
            setClassifyId(id);
            reset();
          }}
        />
        <section className="my-work-page__main">
          <Tabs
            activeKey={String(MY_WORK_TAB_ORDER.findIndex((t) => t.tab === tab))}
            onChange={(key) => {
              reset();
              void navigate(paths.user.myworkTab(Number(key)));
            }}
            items={MY_WORK_TAB_ORDER.map((t, i) => ({
              key: String(i),
              label: `${t.title}${counts ? ` ${counts[t.tab]}` : ''}`,
            }))}
          />
          <div className="my-work-page__filters">
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder="搜索作品标题"
              aria-label="搜索作品标题"
              value={keyword}
              onChange={(e) => {
                setKeyword(e.target.value);
                if (e.target.value === '') {
                  setSearch('');
                  reset();
                }
              }}
              onPressEnter={() => {
                setSearch(keyword.trim());
                reset();
              }}
              style={{ width: 260 }}
            />
            <Select
              allowClear
              placeholder="全部系列"
              aria-label="按系列筛选"
              style={{ width: 180 }}
              value={seriesId}
              onChange={(v: number | undefined) => {
                setSeriesId(v);
                reset();
              }}
              options={[
                { value: 0, label: '未加入系列' },
                ...(series.data ?? []).map((s) => ({ value: s.id, label: s.title })),
              ]}
            />
          </div>
          <div className="my-work-page__bulk" role="toolbar" aria-label="批量操作">
            <Checkbox
              checked={list.length > 0 && selected.length === list.length}
              indeterminate={selected.length > 0 && selected.length < list.length}
              onChange={(e) => setSelected(e.target.checked ? list.map((w) => w.id) : [])}
            >
              全选
            </Checkbox>
            <span className="my-work-page__selected">已选 {selected.length} 件</span>
            <Button
              size="small"
              disabled={selected.length === 0}
              onClick={() => void submit(selected)}
            >
              提交审核
            </Button>
            <Button
              size="small"
              disabled={selected.length === 0}
              onClick={() => {
                void modal.confirm({
                  title: `下架选中的 ${selected.length} 件作品？`,
                  content: '只有已发布的作品会被下架；下架后买家看不到，可修改后重新提交审核。',
                  onOk: () => run('已下架', () => takeDown.mutateAsync({ ids: selected })),
                });
              }}
            >
              下架
            </Button>
            <Button
              size="small"
              disabled={selected.length === 0}
              onClick={() => setMove({ kind: 'series', value: null })}
            >
              移至系列
            </Button>
            <Button
              size="small"
              disabled={selected.length === 0}
              onClick={() => setMove({ kind: 'classify', value: [] })}
            >
              移至分类
            </Button>
            <Tooltip title="删除后不可恢复">
              <Button
                size="small"
                danger
                disabled={selected.length === 0}
                onClick={() => {
                  void modal.confirm({
                    title: `确定删除选中的 ${selected.length} 件作品？`,
                    content: '删除后作品将从店铺和作品管理中移除，不可恢复。',
                    okText: '删除',
                    okButtonProps: { danger: true },
                    onOk: () => run('已删除', () => remove.mutateAsync({ ids: selected })),
                  });
                }}
              >
                删除
              </Button>
            </Tooltip>
          </div>
          <PagedList
            query={works}
            errorTitle="作品加载失败"
            empty={
              <Empty description={search ? '没有找到相关作品' : '这里还没有作品'}>
                <Button
                  type="primary"
                  onClick={() => window.open(paths.publishWork, '_blank', 'noopener')}
                >
                  发布作品
                </Button>
              </Empty>
            }
            pageIndex={pageIndex}
            pageSize={PAGE_SIZE}
            onPageChange={(page) => {
              setPageIndex(page);
              setSelected([]);
            }}
          >
            <div className="my-work-list">
              {list.map((w) => (
                <WorkItem
                  key={w.id}
                  work={w}
                  checked={selected.includes(w.id)}
                  onCheck={(on) =>
                    setSelected((prev) => (on ? [...prev, w.id] : prev.filter((id) => id !== w.id)))
                  }
                  onSubmit={() => void submit([w.id])}
                />
              ))}
            </div>
          </PagedList>
          {tab === 'rejected' && list.length > 0 ? (
            <Alert type="info" showIcon title="修改后重新提交审核即可" style={{ marginTop: 12 }} />
          ) : null}
        </section>
      </div>
      <Modal
        title={move?.kind === 'series' ? '移至系列' : '移至分类'}
        open={move !== null}
        onCancel={() => setMove(null)}
        onOk={() => void confirmMove()}
        destroyOnHidden
      >
        {move?.kind === 'series' ? (
          <Select
            style={{ width: '100%' }}
            aria-label="目标系列"
            value={move.value as number | null}
            onChange={(value: number | null) => setMove({ kind: 'series', value })}
            options={[
              { value: null, label: '移出系列' },
              ...(series.data ?? []).map((s) => ({ value: s.id, label: s.title })),
            ]}
          />
        ) : move ? (
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            aria-label="目标分类"
            placeholder="选择分类（不选则移出全部分类）"
            value={move.value as number[]}
            onChange={(value: number[]) => setMove({ kind: 'classify', value })}
            options={(classify.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        ) : null}
      </Modal>
      <SeriesManager open={seriesOpen} onClose={() => setSeriesOpen(false)} />
    </div>
  );
}
