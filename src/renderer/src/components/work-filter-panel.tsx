import { CheckOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import type { CategoryNode, WorkStyle } from '@shared/contract/works';
import { WORK_STYLES, WORK_STYLE_TITLES } from '@shared/contract/works';
import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import type { ColourSwatchKey } from '@shared/rules/colour-swatch';
import './work-filter-panel.css';

// The work filters (category tree, colour swatch, style, seamless, sort) as one panel: /work writes
// them to its URL, word search to its own; each page owns its state and its sort options.

export type WorkFilterValues = {
  kid?: number | undefined;
  color?: ColourSwatchKey | undefined;
  style?: WorkStyle | undefined;
  seamless?: boolean | undefined;
};

type ChipProps = { active: boolean; onClick: () => void; children: ReactNode };

function Chip({ active, onClick, children }: ChipProps) {
  return (
    <button
      type="button"
      className={active ? 'filter-chip filter-chip--active' : 'filter-chip'}
      aria-pressed={active}
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

type WorkFilterPanelProps<Sort extends string> = {
  /** The panel's accessible name. */
  label: string;
  /** Undefined while loading: the category row shows 全部 alone until they arrive. */
  categories: readonly CategoryNode[] | undefined;
  values: WorkFilterValues;
  onChange: (patch: WorkFilterValues) => void;
  sort: Sort;
  sortOptions: readonly { value: Sort; label: string }[];
  onSort: (sort: Sort) => void;
};

/** Category (a parent includes its children), colour, style, seamless and sort. */
export function WorkFilterPanel<Sort extends string>({
  label,
  categories,
  values,
  onChange,
  sort,
  sortOptions,
  onSort,
}: WorkFilterPanelProps<Sort>) {
  const parent =
    categories?.find((c) => c.kid === values.kid) ??
    categories?.find((c) => c.children.some((child) => child.kid === values.kid));
  return (
    <section className="work-filter-bar" aria-label={label}>
      <Row label="品类">
        <Chip active={values.kid === undefined} onClick={() => onChange({ kid: undefined })}>
          全部
        </Chip>
        {/* While the categories load the row stands with 全部 alone: the rows below do not move. */}
        {categories?.map((c) => (
          <Chip key={c.kid} active={parent?.kid === c.kid} onClick={() => onChange({ kid: c.kid })}>
            {c.title}
          </Chip>
        ))}
      </Row>
      {parent && parent.children.length > 0 ? (
        <Row label={parent.title}>
          <Chip active={values.kid === parent.kid} onClick={() => onChange({ kid: parent.kid })}>
            不限
          </Chip>
          {parent.children.map((c) => (
            <Chip
              key={c.kid}
              active={values.kid === c.kid}
              onClick={() => onChange({ kid: c.kid })}
            >
              {c.title}
            </Chip>
          ))}
        </Row>
      ) : null}
      <Row label="颜色">
        <Chip active={values.color === undefined} onClick={() => onChange({ color: undefined })}>
          全部
        </Chip>
        {COLOUR_SWATCHES.map((s) => (
          <button
            key={s.key}
            type="button"
            className={values.color === s.key ? 'swatch swatch--active' : 'swatch'}
            aria-pressed={values.color === s.key}
            title={s.name}
            onClick={() => onChange({ color: values.color === s.key ? undefined : s.key })}
          >
            <span className="swatch__dot" style={{ background: s.hex }}>
              {values.color === s.key ? <CheckOutlined /> : null}
            </span>
            <span className="swatch__name">{s.name}</span>
          </button>
        ))}
      </Row>
      <Row label="风格">
        <Chip active={values.style === undefined} onClick={() => onChange({ style: undefined })}>
          全部
        </Chip>
        {WORK_STYLES.map((style) => (
          <Chip key={style} active={values.style === style} onClick={() => onChange({ style })}>
            {WORK_STYLE_TITLES[style]}
          </Chip>
        ))}
      </Row>
      <Row label="拼接">
        <Chip
          active={values.seamless === undefined}
          onClick={() => onChange({ seamless: undefined })}
        >
          全部
        </Chip>
        <Chip active={values.seamless === true} onClick={() => onChange({ seamless: true })}>
          四方连续
        </Chip>
        <Chip active={values.seamless === false} onClick={() => onChange({ seamless: false })}>
          定位花
        </Chip>
      </Row>
      <Row label="排序">
        <Segmented<Sort> value={sort} onChange={onSort} options={[...sortOptions]} />
      </Row>
    </section>
  );
}
