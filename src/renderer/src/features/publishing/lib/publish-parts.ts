// §2 "several sub-part pages under /publishWork/conponents/*": the parts of the publish flow that
// have a page of their own (docs/decisions.md, Designer tool entrance and publish parts).

/** The parts, in the order their tabs show them. */
export const PUBLISH_PARTS = [
  { part: 'series', title: '管理系列' },
  { part: 'classify', title: '自定义分类' },
  { part: 'price', title: '素材价格' },
  { part: 'tags', title: '热门标签' },
] as const;

export type PublishPart = (typeof PUBLISH_PARTS)[number]['part'];

export const isPublishPart = (part: string | undefined): part is PublishPart =>
  PUBLISH_PARTS.some((p) => p.part === part);
