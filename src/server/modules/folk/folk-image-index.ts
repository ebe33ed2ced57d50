import type { Kysely } from 'kysely';
import type { SearchImageFile } from '@shared/contract/image-search';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import {
  deserialiseDescriptor,
  extractIndexDescriptor,
  extractQueryDescriptor,
  serialiseDescriptor,
} from '../search/image/descriptors';
import type { ImageDescriptor } from '../search/image/descriptors';
import {
  acceptUpload,
  createImageWorkLimiter,
  decodeFailureError,
} from '../search/image/search-images';
import { ImageMatcher } from '../search/image/searcher';
import type { RankedHit } from '../search/image/searcher';

// Image search limited to folk works: the image-search engine's matcher (descriptors, two-stage
// search) over a separate in-memory index of folk works only, so the general image search never
// finds a folk work and this one never finds a catalogue work (docs/folk.md).

type Deps = Pick<AppDeps, 'db' | 'storage'>;

/** Folk works all share one category in the matcher (no category filter here). */
const FOLK_CATEGORY = { kid: 0, parentKid: 0 };
const RESULT_LIMIT = 60;

/** Computes and stores a folk work's descriptor from its original image (the seed, a refresh). */
export async function describeFolkWork(
  db: Kysely<Database>,
  workId: number,
  original: Buffer,
): Promise<ImageDescriptor> {
  const described = await extractIndexDescriptor(original);
  const descriptor = serialiseDescriptor(described);
  await db
    .insertInto('folk_work_descriptors')
    .values({ work_id: workId, descriptor })
    .onConflict((oc) => oc.column('work_id').doUpdateSet({ descriptor }))
    .execute();
  return described;
}

export class FolkImageIndex {
  private matcher = new ImageMatcher();
  /** Works in the matcher; the index reloads when the table holds a different number. */
  private loadedCount = -1;
  private loading: Promise<void> | null = null;
  private readonly limit = createImageWorkLimiter();

  constructor(private readonly deps: Deps) {}

  private async load(): Promise<void> {
    const { db, storage } = this.deps;
    const works = await db.selectFrom('folk_works').select(['id', 'original_key']).execute();
    if (works.length === this.loadedCount) return;
    const stored = await db
      .selectFrom('folk_work_descriptors')
      .select(['work_id', 'descriptor'])
      .execute();
    const byId = new Map(stored.map((s) => [s.work_id, s.descriptor]));
    const matcher = new ImageMatcher();
    for (const work of works) {
      const bytes = byId.get(work.id);
      let descriptor = bytes ? deserialiseDescriptor(bytes) : null;
      if (!descriptor) {
        // Missing or of an older descriptor version: described again from the original.
        const original = await storage.get(work.original_key);
        if (!original) continue;
        descriptor = await describeFolkWork(db, work.id, original.body);
      }
      matcher.set(work.id, descriptor, FOLK_CATEGORY);
    }
    this.matcher = matcher;
    this.loadedCount = works.length;
  }

  private async ready(): Promise<void> {
    if (!this.loading) {
      this.loading = this.load().finally(() => {
        this.loading = null;
      });
    }
    await this.loading;
  }

  /** Folk works like the uploaded picture: same works first, then similar ones. */
  async search(files: readonly SearchImageFile[], ignoreColor: boolean): Promise<RankedHit[]> {
    const upload = acceptUpload(files);
    return this.limit(async () => {
      await this.ready();
      let descriptor;
      try {
        descriptor = await extractQueryDescriptor(upload.bytes);
      } catch (err) {
        throw decodeFailureError(err);
      }
      const ranked = this.matcher.search(descriptor, { ignoreColor, limit: RESULT_LIMIT });
      return [...ranked.same, ...ranked.similar];
    });
  }
}
