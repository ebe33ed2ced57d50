import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall } from './define';
import { ClassifyName, WorkStatusKey } from './publishing';
import { FileKey } from './uploads';

// My patterns: the pattern files a designer uploaded (each may become a work) and their groups.

const Id = Type.Integer({ minimum: 1 });

export const PatternFile = Type.Object({
  id: Type.Integer(),
  fileKey: Type.String(),
  thumbUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  size: Type.Integer(),
  format: Type.String(),
  createdAt: Type.String(),
  groupId: Type.Union([Type.Integer(), Type.Null()]),
  /** The work made from this file, if any (not deleted). */
  workId: Type.Union([Type.Integer(), Type.Null()]),
  workStatus: Type.Union([WorkStatusKey, Type.Null()]),
});
export type PatternFile = Static<typeof PatternFile>;

export const getSubmitCreationPic = defineCall({
  name: 'Creation/GetSubmitCreationPic',
  path: apiPath('Creation', 'GetSubmitCreationPic'),
  auth: 'required',
  tag: 'patterns',
  summary: '我上传过的花型文件（新的在前），可按分组筛选或只看还没做成作品的',
  request: Type.Object({
    ...PageQuery,
    groupId: Type.Optional(Type.Integer({ minimum: 0, description: '分组；0 为未分组' })),
    unusedOnly: Type.Optional(Type.Boolean()),
  }),
  response: pageOf(PatternFile),
});

export const PatternGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  fileCount: Type.Integer(),
});
export type PatternGroup = Static<typeof PatternGroup>;

export const getPatternGroups = defineCall({
  name: 'Creation/GetPatternGroups',
  path: apiPath('Creation', 'GetPatternGroups'),
  auth: 'required',
  tag: 'patterns',
  summary: '我的花型分组',
  request: Type.Object({}),
  response: Type.Object({ groups: Type.Array(PatternGroup), ungrouped: Type.Integer() }),
});

export const savePatternGroup = defineCall({
  name: 'Creation/SavePatternGroup',
  path: apiPath('Creation', 'SavePatternGroup'),
  auth: 'required',
  tag: 'patterns',
  summary: '新建（不带 id）或重命名花型分组',
  request: Type.Object({ id: Type.Optional(Id), name: ClassifyName }),
  response: PatternGroup,
});

export const deletePatternGroup = defineCall({
  name: 'Creation/DeletePatternGroup',
  path: apiPath('Creation', 'DeletePatternGroup'),
  auth: 'required',
  tag: 'patterns',
  summary: '删除花型分组（其中的文件回到未分组）',
  request: Type.Object({ id: Id }),
  response: Type.Object({ deleted: Type.Boolean() }),
});

export const setPatternGroup = defineCall({
  name: 'Creation/SetPatternGroup',
  path: apiPath('Creation', 'SetPatternGroup'),
  auth: 'required',
  tag: 'patterns',
  summary: '把花型文件（按 id 或 fileKey）移入分组（groupId 为 null 时移出）',
  request: Type.Object({
    ids: Type.Array(Id, { maxItems: 200, uniqueItems: true, default: [] }),
    fileKeys: Type.Array(FileKey, { maxItems: 200, uniqueItems: true, default: [] }),
    groupId: Type.Union([Id, Type.Null()]),
  }),
  response: Type.Object({ updated: Type.Integer() }),
});
