import type { CallResponse } from '@shared/contract/define';
import type { EditableWork, getChannelsEdit } from '@shared/contract/publishing';

/** What GetChannelsEdit answers in the component tests. */
export const FORM_OPTIONS: CallResponse<typeof getChannelsEdit> = {
  categories: [
    {
      kid: 100,
      title: '服装面料',
      keys3: '',
      keys4: '',
      children: [{ kid: 101, title: '女装', keys3: '', keys4: '', children: [] }],
    },
  ],
  styles: [
    { key: 'floral', title: '花卉' },
    { key: 'geometric', title: '几何' },
  ],
  headerTypes: [
    {
      value: 3,
      title: '品类独家',
      description: '按品类独家授权',
      defaultPriceFen: 19_900,
      licences: [
        { kind: 'category_exclusive', title: '品类独家授权', priceFen: 19_900, scope: '' },
        { kind: 'commercial', title: '非独家商用授权', priceFen: 8_000, scope: '非独家商用' },
      ],
    },
    {
      value: 4,
      title: '素材',
      description: '非独家素材',
      defaultPriceFen: 2_900,
      licences: [
        { kind: 'material', title: '素材授权', priceFen: 2_900, scope: '' },
        { kind: 'commercial', title: '扩展商用授权', priceFen: 8_700, scope: '扩展商用' },
      ],
    },
  ],
  series: [],
  classifications: [],
};

/** A complete draft (id 7) as GetDetailByEdit answers it. */
export const DRAFT: EditableWork = {
  id: 7,
  status: 'draft',
  statusTitle: '草稿',
  fileKey: 'private/uploads/1/ab/abc.png',
  thumbUrl: '/files/private/thumbs/x.webp?expires=1&sig=x',
  imageUrl: '/files/private/uploads/1/ab/abc.png?expires=1&sig=x',
  width: 800,
  height: 800,
  title: '青花缠枝莲',
  description: '',
  categoryKid: 101,
  style: 'floral',
  headerType: 3,
  tags: ['花卉'],
  colors: ['#1e63d6'],
  isSeamless: true,
  priceFen: 29_900,
  commercialPriceFen: 12_000,
  licences: [],
  seriesId: null,
  classifyIds: [],
  rejectReason: '',
  editable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
