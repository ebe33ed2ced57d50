import { fireEvent } from '@testing-library/react';
import type { ImageSearchHit, ImageSearchResult, SearchImage } from '@shared/contract/image-search';

// Answers of the image-search calls, and dropped or pasted files, for the image-search tests.

export const QUERY_IMAGE: SearchImage = {
  name: 'flower.jpg',
  url: '/files/private/search/2024-05-01/abc.jpg?sig=1',
  copyUrl: '/files/private/search/2024-05-01/abc.jpg?sig=24h',
  width: 800,
  height: 600,
};

export function imageHit(
  id: number,
  match: ImageSearchHit['match'],
  extra: Partial<ImageSearchHit> = {},
): ImageSearchHit {
  return {
    id,
    title: `作品${id}`,
    thumbUrl: `/files/public/t${id}.webp`,
    previewUrl: `/files/public/p${id}.webp`,
    width: 400,
    height: 400,
    designerId: 3,
    designerName: '青禾设计',
    categoryKid: 101,
    categoryTitle: '女装',
    headerType: 3,
    style: 'floral',
    isSeamless: false,
    tags: [],
    colors: [],
    favouriteCount: 0,
    viewCount: 0,
    saleCount: 0,
    priceFen: 99_000,
    score: match === 'same' ? 0.98 : 0.7,
    match,
    exact: false,
    ...extra,
  };
}

export function imageResult({
  same = [],
  similar = [],
  total,
  sameTotal,
  pending = 0,
  query = QUERY_IMAGE,
}: {
  same?: ImageSearchHit[];
  similar?: ImageSearchHit[];
  total?: number;
  sameTotal?: number;
  pending?: number;
  query?: SearchImage;
}): ImageSearchResult {
  return {
    query,
    same,
    similar,
    total: total ?? same.length + similar.length,
    sameTotal: sameTotal ?? same.length,
    index: { indexed: 320, pending },
  };
}

/** A file of `size` bytes: 16 zero bytes, claiming a larger size when asked (jsdom copies bytes slowly). */
export function imageFile(name: string, size = 16, type = 'image/jpeg'): File {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  if (size > 16) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Base64 of a file made by imageFile with the default 16 zero bytes. */
export const SIXTEEN_ZERO_BYTES_BASE64 = 'AAAAAAAAAAAAAAAAAAAAAA==';

export function dropFiles(target: Element, files: File[]): void {
  fireEvent.dragOver(target, { dataTransfer: { files, types: ['Files'] } });
  fireEvent.drop(target, { dataTransfer: { files, types: ['Files'] } });
}

export function pasteFiles(target: Element | Document, files: File[]): void {
  fireEvent.paste(target, { clipboardData: { files, types: ['Files'], getData: () => '' } });
}
