// What the topic pages and their editor say: unknown topics, and each refusal of a block by number.

const kindName: Record<string, string> = {
  banner: '横幅',
  text: '图文',
  works: '作品',
  designers: '设计师',
  video: '视频',
};

/** "第 3 个区块（作品）" for block index 2 of type works. */
const blockName = (index: number, type: string): string =>
  `第 ${index + 1} 个区块${kindName[type] ? `（${kindName[type]}）` : ''}`;

export const TOPIC_MSG = {
  notFound: '专题不存在，请从专题列表中选择',
  notPublished: '该专题尚未发布，敬请期待',
  titleRequired: '请填写专题标题',
  titleTooLong: (max: number) => `专题标题不能超过 ${max} 个字`,
  summaryTooLong: (max: number) => `专题简介不能超过 ${max} 个字`,
  noBlocks: '专题至少需要一个区块',
  tooManyBlocks: (max: number) => `一个专题最多 ${max} 个区块`,
  unknownType: (index: number, type: string) =>
    `${blockName(index, '')}的类型“${type}”不存在，只能是横幅、图文、作品、设计师或视频`,
  badShape: (index: number, type: string) =>
    `${blockName(index, type)}的内容不完整或格式不正确，请重新编辑该区块`,
  blockTitleTooLong: (index: number, type: string, max: number) =>
    `${blockName(index, type)}的标题不能超过 ${max} 个字`,
  bannerTitleRequired: (index: number) => `${blockName(index, 'banner')}请填写横幅标题`,
  imageRequired: (index: number) => `${blockName(index, 'banner')}请上传横幅图片`,
  badLink: (index: number, type: string) =>
    `${blockName(index, type)}的链接只能是本站路径（以 / 开头）或 https:// 开头的网址`,
  markdownRequired: (index: number) => `${blockName(index, 'text')}请填写正文`,
  markdownTooLong: (index: number, max: number) =>
    `${blockName(index, 'text')}的正文不能超过 ${max} 个字`,
  noWorkIds: (index: number) => `${blockName(index, 'works')}请至少选择一件作品`,
  unknownWorks: (index: number, ids: readonly number[]) =>
    `${blockName(index, 'works')}中的作品 ${ids.join('、')} 不存在或未发布`,
  unknownCategory: (index: number, kid: number) =>
    `${blockName(index, 'works')}的品类 ${kid} 不存在`,
  emptyQuery: (index: number) => `${blockName(index, 'works')}的筛选条件下没有已发布的作品`,
  noDesigners: (index: number) => `${blockName(index, 'designers')}请至少选择一位设计师`,
  unknownDesigners: (index: number, ids: readonly number[]) =>
    `${blockName(index, 'designers')}中的用户 ${ids.join('、')} 不是已入驻的设计师`,
  badVideo: (index: number) =>
    `${blockName(index, 'video')}只能使用 mp4 或 webm 视频文件：本站文件（/files/public/ 开头）或 https:// 开头的地址，不支持第三方播放页`,
  imageMissing: (where: string) => `${where}的图片不存在，请重新上传`,
  imageNotYours: (where: string) => `${where}的图片不是您上传的文件，请重新上传`,
  imageWrongFormat: (where: string) =>
    `${where}的图片只能是 PNG、JPG 或 WebP 格式（按文件内容判断）`,
  blockWhere: (index: number, type: string) => blockName(index, type),
  stale: '该专题已被其他管理员修改，请刷新后在最新内容上编辑',
  publishStale: '请先保存草稿再发布（发布的是已保存的内容）',
} as const;
