import { CheckOutlined } from '@ant-design/icons';
import { Segmented, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { CategoryNode, WorkSort } from '@shared/contract/works';
import {
  WORK_SORTS,
  WORK_SORT_TITLES,
  WORK_STYLES,
  WORK_STYLE_TITLES,
} from '@shared/contract/works';
import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import { useWordSearchParams } from '../hooks/use-word-search-params';

/** Relevance: where the words occur (title, tags, designer, category), then popularity. */
const RELEVANCE = 'relevance';
const SORT_OPTIONS: { value: WorkSort | typeof RELEVANCE; label: string }[] = [
  { value: RELEVANCE, label: '综合' },
  ...WORK_SORTS.map((s) => ({ value: s, label: WORK_SORT_TITLES[s] })),
];

type ChipProps = { active: boolean; onClick: () => void; children: ReactNode };

function Chip({ active, onClick, children }: ChipProps) {
  return (
    <button
      type="button"
      className={active ? 'word-filter__chip word-filter__chip--active' : 'word-filter__chip'}
      aria-pressed={active}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="word-filter__row" role="group" aria-label={label}>
      <span className="word-filter__label">{label}</span>
      <div className="word-filter__options">{children}</div>
    </div>
  );
}

type WordSearchFiltersProps = { categories: readonly CategoryNode[] | undefined };

/** The /work filters over the results (same URL names: kid, color, style, seamless, sort). */
export function WordSearchFilters({ categories }: WordSearchFiltersProps) {
  const [state, update] = useWordSearchParams();
  const parent =
    categories?.find((c) => c.kid === state.kid) ??
    categories?.find((c) => c.children.some((child) => child.kid === state.kid));
  return (
    <section className="word-filter" aria-label="筛选搜索结果">
      {categories ? (
        <Row label="品类">
          <Chip active={state.kid === undefined} onClick={() => update({ kid: undefined })}>
            全部
          </Chip>
          {categories.map((c) => (
            <Chip key={c.kid} active={parent?.kid === c.kid} onClick={() => update({ kid: c.kid })}>
              {c.title}
            </Chip>
          ))}
        </Row>
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      )}
      {parent && parent.children.length > 0 ? (
        <Row label={parent.title}>
          <Chip active={state.kid === parent.kid} onClick={() => update({ kid: parent.kid })}>
            不限
          </Chip>
          {parent.children.map((c) => (
            <Chip key={c.kid} active={state.kid === c.kid} onClick={() => update({ kid: c.kid })}>
              {c.title}
            </Chip>
          ))}
        </Row>
      ) : null}
      <Row label="颜色">
        <Chip active={state.color === undefined} onClick={() => update({ color: undefined })}>
          全部
        </Chip>
        {COLOUR_SWATCHES.map((s) => (
          <button
            key={s.key}
            type="button"
            className={
              state.color === s.key ? 'word-filter__swatch is-active' : 'word-filter__swatch'
            }
            aria-pressed={state.color === s.key}
            title={s.name}
            onClick={() => update({ color: state.color === s.key ? undefined : s.key })}
          >
            <span className="word-filter__dot" style={{ background: s.hex }}>
              {state.color === s.key ? <CheckOutlined /> : null}
            </span>
            <span>{s.name}</span>
          </button>
        ))}
      </Row>
      <Row label="风格">
        <Chip active={state.style === undefined} onClick={() => update({ style: undefined })}>
          全部
        </Chip>
        {WORK_STYLES.map((style) => (
          <Chip key={style} active={state.style === style} onClick={() => update({ style })}>
            {WORK_STYLE_TITLES[style]}
          </Chip>
        ))}
      </Row>
      <Row label="拼接">
        <Chip active={state.seamless === undefined} onClick={() => update({ seamless: undefined })}>
          全部
        </Chip>
        <Chip active={state.seamless === true} onClick={() => update({ seamless: true })}>
          四方连续
        </Chip>
        <Chip active={state.seamless === false} onClick={() => update({ seamless: false })}>
          定位花
        </Chip>
      </Row>
      <Row label="排序">
        <Segmented<WorkSort | typeof RELEVANCE>
          value={state.sort ?? RELEVANCE}
          onChange={(sort) => update({ sort: sort === RELEVANCE ? undefined : sort })}
          options={SORT_OPTIONS}
        />
      </Row>
    </section>
  );
}
