import { Avatar } from 'antd';
import { serverUrl } from '../lib/platform';
import { ResponsiveImage } from './responsive-image';
import './catalogue.css';

type AvatarInitialProps = { name: string; src?: string; size?: number };

/** A user's picture, or the first character of their name on the product's blue. */
export function AvatarInitial({ name, src, size = 48 }: AvatarInitialProps) {
  return src ? (
    <Avatar size={size} src={serverUrl(src)} alt={name} />
  ) : (
    <Avatar size={size} className="avatar-initial">
      {name.slice(0, 1)}
    </Avatar>
  );
}

/** A mosaic cell is a quarter of a card or showcase: 100–170 px. */
const MOSAIC_WIDTHS = [160, 240, 320] as const;
const MOSAIC_SIZES = 'min(calc((100vw - 160px) / 8), 170px)';

type CoverMosaicProps = { covers: readonly string[]; count?: number; alt: string };

/** A row of small thumbnails (empty slots keep the row's shape). */
export function CoverMosaic({ covers, count = 4, alt }: CoverMosaicProps) {
  return (
    <div className="cover-mosaic" style={{ gridTemplateColumns: `repeat(${count}, 1fr)` }}>
      {Array.from({ length: count }, (_, i) => {
        const url = covers[i];
        return url ? (
          <ResponsiveImage
            key={i}
            src={url}
            alt={`${alt} ${i + 1}`}
            width={1}
            height={1}
            widths={MOSAIC_WIDTHS}
            sizes={MOSAIC_SIZES}
          />
        ) : (
          <span key={i} />
        );
      })}
    </div>
  );
}
