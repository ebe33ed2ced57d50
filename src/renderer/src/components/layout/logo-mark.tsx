import { THEME_COLORS } from '@shared/constants';

type LogoMarkProps = {
  /** Edge length in px; the mark is square. */
  size?: number;
  className?: string;
};

/** §2 The inline logo mark: a four-petal repeat motif, the tile a pattern designer starts from. */
export function LogoMark({ size = 32, className }: LogoMarkProps) {
  const blue = THEME_COLORS.primary;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="1" y="1" width="30" height="30" rx="7" fill="none" stroke={blue} strokeWidth="2" />
      {/* The same petal rotated four times: a motif that tiles seamlessly. */}
      {[0, 90, 180, 270].map((angle) => (
        <path
          key={angle}
          d="M16 16 C 12 12, 12 7, 16 5 C 20 7, 20 12, 16 16 Z"
          fill={blue}
          fillOpacity={angle % 180 === 0 ? 1 : 0.55}
          transform={`rotate(${angle} 16 16)`}
        />
      ))}
      {[
        [6, 6],
        [26, 6],
        [6, 26],
        [26, 26],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="2" fill={blue} />
      ))}
      <circle cx="16" cy="16" r="2.2" fill="#fff" />
    </svg>
  );
}
