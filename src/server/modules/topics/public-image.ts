import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { PUBLIC_PREFIX, assertValidKey } from '../../platform/storage/storage';
import { inspectImage } from '../uploads/routes';
import { TOPIC_MSG } from './messages';

// Editorial images (topic banners, video stills, home banners) arrive as an admin's upload, which
// is private; saving checks the bytes by content again and copies them to a public key named by
// their hash, so saving twice stores one file and readers never see a private key.

const PUBLIC_FORMATS: Record<string, { ext: string; type: string }> = {
  png: { ext: 'png', type: 'image/png' },
  jpeg: { ext: 'jpg', type: 'image/jpeg' },
  webp: { ext: 'webp', type: 'image/webp' },
};

const validKey = (key: string): boolean => {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
};

/**
 * The public key of an editorial image: a public key already stored stays; an upload of this
 * admin is checked by content and published under public/{folder}/. `where` names the field.
 */
export async function publishEditorialImage(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  adminId: number,
  key: string,
  folder: 'topics' | 'banners',
  where: string,
): Promise<string> {
  if (!validKey(key)) throw AppError.rule(TOPIC_MSG.imageMissing(where));
  if (key.startsWith(PUBLIC_PREFIX)) {
    if (!(await deps.storage.exists(key))) throw AppError.rule(TOPIC_MSG.imageMissing(where));
    return key;
  }
  if (!key.startsWith('private/uploads/')) throw AppError.rule(TOPIC_MSG.imageMissing(where));
  const upload = await deps.db
    .selectFrom('uploads')
    .select(['user_id', 'sha256'])
    .where('file_key', '=', key)
    .executeTakeFirst();
  if (!upload) throw AppError.rule(TOPIC_MSG.imageMissing(where));
  if (upload.user_id !== adminId) throw AppError.rule(TOPIC_MSG.imageNotYours(where));
  const stored = await deps.storage.get(key);
  if (!stored) throw AppError.rule(TOPIC_MSG.imageMissing(where));
  const image = await inspectImage(stored.body);
  const format = PUBLIC_FORMATS[image.format];
  if (!format) throw AppError.rule(TOPIC_MSG.imageWrongFormat(where));
  const target = `${PUBLIC_PREFIX}${folder}/${upload.sha256}.${format.ext}`;
  if (!(await deps.storage.exists(target))) {
    await deps.storage.put(target, stored.body, format.type);
  }
  return target;
}
