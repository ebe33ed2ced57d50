import type { EditableWork } from '@shared/contract/publishing';
import type { PerfectInput } from '../api/perfect-creation-pic';

/** What the publish form edits; prices in yuan as people type them, sent in fen. */
export type WorkFormValues = {
  title: string;
  description: string;
  categoryKid: number | null;
  style: string;
  headerType: 3 | 4;
  tags: string[];
  colors: string[];
  isSeamless: boolean;
  priceYuan: number | null;
  commercialPriceYuan: number | null;
  seriesId: number | null;
  classifyIds: number[];
};

export const EMPTY_WORK_FORM: WorkFormValues = {
  title: '',
  description: '',
  categoryKid: null,
  style: '',
  headerType: 3,
  tags: [],
  colors: [],
  isSeamless: true,
  priceYuan: null,
  commercialPriceYuan: null,
  seriesId: null,
  classifyIds: [],
};

export const yuanToFen = (yuan: number | null): number | undefined =>
  yuan === null || Number.isNaN(yuan) ? undefined : Math.round(yuan * 100);
export const fenToYuan = (fen: number): number => fen / 100;

/** The server's draft as form values; the placeholder title shows as empty. */
export function formValuesOf(work: EditableWork): WorkFormValues {
  return {
    title: work.title === '未命名作品' ? '' : work.title,
    description: work.description,
    categoryKid: work.categoryKid,
    style: work.style,
    headerType: work.headerType === 4 ? 4 : 3,
    tags: work.tags,
    colors: work.colors,
    isSeamless: work.isSeamless,
    priceYuan: fenToYuan(work.priceFen),
    commercialPriceYuan: fenToYuan(work.commercialPriceFen),
    seriesId: work.seriesId,
    classifyIds: work.classifyIds,
  };
}

/** Form values as a PerfectCreationPic edit: empty choices are left out, so they stay unset. */
export function perfectInputOf(
  values: Partial<WorkFormValues>,
): Omit<PerfectInput, 'id' | 'fileKey'> {
  const price = yuanToFen(values.priceYuan ?? null);
  const commercial = yuanToFen(values.commercialPriceYuan ?? null);
  return {
    ...(values.title !== undefined ? { title: values.title.trim() } : {}),
    ...(values.description !== undefined ? { description: values.description } : {}),
    ...(values.categoryKid ? { categoryKid: values.categoryKid } : {}),
    ...(values.style !== undefined ? { style: values.style } : {}),
    ...(values.headerType !== undefined ? { headerType: values.headerType } : {}),
    ...(values.tags !== undefined
      ? { tags: values.tags.map((t) => t.trim()).filter(Boolean) }
      : {}),
    // No colours means "not chosen": the server keeps (or extracts) the picture's own.
    ...(values.colors !== undefined && values.colors.length > 0 ? { colors: values.colors } : {}),
    ...(values.isSeamless !== undefined ? { isSeamless: values.isSeamless } : {}),
    ...(price !== undefined ? { priceFen: price } : {}),
    ...(commercial !== undefined ? { commercialPriceFen: commercial } : {}),
    ...(values.seriesId !== undefined ? { seriesId: values.seriesId } : {}),
    ...(values.classifyIds !== undefined ? { classifyIds: values.classifyIds } : {}),
  };
}

/** The file name without its extension: a first title for a work made of it. */
export const titleFromFileName = (name: string): string =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, 50);
