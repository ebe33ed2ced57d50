import {
  DoubleLeftOutlined,
  DoubleRightOutlined,
  LeftOutlined,
  RightOutlined,
} from '@ant-design/icons';
import './grid-pager.css';

// The pager under work grids (GridPager in work-grid.tsx): the look and the page numbers of antd's
// Pagination (zh_CN, no size changer), without it: antd's Pagination imports Select (its size
// changer) and with it rc-select and the virtual list, which every list page paid for before its
// first paint (docs/fast-pages.md).

/** antd Pagination's item buffer either side of the current page (showLessItems off). */
const BUFFER = 2;
/** How far the ••• jumpers move. */
const JUMP = 5;

/** One slot of the pager: a page number, or a jumper that moves five pages. */
export type PagerSlot =
  | { kind: 'page'; page: number }
  | { kind: 'jump-prev'; page: number }
  | { kind: 'jump-next'; page: number };

/** The slots antd's Pagination shows for `current` of `pages` (rc-pagination's rules). */
export function pagerSlots(current: number, pages: number): PagerSlot[] {
  if (pages <= 3 + BUFFER * 2) {
    return Array.from({ length: Math.max(pages, 1) }, (_, i) => ({ kind: 'page', page: i + 1 }));
  }
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pages);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pages - current <= BUFFER) left = pages - BUFFER * 2;
  const jumpPrev = current - 1 >= BUFFER * 2 && current !== 1 + 2;
  const jumpNext = pages - current >= BUFFER * 2 && current !== pages - 2;
  if (jumpPrev && right !== pages) left += 1;
  if (jumpNext && left !== 1) right -= 1;
  const slots: PagerSlot[] = [];
  for (let page = left; page <= right; page += 1) slots.push({ kind: 'page', page });
  if (jumpPrev) slots.unshift({ kind: 'jump-prev', page: Math.max(1, current - JUMP) });
  if (jumpNext) slots.push({ kind: 'jump-next', page: Math.min(pages, current + JUMP) });
  if (left !== 1) slots.unshift({ kind: 'page', page: 1 });
  if (right !== pages) slots.push({ kind: 'page', page: pages });
  return slots;
}

type PagerProps = {
  current: number;
  pageSize: number;
  total: number;
  /** The text before the pages, e.g. 共 120 件作品. */
  totalText?: string;
  onChange: (page: number) => void;
};

/** Pages of a list: 上一页, the numbers (with ••• jumpers on long lists), 下一页. */
export function Pager({ current, pageSize, total, totalText, onChange }: PagerProps) {
  const pages = Math.max(0, Math.ceil(total / pageSize));
  const go = (page: number) => {
    const next = Math.min(Math.max(page, 1), Math.max(pages, 1));
    if (next !== current) onChange(next);
  };
  const hasPrev = current > 1;
  const hasNext = current < pages;
  return (
    <nav className="wy-pager" aria-label="分页">
      <ul className="wy-pager__list">
        {totalText ? <li className="wy-pager__total">{totalText}</li> : null}
        <li title="上一页" className="wy-pager__step">
          <button
            type="button"
            className="wy-pager__button"
            aria-label="上一页"
            disabled={!hasPrev}
            onClick={() => go(current - 1)}
          >
            <LeftOutlined aria-hidden="true" />
          </button>
        </li>
        {pagerSlots(current, pages).map((slot) =>
          slot.kind === 'page' ? (
            <li key={slot.page} title={String(slot.page)} className="wy-pager__item">
              <button
                type="button"
                className={`wy-pager__button wy-pager__page${slot.page === current ? ' wy-pager__page--active' : ''}`}
                aria-current={slot.page === current ? 'page' : undefined}
                disabled={pages === 0}
                onClick={() => go(slot.page)}
              >
                {slot.page}
              </button>
            </li>
          ) : (
            <li
              key={slot.kind}
              title={slot.kind === 'jump-prev' ? '向前 5 页' : '向后 5 页'}
              className="wy-pager__item"
            >
              <button
                type="button"
                className="wy-pager__button wy-pager__jump"
                aria-label={slot.kind === 'jump-prev' ? '向前 5 页' : '向后 5 页'}
                onClick={() => go(slot.page)}
              >
                <span className="wy-pager__ellipsis" aria-hidden="true">
                  •••
                </span>
                <span className="wy-pager__jump-icon" aria-hidden="true">
                  {slot.kind === 'jump-prev' ? <DoubleLeftOutlined /> : <DoubleRightOutlined />}
                </span>
              </button>
            </li>
          ),
        )}
        <li title="下一页" className="wy-pager__step">
          <button
            type="button"
            className="wy-pager__button"
            aria-label="下一页"
            disabled={!hasNext}
            onClick={() => go(current + 1)}
          >
            <RightOutlined aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
