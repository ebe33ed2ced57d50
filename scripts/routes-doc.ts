// Renders docs/routes.md from the renderer's route table, so the list of pages and their state never drifts.
import { ROUTES } from '../src/renderer/src/app/route-table';

export function renderRoutesDoc(): string {
  const built = ROUTES.filter((r) => !r.plannedIn);
  const lines = [
    '# 路由与页面状态',
    '',
    '由 `npm run docs:routes` 从 `src/renderer/src/app/route-table.ts` 生成（`npm test` 会检查它是否最新）。',
    '“已完成”的页面有真实内容；其余页面在所属布局中只显示页面标题，不假装可用，由右列的任务实现。',
    '',
    `共 ${ROUTES.length} 条路由，已完成 ${built.length} 条。`,
    '',
    '| 路径 | 标题 | 布局 | 分组 | 登录 | 状态 |',
    '| --- | --- | --- | --- | --- | --- |',
    ...ROUTES.map((r) => {
      const params = Object.entries(r.params ?? {})
        .map(([k, v]) => `${k}=${v.source}`)
        .join(', ');
      const path = params ? `\`${r.path}\` (${params.replaceAll('|', '\\|')})` : `\`${r.path}\``;
      return `| ${path} | ${r.title} | ${r.layout} | ${r.group} | ${r.auth} | ${r.plannedIn ? `待实现：${r.plannedIn}` : '已完成'} |`;
    }),
    '',
  ];
  return lines.join('\n');
}
