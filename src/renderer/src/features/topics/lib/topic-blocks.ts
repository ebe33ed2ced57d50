import { TOPIC_LIMITS } from '@shared/contract/topics';
import type { TopicBlockInput, TopicBlockType } from '@shared/contract/topics';
import { isAllowedLink, isAllowedVideo } from '@shared/rules/editorial-links';

// The editor's block list: names, a blank block of each type, moving, and the checks the server
// makes too, said the same way (the server names the block by its number as well).

export const BLOCK_LABELS: Record<TopicBlockType, string> = {
  banner: '横幅',
  text: '图文',
  works: '作品',
  designers: '设计师',
  video: '视频',
};

export const blockName = (index: number, type: TopicBlockType): string =>
  `第 ${index + 1} 个区块（${BLOCK_LABELS[type]}）`;

export function blankBlock(type: TopicBlockType): TopicBlockInput {
  switch (type) {
    case 'banner':
      return { type, title: '', imageKey: '', link: '' };
    case 'text':
      return { type, markdown: '' };
    case 'works':
      return {
        type,
        title: '',
        source: 'query',
        query: { sort: 'newest' },
        workIds: [],
        limit: 10,
      };
    case 'designers':
      return { type, title: '', designerIds: [] };
    case 'video':
      return { type, title: '', src: '', posterKey: '' };
  }
}

/** The list with item `index` moved by `delta` places (unchanged at either end). */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** "12, 15 18" → [12, 15, 18]; anything else than positive whole numbers is left out. */
export function parseIds(text: string): number[] {
  return [
    ...new Set(
      text
        .split(/[\s,，、]+/)
        .map((s) => Number(s))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
}

/** The first thing the server would refuse in this block, or ''. */
export function blockProblem(block: TopicBlockInput, index: number): string {
  const name = blockName(index, block.type);
  if ('title' in block && [...block.title.trim()].length > TOPIC_LIMITS.blockTitleMax) {
    return `${name}的标题不能超过 ${TOPIC_LIMITS.blockTitleMax} 个字`;
  }
  switch (block.type) {
    case 'banner':
      if (block.title.trim() === '') return `${name}请填写横幅标题`;
      if (block.imageKey === '') return `${name}请上传横幅图片`;
      if (!isAllowedLink(block.link.trim())) {
        return `${name}的链接只能是本站路径（以 / 开头）或 https:// 开头的网址`;
      }
      return '';
    case 'text':
      return block.markdown.trim() === '' ? `${name}请填写正文` : '';
    case 'works':
      return block.source === 'list' && block.workIds.length === 0
        ? `${name}请至少选择一件作品`
        : '';
    case 'designers':
      return block.designerIds.length === 0 ? `${name}请至少选择一位设计师` : '';
    case 'video':
      return isAllowedVideo(block.src.trim())
        ? ''
        : `${name}只能使用 mp4 或 webm 视频文件：本站文件（/files/public/ 开头）或 https:// 开头的地址，不支持第三方播放页`;
  }
}
