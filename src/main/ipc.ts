// The bridge's handler map (what the renderer may call), the one IPC handler that dispatches to it, and
// the one event channel main uses to push updates to the app's own windows.
import { BrowserWindow, ipcMain } from 'electron';
import { BRIDGE_CHANNEL, BRIDGE_EVENT_CHANNEL } from '../shared/bridge';
import type {
  AppInfo,
  BridgeEventMessage,
  DesktopBridgeCalls,
  PrepareSearchImageResult,
} from '../shared/bridge';
import type { FolderDefaults, WatchedFolder } from '../shared/upload-queue';
import { createBridgeDispatcher } from './bridge-dispatch';
import type { DownloadSettingsStore } from './downloads/download-settings';
import type { FileSaver } from './downloads/save-file';
import { prepareSearchImages } from './image-search/prepare-search-image';
import { isAppUrl } from './security';
import type { DesktopSession } from './session/desktop-session';
import type { HttpClient } from './session/http-client';
import type { UploadCalls } from './uploads/upload-service';

export type HandlerDependencies = {
  appInfo: () => AppInfo;
  /** The main process's session: login message in, state out, never the token. */
  session: Pick<DesktopSession, 'setLogin' | 'getState' | 'logout'>;
  /** Sends with the session's cookie jar (see DesktopSession.http). */
  httpClient: Pick<HttpClient, 'request'>;
  /** The watched-folder batch upload. */
  uploads: UploadCalls;
  /** Shows the native folder picker; the chosen absolute path, or null when cancelled. */
  pickFolder: () => Promise<string | null>;
  /** Where licensed originals are saved (下载设置). */
  downloads: DownloadSettingsStore;
  /** Saves licensed originals into the download folder (下载原图). */
  fileSaver: FileSaver;
  /** The folder picker titled for the download folder. */
  pickDownloadFolder: () => Promise<string | null>;
  /** The prepared image of the last `wenyang://search` link, taken once. */
  takeLinkedImage: () => PrepareSearchImageResult | null;
};

/**
 * The single source of truth of the bridge, grouped by namespace. Handlers take exactly the bridge
 * methods' arguments (the IPC event is checked by the dispatcher), so `satisfies` holds them to the type.
 */
export function createAllHandlers(deps: HandlerDependencies) {
  return {
    app: {
      appInfo: async () => deps.appInfo(),
    },
    session: {
      // The message comes from the renderer; setLogin validates it rather than trusting the type.
      setLogin: (message) => deps.session.setLogin(message),
      getState: () => deps.session.getState(),
      logout: () => deps.session.logout(),
    },
    http: {
      request: (req) => deps.httpClient.request(req),
    },
    uploads: {
      // The path comes only from the native picker: the renderer cannot name a folder to read.
      addFolder: async (): Promise<WatchedFolder | null> => {
        const path = await deps.pickFolder();
        return path === null ? null : deps.uploads.addFolder(path);
      },
      listFolders: () => deps.uploads.listFolders(),
      // Arguments are checked by the service: the renderer is not trusted to respect the types.
      updateFolder: (folderId: string, defaults: FolderDefaults) =>
        deps.uploads.updateFolder(folderId, defaults),
      removeFolder: (folderId: string) => deps.uploads.removeFolder(folderId),
      getQueue: () => deps.uploads.getQueue(),
      pause: () => deps.uploads.pause(),
      resume: () => deps.uploads.resume(),
      retry: (target: string) => deps.uploads.retry(target),
      getPreview: (itemId: string) => deps.uploads.getPreview(itemId),
      moveFolderToAccount: (folderId: string) => deps.uploads.moveFolderToAccount(folderId),
    },
    imageSearch: {
      // Paths come from the preload, taken from File objects the user dropped or picked; each is
      // still checked (absolute, a regular file, an accepted image) and only a ≤1000 px copy leaves.
      prepareFiles: (paths: string[]) => prepareSearchImages(paths),
      takeLinkedImage: async () => deps.takeLinkedImage(),
    },
    downloads: {
      getSettings: () => deps.downloads.get(),
      // As for uploads, the folder comes only from the native picker, never from the renderer.
      chooseFolder: async () => {
        const path = await deps.pickDownloadFolder();
        return path === null ? null : deps.downloads.setFolder(path);
      },
      setSettings: (change: unknown) => deps.downloads.set(change),
      resetSettings: () => deps.downloads.reset(),
      // Only a signed /files/ path is fetched, and only into the chosen folder; both are checked there.
      saveFile: (request: unknown) => deps.fileSaver.saveFile(request),
    },
  } satisfies DesktopBridgeCalls;
}

/** Registers the one bridge channel; returns a function that unregisters it. */
export function registerBridgeHandlers(
  handlers: DesktopBridgeCalls,
  appOrigins: readonly string[],
): () => void {
  const dispatch = createBridgeDispatcher(handlers, appOrigins);
  ipcMain.handle(BRIDGE_CHANNEL, (event, payload: unknown) =>
    dispatch(event.senderFrame?.url, payload),
  );
  return () => ipcMain.removeHandler(BRIDGE_CHANNEL);
}

/** Sends a bridge event to every window showing the app's own pages (never to another site). */
export function sendBridgeEvent(message: BridgeEventMessage, appOrigins: readonly string[]): void {
  for (const window of BrowserWindow.getAllWindows()) {
    if (window.isDestroyed()) continue;
    const contents = window.webContents;
    if (contents.isDestroyed() || !isAppUrl(contents.getURL(), appOrigins)) continue;
    contents.send(BRIDGE_EVENT_CHANNEL, message);
  }
}
