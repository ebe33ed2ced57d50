import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { apiPath, defineCall } from './define';

/** §3 Category tree node: kid, title, keys3, keys4, with children. */
export const CategoryNode = Type.Recursive(
  (Self) =>
    Type.Object({
      kid: Type.Integer(),
      title: Type.String(),
      keys3: Type.String(),
      keys4: Type.String(),
      children: Type.Array(Self),
    }),
  { $id: 'CategoryNode' },
);
export type CategoryNode = Static<typeof CategoryNode>;

export const getCategory = defineCall({
  name: 'Support/GetCategory',
  path: apiPath('Support', 'GetCategory'),
  tag: 'works',
  summary: '获取品类树（kid、title、keys3、keys4）',
  request: Type.Object({}),
  response: Type.Array(CategoryNode),
});
