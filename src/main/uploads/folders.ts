// The designer's watched folders, their default metadata and the account each belongs to, kept in the
// user-data folder as one JSON file rewritten atomically on every change.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import {
  EMPTY_FOLDER_DEFAULTS,
  FOLDER_PRICE_MAX_FEN,
  FOLDER_TAGS_MAX,
  FOLDER_TAG_MAX_LENGTH,
  FOLDER_CLASSIFICATION_MAX_LENGTH,
  FOLDER_SERIES_MAX_LENGTH,
} from '../../shared/upload-queue';
import type { UploadAccount } from '../../shared/bridge';
import type { FolderDefaults, WatchedFolder } from '../../shared/upload-queue';
import { parseUploadAccount } from './account';
import { errorCode, writeFileAtomically } from '../atomic-file';

export const FOLDERS_FILE = 'watched-folders.json';

export class FolderError extends Error {
  override name = 'FolderError';
}

/**
 * A watched folder and the account that added it: its files upload only while that account is signed
 * in. Null only for a folder from before accounts were recorded, until an account claims it.
 */
export type OwnedFolder = WatchedFolder & { owner: UploadAccount | null };

export type FolderStore = {
  list(): OwnedFolder[];
  get(id: string): OwnedFolder | undefined;
  /** Adds a folder by absolute path; refuses a missing folder, a file, or one overlapping another. */
  add(path: string, owner: UploadAccount): Promise<OwnedFolder>;
  update(id: string, defaults: unknown): Promise<OwnedFolder>;
  remove(id: string): Promise<void>;
  /** Gives the folder to another account. */
  setOwner(id: string, owner: UploadAccount): Promise<OwnedFolder>;
  /**
   * The account signed in: folders without an owner (from before owners were recorded) become its, and
   * its name is brought up to date on its folders. Returns the ids of the folders it claimed.
   */
  adopt(account: UploadAccount): Promise<string[]>;
  /** Notes (in memory) why a folder cannot be watched; the page shows it. */
  setProblem(id: string, problem: string | null): void;
};

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string') throw new FolderError(`${field}格式不正确`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw new FolderError(`${field}不能超过 ${max} 个字`);
  return trimmed;
}

/** Checks metadata coming from the renderer (never trusted) and normalises it. */
export function parseFolderDefaults(value: unknown): FolderDefaults {
  if (typeof value !== 'object' || value === null) throw new FolderError('默认信息格式不正确');
  const v = value as Record<string, unknown>;
  const categoryId = v['categoryId'] ?? null;
  if (categoryId !== null && !(Number.isSafeInteger(categoryId) && (categoryId as number) > 0)) {
    throw new FolderError('品类不正确');
  }
  const priceFen = v['priceFen'] ?? null;
  if (
    priceFen !== null &&
    !(
      Number.isSafeInteger(priceFen) &&
      (priceFen as number) >= 0 &&
      (priceFen as number) <= FOLDER_PRICE_MAX_FEN
    )
  ) {
    throw new FolderError('价格不正确');
  }
  const rawTags = v['tags'] ?? [];
  if (!Array.isArray(rawTags)) throw new FolderError('标签格式不正确');
  const tags = [
    ...new Set(rawTags.map((t) => text(t, '标签', FOLDER_TAG_MAX_LENGTH)).filter(Boolean)),
  ];
  if (tags.length > FOLDER_TAGS_MAX) throw new FolderError(`标签最多 ${FOLDER_TAGS_MAX} 个`);
  return {
    categoryId: categoryId as number | null,
    series: text(v['series'] ?? '', '系列', FOLDER_SERIES_MAX_LENGTH),
    classification: text(v['classification'] ?? '', '分类', FOLDER_CLASSIFICATION_MAX_LENGTH),
    priceFen: priceFen as number | null,
    tags,
  };
}

function parseStoredFolder(value: unknown): OwnedFolder | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v['id'] !== 'string' || typeof v['path'] !== 'string') return null;
  let defaults: FolderDefaults;
  try {
    defaults = parseFolderDefaults(v['defaults']);
  } catch {
    defaults = { ...EMPTY_FOLDER_DEFAULTS };
  }
  return {
    id: v['id'],
    path: v['path'],
    name: basename(v['path']) || v['path'],
    defaults,
    addedAt: typeof v['addedAt'] === 'number' ? v['addedAt'] : 0,
    problem: null,
    owner: parseUploadAccount(v['owner']),
  };
}

/** Whether one folder is the other or inside it (watching both would offer files twice). */
function overlaps(a: string, b: string): boolean {
  const inside = (parent: string, child: string) => {
    const rel = relative(parent, child);
    return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
  };
  return inside(a, b) || inside(b, a);
}

export async function openFolderStore(
  dir: string,
  now: () => number = Date.now,
): Promise<FolderStore> {
  await mkdir(dir, { recursive: true });
  const file = resolve(dir, FOLDERS_FILE);
  let folders: OwnedFolder[] = [];
  try {
    const data: unknown = JSON.parse(await readFile(file, 'utf8'));
    const list = Array.isArray((data as { folders?: unknown })?.folders)
      ? (data as { folders: unknown[] }).folders
      : [];
    folders = list.flatMap((f) => parseStoredFolder(f) ?? []);
  } catch (error) {
    // Missing is normal on first use; an unreadable file (written by nothing but us) starts empty.
    if (errorCode(error) !== 'ENOENT') {
      console.error('[wenyang] 监视文件夹列表无法读取 / Watched folders unreadable:', error);
    }
  }

  // Writes run one after another so an older list never lands after a newer one.
  let writing: Promise<void> = Promise.resolve();
  function persist(): Promise<void> {
    const stored = folders.map(({ id, path, defaults, addedAt, owner }) => ({
      id,
      path,
      defaults,
      addedAt,
      owner,
    }));
    writing = writing
      .catch(() => undefined)
      .then(() => writeFileAtomically(file, JSON.stringify({ version: 2, folders: stored })));
    return writing;
  }

  function find(id: unknown): OwnedFolder {
    const folder = typeof id === 'string' ? folders.find((f) => f.id === id) : undefined;
    if (!folder) throw new FolderError('文件夹不存在或已移除');
    return folder;
  }

  return {
    list: () =>
      folders.map((f) => ({
        ...f,
        defaults: { ...f.defaults, tags: [...f.defaults.tags] },
        owner: f.owner && { ...f.owner },
      })),
    get: (id) => folders.find((f) => f.id === id),
    async add(rawPath, owner) {
      if (typeof rawPath !== 'string' || !isAbsolute(rawPath)) {
        throw new FolderError('请选择一个文件夹');
      }
      const path = resolve(rawPath);
      let info;
      try {
        info = await stat(path);
      } catch {
        throw new FolderError('文件夹不存在或无法访问');
      }
      if (!info.isDirectory()) throw new FolderError('请选择文件夹，而不是文件');
      const clash = folders.find((f) => overlaps(f.path, path));
      if (clash) {
        throw new FolderError(
          clash.path === path
            ? '该文件夹已在上传列表中'
            : `与已添加的文件夹“${clash.name}”重叠，请选择其他文件夹`,
        );
      }
      const folder: OwnedFolder = {
        id: randomBytes(6).toString('base64url'),
        path,
        name: basename(path) || path,
        defaults: { ...EMPTY_FOLDER_DEFAULTS, tags: [] },
        addedAt: now(),
        problem: null,
        owner: { ...owner },
      };
      folders = [...folders, folder];
      await persist();
      return { ...folder };
    },
    async update(id, defaults) {
      const folder = find(id);
      folder.defaults = parseFolderDefaults(defaults);
      await persist();
      return { ...folder };
    },
    async remove(id) {
      const folder = find(id);
      folders = folders.filter((f) => f !== folder);
      await persist();
    },
    async setOwner(id, owner) {
      const folder = find(id);
      folder.owner = { ...owner };
      await persist();
      return { ...folder };
    },
    async adopt(account) {
      const claimed: string[] = [];
      let changed = false;
      for (const folder of folders) {
        if (folder.owner === null) claimed.push(folder.id);
        const mine = folder.owner === null || folder.owner.userId === account.userId;
        if (
          mine &&
          (folder.owner?.name !== account.name || folder.owner.caiHongID !== account.caiHongID)
        ) {
          folder.owner = { ...account };
          changed = true;
        }
      }
      if (changed) await persist();
      return claimed;
    },
    setProblem(id, problem) {
      const folder = folders.find((f) => f.id === id);
      if (folder) folder.problem = problem;
    },
  };
}
