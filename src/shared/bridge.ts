// The one typed interface between the renderer and the desktop (Electron) host.
// In the browser `window.desktop` is undefined and features fall back to a web path.
// The main process implements it as a namespace-grouped handler map (`satisfies DesktopBridge`);
// the preload forwards exactly these names over one IPC channel addressed `namespace:method`.
import type {
  FolderDefaults,
  UploadQueueChange,
  UploadQueueSnapshot,
  UploadQueueStatus,
  UploadRetryTarget,
  WatchedFolder,
} from './upload-queue';
import type { DownloadNameRule } from './rules/download-name';

export type AppInfo = {
  /** Product name shown to users (纹样). */
  name: string;
  /** Application version from package.json. */
  version: string;
  /** Electron, Chromium and Node versions of the host. */
  versions: { electron: string; chrome: string; node: string };
  /** `process.platform` of the host, e.g. win32, darwin, linux. */
  platform: string;
  /** The marketplace server the desktop talks to, e.g. http://localhost:8080 (no trailing slash). */
  serverUrl: string;
  /** Whether the app runs from a packaged build. */
  packaged: boolean;
};

export type BridgeHttpRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query on the marketplace server, beginning with `/`. */
  path: string;
  headers?: Record<string, string>;
  /** JSON text of the body, if any. */
  body?: string;
  timeoutMs?: number;
};

export type BridgeHttpResponse = {
  status: number;
  headers: Record<string, string>;
  /** Response body as text (JSON calls are parsed by the renderer's client). */
  body: string;
};

/** What the renderer may know of the desktop session: never the token itself. */
export type DesktopSessionState = {
  signedIn: boolean;
  /** Access-token expiry, ms since the epoch, or null when signed out. */
  expiration: number | null;
};

/** The account site's login message (§4), handed to the main process to keep in its cookie jar. */
export type DesktopLoginMessage = { token: string; expiration: number; refreshToken: string };

/** An account as the upload page names it: a watched folder and its files belong to one. */
export type UploadAccount = { userId: number; caiHongID: string; name: string };

/** A watched folder whose files wait for the account that added it: they never go up as anyone else. */
export type UploadFolderHold = {
  folderId: string;
  owner: UploadAccount;
  /** Files of the folder waiting for that account. */
  waiting: number;
  /** Chinese, for the page: whose files they are and what to do. */
  message: string;
};

/** Whose files upload now, and which folders wait for another account. */
export type UploadOwnership = {
  /** The signed-in account files go to; null when signed out or while it is being checked. */
  account: UploadAccount | null;
  holds: UploadFolderHold[];
};

export type DesktopUploadQueueStatus = UploadQueueStatus & UploadOwnership;
export type DesktopUploadQueueSnapshot = UploadQueueSnapshot & UploadOwnership;
export type DesktopUploadQueueChange = UploadQueueChange & UploadOwnership;

/** The watched-folder batch upload (上传文件夹): folders come only from the native picker. */
export type DesktopUploadsCalls = {
  /** Opens the native folder picker and watches the chosen folder; null when the user cancels. */
  addFolder(): Promise<WatchedFolder | null>;
  listFolders(): Promise<WatchedFolder[]>;
  updateFolder(folderId: string, defaults: FolderDefaults): Promise<WatchedFolder>;
  /** Stops watching; files of the folder still waiting are taken off the queue. */
  removeFolder(folderId: string): Promise<void>;
  getQueue(): Promise<DesktopUploadQueueSnapshot>;
  pause(): Promise<DesktopUploadQueueStatus>;
  resume(): Promise<DesktopUploadQueueStatus>;
  /** Retries one failed item, or every failed item with `'all'`. */
  retry(target: UploadRetryTarget): Promise<DesktopUploadQueueStatus>;
  /** Gives a folder of another account, and its files not yet uploaded, to the signed-in account. */
  moveFolderToAccount(folderId: string): Promise<DesktopUploadQueueStatus>;
  /** The item's ~400 px preview as a `data:image/jpeg` URL, or null while there is none. */
  getPreview(itemId: string): Promise<string | null>;
};

/** A local file decoded and downsized (≤1000×1000, aspect kept) by the main process for image search. */
export type PreparedSearchImage = {
  /** The file's own name, as the user knows it. */
  name: string;
  /** The downsized image, JPEG, as Base64 (the `data` of a search call's file). */
  data: string;
  width: number;
  height: number;
  /** Size of the original file in bytes. */
  originalBytes: number;
};

/** One dropped file: ready to search, or the Chinese message saying why it cannot be. */
export type PrepareSearchImageResult =
  { ok: true; image: PreparedSearchImage } | { ok: false; name: string; message: string };

/** Image search from local files (拖入本地图片搜图): the main process decodes with sharp, not a canvas. */
export type DesktopImageSearchCalls = {
  /**
   * Decodes and downsizes local files, one result per path in order. Paths come only from the
   * preload, which takes them from File objects the user dropped or picked (webUtils).
   */
  prepareFiles(paths: string[]): Promise<PrepareSearchImageResult[]>;
  /**
   * The image of a `wenyang://search?image=…` link, prepared by the main process, once: null when
   * none is waiting (or it was taken already).
   */
  takeLinkedImage(): Promise<PrepareSearchImageResult | null>;
};

/** A `wenyang://search` link's image is waiting: call takeLinkedImage. */
export type LinkedImageArrived = { name: string };

/** The renderer's side of image search: it hands over dropped File objects, never paths. */
export type DesktopImageSearch = {
  /** At most 50 files (§9); more gives one result with 最多只能上传50张图片. */
  prepareFiles(files: readonly File[]): Promise<PrepareSearchImageResult[]>;
  takeLinkedImage(): Promise<PrepareSearchImageResult | null>;
  onLinkedImage: BridgeSubscribe<LinkedImageArrived>;
};

/** Where licensed originals are saved on the desktop (下载设置), kept in the user-data folder. */
export type DownloadSettings = {
  /** Absolute path of the folder originals are saved to. */
  folder: string;
  /** Whether that is the default (the system's 下载 folder) rather than one the user chose. */
  folderIsDefault: boolean;
  nameRule: DownloadNameRule;
  /** 关闭窗口时最小化到托盘: closing the window keeps the app (and its uploads) running in the tray. */
  closeToTray: boolean;
};

/** One setting or both; the rest stays as it is. */
export type DownloadSettingsChange = { nameRule?: DownloadNameRule; closeToTray?: boolean };

/** A licensed original to save (下载原图): the signed link from User/GetUserImgAuth and its name. */
export type SaveFileRequest = {
  /** The signed server path of the original, beginning with `/files/`; nothing else is fetched. */
  path: string;
  /** The name under the naming rule (downloadFileName); main cleans it again and keeps `.png`. */
  fileName: string;
  /**
   * The work (creationId): an interrupted download is continued at the next start with a fresh
   * signed link from User/GetUserImgAuth. Without it, only the user's next try continues it.
   */
  workId?: number;
};

/** Saved (the absolute path the file now has), or the Chinese sentence saying why not. */
export type SaveFileResult = { ok: true; savedPath: string } | { ok: false; message: string };

/** Progress of one save, at most ~10 a second, and once more when it ends. */
export type DownloadProgress = {
  /** The name asked for (before a (1), (2)… is added), so the page knows which save it is. */
  fileName: string;
  received: number;
  /** Bytes expected, or null when the server did not say. */
  total: number | null;
  done: boolean;
  /** Set when the save failed (Chinese). */
  error?: string;
};

export type DesktopDownloadsCalls = {
  getSettings(): Promise<DownloadSettings>;
  /** Opens the native folder picker; the new settings, or null when the user cancels. */
  chooseFolder(): Promise<DownloadSettings | null>;
  setSettings(change: DownloadSettingsChange): Promise<DownloadSettings>;
  /** Back to the system's 下载 folder, naming by the work's name and closing to the tray (恢复默认). */
  resetSettings(): Promise<DownloadSettings>;
  /** Downloads a licensed original into the chosen folder, never over an existing file. */
  saveFile(request: SaveFileRequest): Promise<SaveFileResult>;
};

/** What the main process implements: request/response calls grouped by namespace (`satisfies` this). */
export type DesktopBridgeCalls = {
  app: {
    appInfo(): Promise<AppInfo>;
  };
  session: {
    /** Stores the login message in the main process's cookie jar (persisted) and starts renewal. */
    setLogin(message: DesktopLoginMessage): Promise<DesktopSessionState>;
    getState(): Promise<DesktopSessionState>;
    /** Discards the token on the server (errors ignored) and clears the jar. */
    logout(): Promise<DesktopSessionState>;
  };
  http: {
    /** Sends a request to the marketplace server through the main process, which owns the cookie jar. */
    request(req: BridgeHttpRequest): Promise<BridgeHttpResponse>;
  };
  uploads: DesktopUploadsCalls;
  imageSearch: DesktopImageSearchCalls;
  downloads: DesktopDownloadsCalls;
};

/** Events the main process pushes to the app's windows: namespace → subscriber name → payload. */
export type DesktopBridgeEvents = {
  uploads: {
    /** Throttled live updates of the upload queue. */
    onChange: DesktopUploadQueueChange;
  };
  downloads: {
    /** Progress of the saves of licensed originals. */
    onProgress: DownloadProgress;
  };
  imageSearch: {
    /** A deep link's image is ready to search (then takeLinkedImage). */
    onLinkedImage: LinkedImageArrived;
  };
};

/** Subscribes a listener; the returned function unsubscribes it. */
export type BridgeSubscribe<Payload> = (listener: (payload: Payload) => void) => () => void;

export type BridgeSubscribers = {
  [N in keyof DesktopBridgeEvents]: {
    [E in keyof DesktopBridgeEvents[N]]: BridgeSubscribe<DesktopBridgeEvents[N][E]>;
  };
};

/** `window.desktop`: the calls, plus the subscribers of each namespace that has events. */
export type DesktopBridge = {
  [N in keyof DesktopBridgeCalls]: N extends 'imageSearch'
    ? DesktopImageSearch
    : DesktopBridgeCalls[N] & (N extends keyof BridgeSubscribers ? BridgeSubscribers[N] : unknown);
};

/** Names the preload forwards, as `namespace:method` channels. Kept beside the type so both stay in step. */
export const BRIDGE_METHODS = {
  app: ['appInfo'],
  session: ['setLogin', 'getState', 'logout'],
  http: ['request'],
  uploads: [
    'addFolder',
    'listFolders',
    'updateFolder',
    'removeFolder',
    'getQueue',
    'pause',
    'resume',
    'retry',
    'getPreview',
    'moveFolderToAccount',
  ],
  imageSearch: ['prepareFiles', 'takeLinkedImage'],
  downloads: ['getSettings', 'chooseFolder', 'setSettings', 'resetSettings', 'saveFile'],
} as const satisfies { [N in keyof DesktopBridgeCalls]: readonly (keyof DesktopBridgeCalls[N])[] };

/** Subscriber names the preload exposes, per namespace. */
export const BRIDGE_EVENTS = {
  uploads: ['onChange'],
  downloads: ['onProgress'],
  imageSearch: ['onLinkedImage'],
} as const satisfies {
  [N in keyof DesktopBridgeEvents]: readonly (keyof DesktopBridgeEvents[N])[];
};

/** What the main process sends on BRIDGE_EVENT_CHANNEL; the preload hands `payload` to the subscribers. */
export type BridgeEventMessage = {
  [N in keyof DesktopBridgeEvents]: {
    [E in keyof DesktopBridgeEvents[N]]: {
      namespace: N;
      event: E;
      payload: DesktopBridgeEvents[N][E];
    };
  }[keyof DesktopBridgeEvents[N]];
}[keyof DesktopBridgeEvents];

/** The one channel main → renderer events travel on, only to the app's own windows. */
export const BRIDGE_EVENT_CHANNEL = 'desktop-bridge:event';

/** Whether a message on BRIDGE_EVENT_CHANNEL names a known event (the preload checks before handing it on). */
export function isBridgeEventMessage(value: unknown): value is BridgeEventMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { namespace, event } = value as Record<string, unknown>;
  if (typeof namespace !== 'string' || !Object.hasOwn(BRIDGE_EVENTS, namespace)) return false;
  const events: readonly string[] = BRIDGE_EVENTS[namespace as keyof typeof BRIDGE_EVENTS];
  return typeof event === 'string' && events.includes(event);
}

/** What the preload sends over the channel; the main process validates every part before dispatching. */
export type BridgeCall = { namespace: string; method: string; args: unknown[] };

/** The single IPC channel name the preload uses; the method is carried in the payload. */
export const BRIDGE_CHANNEL = 'desktop-bridge';
