import { CheckOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import type { CategoryNode, WorkSort } from '@shared/contract/works';
import {
  WORK_SORTS,
  WORK_SORT_TITLES,
  WORK_STYLES,
  WORK_STYLE_TITLES,
} from '@shared/contract/works';
import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import { useWorkFilters } from '../hooks/use-work-filters';
import './works.css';

type ChipProps = { active: boolean; onClick: () => void; children: ReactNode; label?: string };

function Chip({ active, onClick, children, label }: ChipProps) {
  return (
    <button
      type="button"
      className={active ? 'filter-chip filter-chip--active' : 'filter-chip'}
      aria-pressed={active}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="filter-row" role="group" aria-label={label}>
      <span className="filter-row__label">{label}</span>
      <div className="filter-row__options">{children}</div>
    </div>
  );
}

type WorkFilterBarProps = { categories: readonly CategoryNode[] };

/**
 * The /work filters: category tree (a parent includes its children), colour swatch, style, seamless
 * and sort. Every choice is written to the URL, so a copied link shows the same view.
 */
export function WorkFilterBar({ categories }: WorkFilterBarProps) {
  const [filters, update] = useWorkFilters();
  const parent =
    categories.find((c) => c.kid === filters.kid) ??
    categories.find((c) => c.children.some((child) => child.kid === filters.kid));
  return (
    <section className="work-filter-bar" aria-label="作品筛选">
      <Row label="品类">
        <Chip active={filters.kid === undefined} onClick={() => update({ kid: undefined })}>
          全部
        </Chip>
        {categories.map((c) => (
          <Chip key={c.kid} active={parent?.kid === c.kid} onClick={() => update({ kid: c.kid })}>
            {c.title}
          </Chip>
        ))}
      </Row>
      {parent && parent.children.length > 0 ? (
        <Row label={parent.title}>
          <Chip active={filters.kid === parent.kid} onClick={() => update({ kid: parent.kid })}>
            不限
          </Chip>
          {parent.children.map((c) => (
            <Chip key={c.kid} active={filters.kid === c.kid} onClick={() => update({ kid: c.kid })}>
              {c.title}
            </Chip>
          ))}
        </Row>
      ) : null}
      <Row label="颜色">
        <Chip active={filters.color === undefined} onClick={() => update({ color: undefined })}>
          全部
        </Chip>
        {COLOUR_SWATCHES.map((s) => (
          <button
            key={s.key}
            type="button"
            className={filters.color === s.key ? 'swatch swatch--active' : 'swatch'}
            aria-pressed={filters.color === s.key}
            title={s.name}
            onClick={() => update({ color: filters.color === s.key ? undefined : s.key })}
          >
            <span className="swatch__dot" style={{ background: s.hex }}>
              {filters.color === s.key ? <CheckOutlined /> : null}
            </span>
            <span className="swatch__name">{s.name}</span>
          </button>
        ))}
      </Row>
      <Row label="风格">
        <Chip active={filters.style === undefined} onClick={() => update({ style: undefined })}>
          全部
        </Chip>
        {WORK_STYLES.map((style) => (
          <Chip key={style} active={filters.style === style} onClick={() => update({ style })}>
            {WORK_STYLE_TITLES[style]}
          </Chip>
        ))}
      </Row>
      <Row label="拼接">
        <Chip
          active={filters.seamless === undefined}
          onClick={() => update({ seamless: undefined })}
        >
          全部
        </Chip>
        <Chip active={filters.seamless === true} onClick={() => update({ seamless: true })}>
          四方连续
        </Chip>
        <Chip active={filters.seamless === false} onClick={() => update({ seamless: false })}>
          定位花
        </Chip>
      </Row>
      <Row label="排序">
        <Segmented<WorkSort>
          value={filters.sort}
          onChange={(sort) => update({ sort })}
          options={WORK_SORTS.map((s) => ({ value: s, label: WORK_SORT_TITLES[s] }))}
        />
      </Row>
    </section>
  );
}
