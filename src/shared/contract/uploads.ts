import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { apiPath, defineCall } from './define';

// Uploads: a short-lived, signed permission (GenPostPolicy), then the file goes straight to storage.

/** Content types a work's pattern file may have; checked by content on upload, never by extension. */
export const CREATION_UPLOAD_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/tiff',
] as const;
/** Largest pattern file accepted (a factory scan at print resolution). */
export const CREATION_UPLOAD_MAX_BYTES = 40 * 1024 * 1024;
/** How long an upload permission lasts. */
export const UPLOAD_POLICY_TTL_SECONDS = 15 * 60;
/** Path of the upload endpoint; the signed policy travels in the query. */
export const UPLOAD_PATH = '/upload/creation';

export const UploadPolicy = Type.Object({
  /** Where to PUT the bytes (append the query below). */
  uploadUrl: Type.String(),
  /** base64url JSON of {userId, prefix, maxBytes, types, expiresAt, nonce}. */
  policy: Type.String(),
  signature: Type.String(),
  maxBytes: Type.Integer(),
  /** ms since the epoch. */
  expiresAt: Type.Integer(),
  contentTypes: Type.Array(Type.String()),
});
export type UploadPolicy = Static<typeof UploadPolicy>;

/** GenPostPolicy with upfilePath 'creation' and module 'tuan' (spec §7). */
export const genPostPolicy = defineCall({
  name: 'GenPostPolicy',
  path: apiPath('Support', 'GenPostPolicy'),
  envelope: 'flag',
  auth: 'required',
  tag: 'uploads',
  summary: '申请上传许可：限当前用户、creation 路径、大小与类型，15 分钟内有效',
  request: Type.Object({
    upfilePath: Type.Literal('creation'),
    module: Type.Literal('tuan'),
  }),
  response: UploadPolicy,
});

/** What the upload endpoint answers in `data` for a stored file. */
export const UploadedFile = Type.Object({
  /** Storage key of the private original; publishing refers to it. */
  fileKey: Type.String(),
  sha256: Type.String(),
  size: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** Detected from the bytes: png | jpeg | webp | tiff. */
  format: Type.String(),
  /** True when this user had already uploaded the same bytes: nothing new was stored. */
  duplicate: Type.Boolean(),
});
export type UploadedFile = Static<typeof UploadedFile>;

/** A stored upload's key as calls that refer to one take it (publishing, settling in, patterns). */
export const FileKey = Type.String({
  minLength: 1,
  maxLength: 300,
  pattern: '^private/uploads/',
  description: '上传接口返回的 fileKey',
});
