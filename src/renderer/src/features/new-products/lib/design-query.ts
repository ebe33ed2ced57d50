import {
  NEW_PRODUCT_OFFSET_MAX,
  NEW_PRODUCT_OFFSET_MIN,
  NEW_PRODUCT_ROTATION_MAX,
  NEW_PRODUCT_ROTATION_MIN,
  NEW_PRODUCT_SCALE_DEFAULT,
  NEW_PRODUCT_SCALE_MAX,
  NEW_PRODUCT_SCALE_MIN,
  NEW_PRODUCT_TEMPLATE_IDS,
} from '@shared/contract/new-products';
import type { NewProductSettings } from '@shared/contract/new-products';

// The address of 新品生成 carries its choices (/design/index?workId=…&template=…&scale=…), so a work
// page links to it and 再次生成 reopens a 新品's settings.

export type DesignChoice = {
  workId: number | null;
  fileKey: string | null;
  settings: NewProductSettings;
};

export const DEFAULT_SETTINGS: NewProductSettings = {
  templateId: NEW_PRODUCT_TEMPLATE_IDS[0],
  scale: NEW_PRODUCT_SCALE_DEFAULT,
  rotation: 0,
  offsetX: 0,
  offsetY: 0,
};

const intIn = (raw: string | null, min: number, max: number, fallback: number): number => {
  if (raw === null || !/^-?\d{1,4}$/.test(raw)) return fallback;
  const n = Number(raw);
  return n < min || n > max ? fallback : n;
};

export function parseDesignQuery(params: URLSearchParams): DesignChoice {
  const workId = intIn(params.get('workId'), 1, Number.MAX_SAFE_INTEGER, 0);
  const fileKey = params.get('fileKey');
  const template = params.get('template') ?? '';
  return {
    workId: workId > 0 ? workId : null,
    fileKey: fileKey && fileKey.startsWith('private/uploads/') ? fileKey : null,
    settings: {
      templateId: (NEW_PRODUCT_TEMPLATE_IDS as readonly string[]).includes(template)
        ? template
        : DEFAULT_SETTINGS.templateId,
      scale: intIn(
        params.get('scale'),
        NEW_PRODUCT_SCALE_MIN,
        NEW_PRODUCT_SCALE_MAX,
        DEFAULT_SETTINGS.scale,
      ),
      rotation: intIn(
        params.get('rotation'),
        NEW_PRODUCT_ROTATION_MIN,
        NEW_PRODUCT_ROTATION_MAX,
        0,
      ),
      offsetX: intIn(params.get('offsetX'), NEW_PRODUCT_OFFSET_MIN, NEW_PRODUCT_OFFSET_MAX, 0),
      offsetY: intIn(params.get('offsetY'), NEW_PRODUCT_OFFSET_MIN, NEW_PRODUCT_OFFSET_MAX, 0),
    },
  };
}

/** The query of 新品生成 for these choices (without the leading ?). */
export function designQuery(choice: {
  workId?: number | null;
  fileKey?: string | null;
  settings?: NewProductSettings;
}): string {
  const q = new URLSearchParams();
  if (choice.workId) q.set('workId', String(choice.workId));
  else if (choice.fileKey) q.set('fileKey', choice.fileKey);
  if (choice.settings) {
    q.set('template', choice.settings.templateId);
    q.set('scale', String(choice.settings.scale));
    q.set('rotation', String(choice.settings.rotation));
    q.set('offsetX', String(choice.settings.offsetX));
    q.set('offsetY', String(choice.settings.offsetY));
  }
  return q.toString();
}
