import { Avatar } from 'antd';
import { serverUrl } from '../lib/platform';
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

type CoverMosaicProps = { covers: readonly string[]; count?: number; alt: string };

/** A row of small thumbnails (empty slots keep the row's shape). */
export function CoverMosaic({ covers, count = 4, alt }: CoverMosaicProps) {
  return (
    <div className="cover-mosaic" style={{ gridTemplateColumns: `repeat(${count}, 1fr)` }}>
      {Array.from({ length: count }, (_, i) => {
        const url = covers[i];
        return url ? (
          <img key={i} src={serverUrl(url)} alt={`${alt} ${i + 1}`} loading="lazy" />
        ) : (
          <span key={i} />
        );
      })}
    </div>
  );
}
