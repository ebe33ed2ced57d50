import { Empty, Pagination, Radio, Select, Skeleton } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  DEMAND_TYPES,
  DEMAND_TYPE_IDS,
  type DemandListState,
  demandFilterSegment,
  demandSortSegment,
  parseDemandListSegment,
} from '@shared/rules/demand';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useDemandCategories, useDemandList } from '../api/demands';
import { DemandCard } from './demand-card';
import './demands.css';

const PAGE_SIZE = 10;
const TIMES = [
  [0, '不限'],
  [1, '7 天内'],
  [2, '30 天内'],
] as const;

/**
 * The list state from the URL: the path segment holds the half the spec puts there (sorts in
 * list-s…-a…-e…-p…, filters in list-f…-m…-t…-p…); the other half rides in the query so neither is
 * lost when the other changes.
 */
function useListState(): [
  DemandListState,
  (next: DemandListState, half: 'sort' | 'filter') => void,
] {
  const { segment } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const fromPath = parseDemandListSegment(segment);
  const num = (key: string, fallback: number) => {
    const v = Number(query.get(key));
    return query.has(key) && Number.isSafeInteger(v) && v >= 0 ? v : fallback;
  };
  const isFilterPath = Boolean(segment && segment.startsWith('list-f'));
  const state: DemandListState = isFilterPath
    ? { ...fromPath, sort: num('s', 0) % 2, addSort: num('a', 0) % 2, endSort: num('e', 0) % 2 }
    : { ...fromPath, kid: num('f', 0), type: num('m', 0) % 4, time: num('t', 0) % 3 };
  const go = (next: DemandListState, half: 'sort' | 'filter') => {
    const path =
      half === 'sort'
        ? `${paths.demand}/${demandSortSegment(next)}?f=${next.kid}&m=${next.type}&t=${next.time}`
        : `${paths.demand}/${demandFilterSegment(next)}?s=${next.sort}&a=${next.addSort}&e=${next.endSort}`;
    void navigate(path);
  };
  return [state, go];
}

/** /demand/list and its segments 需求列表: filters, sorts and pages of demands. */
export function DemandListPage() {
  const [state, go] = useListState();
  const categories = useDemandCategories();
  const list = useDemandList({
    pageIndex: state.page,
    pageSize: PAGE_SIZE,
    kid: state.kid,
    type: state.type,
    time: state.time,
    sort: state.sort,
    addSort: state.addSort,
    endSort: state.endSort,
    openOnly: false,
  });
  const sortValue =
    state.endSort === 1 ? 'end' : state.sort === 1 ? 'reward' : state.addSort === 1 ? 'old' : 'new';
  return (
    <div className="demand-page">
      <h1>需求列表</h1>
      <div className="demand-filters" aria-label="筛选">
        <div className="demand-filters__row">
          <span className="demand-filters__label">品类</span>
          <Select
            aria-label="品类"
            style={{ width: 200 }}
            value={state.kid}
            onChange={(kid: number) => go({ ...state, kid, page: 1 }, 'filter')}
            options={[
              { value: 0, label: '全部品类' },
              ...(categories.data ?? []).map((c) => ({ value: c.kid, label: c.title })),
            ]}
          />
        </div>
        <div className="demand-filters__row">
          <span className="demand-filters__label">类型</span>
          <Radio.Group
            value={state.type}
            onChange={(e) => go({ ...state, type: Number(e.target.value), page: 1 }, 'filter')}
            options={[
              { value: 0, label: '全部' },
              ...DEMAND_TYPE_IDS.map((id) => ({ value: id, label: DEMAND_TYPES[id] })),
            ]}
          />
        </div>
        <div className="demand-filters__row">
          <span className="demand-filters__label">发布时间</span>
          <Radio.Group
            value={state.time}
            onChange={(e) => go({ ...state, time: Number(e.target.value), page: 1 }, 'filter')}
            options={TIMES.map(([value, label]) => ({ value, label }))}
          />
        </div>
        <div className="demand-filters__row">
          <span className="demand-filters__label">排序</span>
          <Radio.Group
            optionType="button"
            value={sortValue}
            onChange={(e) => {
              const v = String(e.target.value);
              go(
                {
                  ...state,
                  sort: v === 'reward' ? 1 : 0,
                  addSort: v === 'old' ? 1 : 0,
                  endSort: v === 'end' ? 1 : 0,
                  page: 1,
                },
                'sort',
              );
            }}
            options={[
              { value: 'new', label: '最新发布' },
              { value: 'reward', label: '赏金最高' },
              { value: 'end', label: '即将截止' },
              { value: 'old', label: '最早发布' },
            ]}
          />
        </div>
      </div>
      {list.isError ? (
        <LoadError
          title="需求列表加载失败"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.isLoading ? (
        <Skeleton active />
      ) : list.data && list.data.list.length > 0 ? (
        <>
          <div className="demand-list">
            {list.data.list.map((d) => (
              <DemandCard key={d.id} demand={d} />
            ))}
          </div>
          <Pagination
            style={{ marginTop: 16, textAlign: 'center' }}
            current={state.page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            showSizeChanger={false}
            onChange={(page) => go({ ...state, page }, 'filter')}
          />
        </>
      ) : (
        <Empty description="没有符合条件的需求" />
      )}
    </div>
  );
}
