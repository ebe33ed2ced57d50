import { Checkbox, Empty, Pagination, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import type { WorkCard } from '@shared/contract/common';
import type { CandidateSource } from '@shared/contract/showrooms';
import { LoadError } from '../../../components/load-state';
import { useCandidateWorks } from '../api/showrooms';

const SOURCES: { key: CandidateSource; label: string; empty: string }[] = [
  { key: 'collected', label: '我的收藏', empty: '收藏夹里还没有已发布的作品' },
  { key: 'licensed', label: '已授权作品', empty: '还没有已购买授权的作品' },
  { key: 'mine', label: '我的作品', empty: '还没有已发布的作品' },
];
const PAGE_SIZE = 12;

type Props = {
  /** Chosen works, in the order they were chosen. */
  chosen: WorkCard[];
  onChange: (chosen: WorkCard[]) => void;
  /** Works already in the hall: shown checked and disabled. */
  present?: ReadonlySet<number>;
};

/** Picks works from 我的收藏, works I licensed, and my own works. */
export function WorkPicker({ chosen, onChange, present = new Set() }: Props) {
  const [source, setSource] = useState<CandidateSource>('collected');
  const [page, setPage] = useState(1);
  const works = useCandidateWorks(source, page, PAGE_SIZE);
  const chosenIds = new Set(chosen.map((w) => w.id));
  const toggle = (work: WorkCard) =>
    onChange(chosenIds.has(work.id) ? chosen.filter((w) => w.id !== work.id) : [...chosen, work]);
  const empty = SOURCES.find((s) => s.key === source)?.empty ?? '';
  return (
    <div className="work-picker">
      <Tabs
        activeKey={source}
        onChange={(key) => {
          setSource(key as CandidateSource);
          setPage(1);
        }}
        items={SOURCES.map((s) => ({ key: s.key, label: s.label }))}
      />
      {works.isPending ? <Skeleton active /> : null}
      {works.error ? <LoadError title="作品加载失败" error={works.error} /> : null}
      {works.data && works.data.list.length === 0 ? <Empty description={empty} /> : null}
      <div className="work-picker__grid">
        {works.data?.list.map((w) => {
          const inHall = present.has(w.id);
          return (
            <div key={w.id} className="work-picker__item" data-testid="candidate-work">
              <img src={w.thumbUrl} alt="" loading="lazy" onClick={() => !inHall && toggle(w)} />
              <Checkbox
                checked={inHall || chosenIds.has(w.id)}
                disabled={inHall}
                onChange={() => toggle(w)}
              >
                {w.title}
              </Checkbox>
              {inHall ? <span className="work-picker__note">已在展厅</span> : null}
            </div>
          );
        })}
      </div>
      {works.data && works.data.total > PAGE_SIZE ? (
        <Pagination
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={works.data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
      <div className="work-picker__count">已选 {chosen.length} 件</div>
    </div>
  );
}
