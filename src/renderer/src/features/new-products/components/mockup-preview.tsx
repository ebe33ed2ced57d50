import { useId } from 'react';
import { NEW_PRODUCT_VIEWBOX } from '@shared/contract/new-products';
import type { NewProductSettings, NewProductTemplate } from '@shared/contract/new-products';

type Props = {
  template: NewProductTemplate;
  settings: NewProductSettings;
  /** The pattern's picture and its size; null shows the bare product. */
  pattern: { url: string; width: number; height: number } | null;
};

const SIDE = NEW_PRODUCT_VIEWBOX;

/**
 * The live preview of a 新品, drawn by the browser as the server will render it: the pattern as an
 * SVG pattern of one repeat (scale % of the width), shifted by the offset and turned about the
 * centre, filling the product's outline, with its underlay, a soft shade and its seams.
 */
export function MockupPreview({ template, settings, pattern }: Props) {
  const id = useId().replace(/:/g, '');
  const tileW = (SIDE * settings.scale) / 100;
  const tileH = pattern ? (tileW * pattern.height) / Math.max(1, pattern.width) : tileW;
  const dx = (-settings.offsetX / 100) * tileW;
  const dy = (-settings.offsetY / 100) * tileH;
  return (
    <svg
      className="np-preview"
      viewBox={`0 0 ${SIDE} ${SIDE}`}
      role="img"
      aria-label={`${template.title}效果预览`}
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor={template.backdrop} />
        </linearGradient>
        <radialGradient id={`${id}-shade`} cx="0.38" cy="0.3" r="0.85">
          <stop offset="0" stopColor="#000" stopOpacity="0" />
          <stop offset="1" stopColor="#000" stopOpacity="0.25" />
        </radialGradient>
        {pattern ? (
          <pattern
            id={`${id}-pat`}
            patternUnits="userSpaceOnUse"
            width={tileW}
            height={tileH}
            patternTransform={`rotate(${settings.rotation} ${SIDE / 2} ${SIDE / 2}) translate(${dx} ${dy})`}
          >
            <image href={pattern.url} width={tileW} height={tileH} preserveAspectRatio="none" />
          </pattern>
        ) : null}
      </defs>
      <rect width={SIDE} height={SIDE} fill={`url(#${id}-bg)`} />
      {template.underlay.map((s, i) => (
        <path key={i} d={s.d} fill={s.fill} stroke={s.stroke} strokeWidth={s.width} />
      ))}
      <path
        d={template.shape}
        fillRule="evenodd"
        fill={pattern ? `url(#${id}-pat)` : '#f4f1ec'}
        stroke="rgba(0,0,0,0.15)"
        strokeWidth={2}
      />
      <path d={template.shape} fillRule="evenodd" fill={`url(#${id}-shade)`} />
      {template.details.map((s, i) => (
        <path
          key={i}
          d={s.d}
          fill={s.fill}
          stroke={s.stroke}
          strokeWidth={s.width}
          strokeLinecap="round"
        />
      ))}
    </svg>
  );
}
