// The desktop's settings (下载设置): where licensed originals are saved (the folder the user chose with
// the native picker), the file-naming rule, and whether closing the window keeps the app in the tray
// (关闭窗口时最小化到托盘), kept in the user-data folder as one JSON file rewritten atomically. No Electron here: main/index.ts gives the folder paths and the picker.
import { constants } from 'node:fs';
import { access, mkdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { DownloadSettings } from '../../shared/bridge';
import { DEFAULT_DOWNLOAD_NAME_RULE, isDownloadNameRule } from '../../shared/rules/download-name';
import type { DownloadNameRule } from '../../shared/rules/download-name';
import { errorCode, writeFileAtomically } from '../atomic-file';

export const DOWNLOAD_SETTINGS_FILE = 'download-settings.json';

/** A refusal the page shows as it is (Chinese). */
export class DownloadSettingsError extends Error {
  override name = 'DownloadSettingsError';
}

export type DownloadSettingsStore = {
  /** The settings in force; a chosen folder that has gone (an unplugged drive) reads as the default. */
  get(): Promise<DownloadSettings>;
  /** Saves to `path` from now on: an absolute folder that exists and can be written to. */
  setFolder(path: unknown): Promise<DownloadSettings>;
  /**
   * Changes the naming rule and/or 关闭窗口时最小化到托盘; the change comes from the renderer and is
   * checked, not trusted.
   */
  set(change: unknown): Promise<DownloadSettings>;
  /** 恢复默认: the default folder, naming by the work's name, closing to the tray. */
  reset(): Promise<DownloadSettings>;
};

type Stored = { folder: string | null; nameRule: DownloadNameRule; closeToTray: boolean };

/** Closing the window keeps uploads running in the tray unless the user turns it off. */
export const DEFAULT_CLOSE_TO_TRAY = true;

const DEFAULTS: Stored = {
  folder: null,
  nameRule: DEFAULT_DOWNLOAD_NAME_RULE,
  closeToTray: DEFAULT_CLOSE_TO_TRAY,
};

function parseStored(data: unknown): Stored {
  if (typeof data !== 'object' || data === null) return { ...DEFAULTS };
  const { folder, nameRule, closeToTray } = data as Record<string, unknown>;
  return {
    folder: typeof folder === 'string' && isAbsolute(folder) ? folder : null,
    nameRule: isDownloadNameRule(nameRule) ? nameRule : DEFAULT_DOWNLOAD_NAME_RULE,
    closeToTray: typeof closeToTray === 'boolean' ? closeToTray : DEFAULT_CLOSE_TO_TRAY,
  };
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

export async function openDownloadSettings(options: {
  /** The user-data folder the settings file lives in. */
  dir: string;
  /** The system's 下载 folder (Electron's app.getPath('downloads')). */
  defaultFolder: string;
}): Promise<DownloadSettingsStore> {
  await mkdir(options.dir, { recursive: true });
  const file = resolve(options.dir, DOWNLOAD_SETTINGS_FILE);
  let stored: Stored = { ...DEFAULTS };
  try {
    stored = parseStored(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    // Missing on first use; an unreadable file (written by nothing but us) starts from the defaults.
    if (errorCode(error) !== 'ENOENT') {
      console.error('[wenyang] 下载设置无法读取 / Download settings unreadable:', error);
    }
  }

  // Writes run one after another so older settings never land after newer ones.
  let writing: Promise<void> = Promise.resolve();
  function save(next: Stored): Promise<void> {
    stored = next;
    writing = writing
      .catch(() => undefined)
      .then(() => writeFileAtomically(file, JSON.stringify({ version: 1, ...next })));
    return writing;
  }

  async function current(): Promise<DownloadSettings> {
    const chosen = stored.folder !== null && (await isFolder(stored.folder));
    return {
      folder: chosen && stored.folder !== null ? stored.folder : options.defaultFolder,
      folderIsDefault: !chosen,
      nameRule: stored.nameRule,
      closeToTray: stored.closeToTray,
    };
  }

  return {
    get: current,
    async setFolder(rawPath) {
      if (typeof rawPath !== 'string' || !isAbsolute(rawPath)) {
        throw new DownloadSettingsError('请选择一个文件夹');
      }
      const path = resolve(rawPath);
      if (!(await isFolder(path))) throw new DownloadSettingsError('文件夹不存在或不是文件夹');
      try {
        await access(path, constants.W_OK);
      } catch {
        throw new DownloadSettingsError('该文件夹不能写入，请换一个文件夹');
      }
      await save({ ...stored, folder: path });
      return current();
    },
    async set(change) {
      const { nameRule, closeToTray } = (
        typeof change === 'object' && change !== null ? change : {}
      ) as Record<string, unknown>;
      if (nameRule === undefined && closeToTray === undefined) {
        throw new DownloadSettingsError('文件命名方式不正确');
      }
      if (nameRule !== undefined && !isDownloadNameRule(nameRule)) {
        throw new DownloadSettingsError('文件命名方式不正确');
      }
      if (closeToTray !== undefined && typeof closeToTray !== 'boolean') {
        throw new DownloadSettingsError('“关闭窗口时最小化到托盘”设置无效');
      }
      await save({
        ...stored,
        ...(nameRule !== undefined && { nameRule }),
        ...(closeToTray !== undefined && { closeToTray }),
      });
      return current();
    },
    async reset() {
      await save({ ...DEFAULTS });
      return current();
    },
  };
}
