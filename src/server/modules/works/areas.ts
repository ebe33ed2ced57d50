import type { AreaNode } from '@shared/contract/works';

// §3 Area tree (areaId, subList): regions → provinces → cities where the textile and print trade is.
// Fixed data: ids are stable so a hall's area survives restarts.

type Raw = [number, string, Raw[]?];

const RAW: Raw[] = [
  [
    1,
    '华东',
    [
      [
        101,
        '浙江',
        [
          [10101, '杭州'],
          [10102, '绍兴'],
          [10103, '宁波'],
          [10104, '温州'],
        ],
      ],
      [
        102,
        '江苏',
        [
          [10201, '苏州'],
          [10202, '南通'],
          [10203, '南京'],
          [10204, '常州'],
        ],
      ],
      [103, '上海', [[10301, '上海']]],
      [
        104,
        '山东',
        [
          [10401, '青岛'],
          [10402, '济南'],
        ],
      ],
    ],
  ],
  [
    2,
    '华南',
    [
      [
        201,
        '广东',
        [
          [20101, '广州'],
          [20102, '深圳'],
          [20103, '佛山'],
          [20104, '东莞'],
        ],
      ],
      [
        202,
        '福建',
        [
          [20201, '泉州'],
          [20202, '厦门'],
          [20203, '福州'],
        ],
      ],
    ],
  ],
  [
    3,
    '西南',
    [
      [
        301,
        '贵州',
        [
          [30101, '贵阳'],
          [30102, '黔东南'],
        ],
      ],
      [
        302,
        '云南',
        [
          [30201, '昆明'],
          [30202, '大理'],
        ],
      ],
      [303, '四川', [[30301, '成都']]],
    ],
  ],
  [
    4,
    '华北',
    [
      [401, '北京', [[40101, '北京']]],
      [
        402,
        '河北',
        [
          [40201, '石家庄'],
          [40202, '保定'],
        ],
      ],
    ],
  ],
  [
    5,
    '华中',
    [
      [501, '湖北', [[50101, '武汉']]],
      [502, '河南', [[50201, '郑州']]],
    ],
  ],
];

const toNode = ([areaId, title, children = []]: Raw): AreaNode => ({
  areaId,
  title,
  subList: children.map(toNode),
});

export const AREA_TREE: AreaNode[] = RAW.map(toNode);

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
