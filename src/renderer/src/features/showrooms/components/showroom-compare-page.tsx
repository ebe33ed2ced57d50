import { Checkbox, Empty } from 'antd';
import { useState } from 'react';
import type { ShowroomDetail } from '@shared/contract/showrooms';
import { COMPARE_MAX, COMPARE_MIN } from '@shared/contract/showrooms';
import { formatYuan } from '@shared/rules/money';
import { HallFrame } from './hall-frame';

function Compare({ hall }: { hall: ShowroomDetail }) {
  const [picked, setPicked] = useState<number[]>(() =>
    hall.works.slice(0, COMPARE_MIN).map((w) => w.id),
  );
  if (hall.works.length < COMPARE_MIN) {
    return <Empty description={`展厅里至少要有 ${COMPARE_MIN} 件作品才能对比，请先添加作品。`} />;
  }
  const chosen = picked
    .map((id) => hall.works.find((w) => w.id === id))
    .filter((w) => w !== undefined);
  const toggle = (id: number) =>
    setPicked((now) =>
      now.includes(id)
        ? now.filter((x) => x !== id)
        : now.length >= COMPARE_MAX
          ? now
          : [...now, id],
    );
  const rows: [string, (w: (typeof chosen)[number]) => React.ReactNode][] = [
    ['设计师', (w) => w.designerName],
    ['授权价', (w) => `${formatYuan(w.priceFen)} 起`],
    ['品类', (w) => w.categoryTitle],
    ['尺寸', (w) => `${w.width} × ${w.height} px`],
    ['四方连续', (w) => (w.isSeamless ? '是' : '否')],
    ['标签', (w) => (w.tags.length ? w.tags.join('、') : '无')],
    [
      '配色',
      (w) => (
        <span className="showroom-colours">
          {w.colors.map((c) => (
            <span key={c} className="showroom-swatch" style={{ background: c }} title={c} />
          ))}
        </span>
      ),
    ],
  ];
  return (
    <>
      <p className="showrooms__hint">
        选择 {COMPARE_MIN}–{COMPARE_MAX} 件作品并排对比（已选 {chosen.length} 件）：
      </p>
      <div className="showroom-compare__pick">
        {hall.works.map((w) => (
          <Checkbox
            key={w.id}
            checked={picked.includes(w.id)}
            disabled={!picked.includes(w.id) && picked.length >= COMPARE_MAX}
            onChange={() => toggle(w.id)}
          >
            {w.title}
          </Checkbox>
        ))}
      </div>
      {chosen.length < COMPARE_MIN ? (
        <Empty description={`请至少选择 ${COMPARE_MIN} 件作品`} />
      ) : (
        <table className="showroom-compare" data-testid="compare-table">
          <thead>
            <tr>
              <th />
              {chosen.map((w) => (
                <th key={w.id}>
                  <img src={w.previewUrl || w.thumbUrl} alt={w.title} />
                  <div>{w.title}</div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, cell]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {chosen.map((w) => (
                  <td key={w.id}>{cell(w)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** /user/myShowRoom/compare 作品对比: 2–4 works of a hall side by side. */
export function ShowroomComparePage({ id }: { id: number }) {
  return (
    <HallFrame id={id} page="compare" title="作品对比">
      {(hall) => <Compare hall={hall} />}
    </HallFrame>
  );
}
