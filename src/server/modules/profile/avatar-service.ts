import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import type { AvatarCrop } from '@shared/contract/profile';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MIN_SIDE,
  AVATAR_SIZES,
  PROFILE_RULE_MSG,
} from '@shared/rules/profile';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { publicUrl } from '../../platform/storage/storage';
import { iso } from '../accounts/clock';
import { loadUser } from '../accounts/users';
import { MAX_DECODE_PIXELS } from '../search/image/decode';
import { PROFILE_MSG } from './messages';

// The avatar (issue 13 "Profile"; §5 another upload check: png/jpg, under 2 MB): the bytes decide the
// format, never the name; the chosen square is cut and stored at two sizes as PNG.

/** The file's bytes from Base64, with or without a data: prefix. */
function bytesOf(data: string): Buffer {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  return Buffer.from(comma >= 0 ? data.slice(comma + 1) : data, 'base64');
}

/** The pixel square of the crop, inside the (upright) image. */
export function cropSquare(
  width: number,
  height: number,
  crop: AvatarCrop,
): { left: number; top: number; width: number; height: number } {
  const short = Math.min(width, height);
  const side = Math.max(1, Math.min(short, Math.round(crop.size * short)));
  const left = Math.min(Math.max(0, Math.round(crop.left * width)), width - side);
  const top = Math.min(Math.max(0, Math.round(crop.top * height)), height - side);
  return { left, top, width: side, height: side };
}

export async function uploadAvatar(
  deps: AppDeps,
  userId: number,
  input: { data: string; crop: AvatarCrop },
): Promise<{ headImg: string; smallHeadImg: string }> {
  const bytes = bytesOf(input.data);
  if (bytes.length === 0) throw AppError.rule(PROFILE_MSG.avatarUnreadable);
  if (bytes.length >= AVATAR_MAX_BYTES) throw AppError.rule(PROFILE_RULE_MSG.avatarTooLarge);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_DECODE_PIXELS, failOn: 'error' }).metadata();
  } catch {
    throw AppError.rule(PROFILE_MSG.avatarUnreadable);
  }
  if (meta.format !== 'png' && meta.format !== 'jpeg') {
    throw AppError.rule(PROFILE_RULE_MSG.avatarFormat);
  }
  // EXIF orientations 5–8 turn the picture a quarter: the upright image swaps its sides.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (Math.min(width, height) < AVATAR_MIN_SIDE)
    throw AppError.rule(PROFILE_RULE_MSG.avatarTooSmall);
  const square = cropSquare(width, height, input.crop);
  let cut: Buffer;
  try {
    cut = await sharp(bytes, { limitInputPixels: MAX_DECODE_PIXELS, failOn: 'error' })
      .rotate()
      .extract(square)
      .png()
      .toBuffer();
  } catch {
    throw AppError.rule(PROFILE_MSG.avatarUnreadable);
  }
  const squareOf = (size: number) =>
    sharp(cut).resize(size, size, { fit: 'cover' }).png().toBuffer();
  const large = await squareOf(AVATAR_SIZES.large);
  const small = await squareOf(AVATAR_SIZES.small);
  const user = await loadUser(deps, userId);
  const stamp = createHash('sha256').update(cut).digest('hex').slice(0, 12);
  const base = `public/avatars/${user.cai_hong_id}-${stamp}`;
  const largeKey = `${base}-${AVATAR_SIZES.large}.png`;
  const smallKey = `${base}-${AVATAR_SIZES.small}.png`;
  await deps.storage.put(largeKey, large, 'image/png');
  await deps.storage.put(smallKey, small, 'image/png');
  await deps.db
    .updateTable('users')
    .set({ head_img: largeKey, small_head_img: smallKey, updated_at: iso(deps.now()) })
    .where('id', '=', userId)
    .execute();
  return { headImg: publicUrl(largeKey), smallHeadImg: publicUrl(smallKey) };
}
