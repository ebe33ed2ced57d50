import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { WORK_LIMITS } from '../rules/publishing';
import { apiPath, defineCall, sapiPath } from './define';

// A designer's own series (writes; the public list is works.getSeriesList) and which works are in one.

const Id = Type.Integer({ minimum: 1 });
const Ids = Type.Array(Id, { minItems: 1, maxItems: 200, uniqueItems: true });

export const MySeries = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** All of the designer's works in it (any state but deleted). */
  workCount: Type.Integer(),
  publishedCount: Type.Integer(),
});
export type MySeries = Static<typeof MySeries>;

export const getMySeriesList = defineCall({
  name: 'Series/GetMySeriesList',
  path: sapiPath('tu-zp/api/Series/GetMySeriesList'),
  auth: 'required',
  tag: 'series',
  summary: '我的系列（含空系列）与其中的作品数',
  request: Type.Object({}),
  response: Type.Array(MySeries),
});

export const addOrEditSeries = defineCall({
  name: 'Series/AddOrEditSeries',
  path: sapiPath('tu-zp/api/Series/AddOrEditSeries'),
  auth: 'settled',
  tag: 'series',
  summary: '新建（不带 id）或修改自己的系列；标题不可重复',
  request: Type.Object({
    id: Type.Optional(Id),
    title: Type.String({ minLength: 1, maxLength: WORK_LIMITS.seriesTitleMax, pattern: '\\S' }),
    description: Type.String({ maxLength: 200, default: '' }),
  }),
  response: MySeries,
});

export const delSeries = defineCall({
  name: 'Series/DelSeries',
  path: sapiPath('tu-zp/api/Series/DelSeries'),
  auth: 'required',
  tag: 'series',
  summary: '删除自己的系列（其中的作品保留，不再属于任何系列）',
  request: Type.Object({ id: Id }),
  response: Type.Object({ deleted: Type.Boolean() }),
});

export const setCreationSeries = defineCall({
  name: 'Creation/SetCreationSeries',
  path: apiPath('Creation', 'SetCreationSeries'),
  auth: 'required',
  tag: 'series',
  summary: '批量把作品移入一个系列（seriesId 为 null 时移出系列）',
  request: Type.Object({ ids: Ids, seriesId: Type.Union([Id, Type.Null()]) }),
  response: Type.Object({ updated: Type.Integer() }),
});
