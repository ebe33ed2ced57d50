import type { AreaNode } from '@shared/contract/works';
import { RAW_AREAS } from './area-vocabulary';
import type { RawArea } from './area-vocabulary';

// §3 Area tree (areaId, subList): regions → provinces → cities where the textile and print trade is.
// Fixed data: ids are stable so a hall's area survives restarts.

const toNode = ([areaId, title, children = []]: RawArea): AreaNode => ({
  areaId,
  title,
  subList: children.map(toNode),
});

export const AREA_TREE: AreaNode[] = RAW_AREAS.map(toNode);

const index = new Map<number, { node: AreaNode; path: AreaNode[] }>();
(function walk(nodes: AreaNode[], path: AreaNode[]) {
  for (const node of nodes) {
    index.set(node.areaId, { node, path: [...path, node] });
    walk(node.subList, [...path, node]);
  }
})(AREA_TREE, []);

export const areaExists = (areaId: number): boolean => index.has(areaId);

/** "浙江 · 杭州": the province and city of an area (the region is left out); '' when unknown. */
export function areaPath(areaId: number | null): string {
  if (areaId === null) return '';
  const entry = index.get(areaId);
  if (!entry) return '';
  const names = entry.path.map((n) => n.title);
  const shown = names.length > 1 ? names.slice(1) : names;
  return [...new Set(shown)].join(' · ');
}

/** An area and everything under it. */
export function areaWithDescendants(areaId: number): number[] {
  const entry = index.get(areaId);
  if (!entry) return [];
  const ids: number[] = [];
  (function walk(node: AreaNode) {
    ids.push(node.areaId);
    node.subList.forEach(walk);
  })(entry.node);
  return ids;
}
