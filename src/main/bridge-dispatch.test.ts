import { describe, expect, it } from 'vitest';
import { isBridgeEventMessage } from '../shared/bridge';
import type {
  BridgeHttpRequest,
  DesktopBridgeCalls,
  DesktopUploadQueueStatus,
} from '../shared/bridge';
import { EMPTY_FOLDER_DEFAULTS } from '../shared/upload-queue';
import type { WatchedFolder } from '../shared/upload-queue';
import { createBridgeDispatcher, isBridgeMethod, parseBridgeCall } from './bridge-dispatch';

const APP_ORIGINS = ['http://localhost:5173'];
const FROM_APP = 'http://localhost:5173/works/12';

const STATUS: DesktopUploadQueueStatus = {
  account: { userId: 1, caiHongID: '80000001', name: '设计师甲' },
  holds: [],
  paused: false,
  pauseReason: null,
  totals: {
    queued: 0,
    preparing: 0,
    uploading: 0,
    uploaded: 0,
    failed: 0,
    total: 0,
    bytesPerSecond: 0,
    filesPerMinute: 0,
  },
};
const FOLDER: WatchedFolder = {
  id: 'f1',
  path: '/home/designer/花型',
  name: '花型',
  defaults: EMPTY_FOLDER_DEFAULTS,
  addedAt: 0,
  problem: null,
};

const DOWNLOADS = {
  folder: '/home/me/Downloads',
  folderIsDefault: true,
  nameRule: 'title' as const,
  closeToTray: true,
};

function fakeHandlers(): {
  handlers: DesktopBridgeCalls;
  requests: BridgeHttpRequest[];
  retried: string[];
  moved: string[];
} {
  const requests: BridgeHttpRequest[] = [];
  const retried: string[] = [];
  const moved: string[] = [];
  const handlers = {
    app: {
      appInfo: async () => ({
        name: '纹样',
        version: '0.1.0',
        versions: { electron: '39', chrome: '142', node: '22' },
        platform: 'linux',
        serverUrl: 'http://localhost:8080',
        packaged: false,
      }),
    },
    session: {
      setLogin: async (message) => ({ signedIn: true, expiration: message.expiration }),
      getState: async () => ({ signedIn: false, expiration: null }),
      logout: async () => ({ signedIn: false, expiration: null }),
    },
    http: {
      request: async (req: BridgeHttpRequest) => {
        requests.push(req);
        return { status: 200, headers: {}, body: '{"code":1}' };
      },
    },
    uploads: {
      addFolder: async () => FOLDER,
      listFolders: async () => [FOLDER],
      updateFolder: async (_id, defaults) => ({ ...FOLDER, defaults }),
      removeFolder: async () => undefined,
      getQueue: async () => ({ ...STATUS, items: [] }),
      pause: async () => ({ ...STATUS, paused: true, pauseReason: 'user' }),
      resume: async () => STATUS,
      retry: async (target) => {
        retried.push(target);
        return STATUS;
      },
      getPreview: async () => null,
      moveFolderToAccount: async (folderId) => {
        moved.push(folderId);
        return STATUS;
      },
    },
    imageSearch: {
      prepareFiles: async (paths) =>
        paths.map((path) => ({ ok: false as const, name: path, message: '测试' })),
      takeLinkedImage: async () => null,
    },
    downloads: {
      getSettings: async () => DOWNLOADS,
      chooseFolder: async () => null,
      setSettings: async (change) => ({ ...DOWNLOADS, ...change }),
      resetSettings: async () => DOWNLOADS,
      saveFile: async () => ({ ok: false as const, message: '测试' }),
    },
  } satisfies DesktopBridgeCalls;
  return { handlers, requests, retried, moved };
}

describe('createBridgeDispatcher', () => {
  it('answers appInfo for the app’s own page', async () => {
    const dispatch = createBridgeDispatcher(fakeHandlers().handlers, APP_ORIGINS);
    const info = await dispatch(FROM_APP, { namespace: 'app', method: 'appInfo', args: [] });
    expect(info).toMatchObject({ name: '纹样', serverUrl: 'http://localhost:8080' });
  });

  it('passes the renderer’s arguments through to the handler unchanged', async () => {
    const { handlers, requests } = fakeHandlers();
    const dispatch = createBridgeDispatcher(handlers, APP_ORIGINS);
    const req = { method: 'POST', path: '/api/1.0.0/User/GetUserInfo', body: '{}' };
    const response = await dispatch(FROM_APP, {
      namespace: 'http',
      method: 'request',
      args: [req],
    });
    expect(requests).toEqual([req]);
    expect(response).toEqual({ status: 200, headers: {}, body: '{"code":1}' });
  });

  it('works for the built app served from app://wenyang, and never for a local file', async () => {
    const dispatch = createBridgeDispatcher(fakeHandlers().handlers, ['app://wenyang']);
    const call = { namespace: 'app', method: 'appInfo', args: [] };
    await expect(dispatch('app://wenyang/works/12', call)).resolves.toBeTruthy();
    await expect(dispatch('file:///tmp/downloaded.html', call)).rejects.toThrow(/Refused/);
    await expect(dispatch('app://other/', call)).rejects.toThrow(/Refused/);
  });

  it('forwards the session calls', async () => {
    const dispatch = createBridgeDispatcher(fakeHandlers().handlers, APP_ORIGINS);
    const login = { token: 't', expiration: 1_900_000_000_000, refreshToken: 'r' };
    await expect(
      dispatch(FROM_APP, { namespace: 'session', method: 'setLogin', args: [login] }),
    ).resolves.toEqual({ signedIn: true, expiration: login.expiration });
    await expect(
      dispatch(FROM_APP, { namespace: 'session', method: 'getState', args: [] }),
    ).resolves.toEqual({ signedIn: false, expiration: null });
  });

  it('forwards the upload calls with their arguments', async () => {
    const { handlers, retried } = fakeHandlers();
    const dispatch = createBridgeDispatcher(handlers, APP_ORIGINS);
    await expect(
      dispatch(FROM_APP, { namespace: 'uploads', method: 'retry', args: ['all'] }),
    ).resolves.toEqual(STATUS);
    expect(retried).toEqual(['all']);
    await expect(
      dispatch(FROM_APP, { namespace: 'uploads', method: 'pause', args: [] }),
    ).resolves.toMatchObject({ paused: true, pauseReason: 'user' });
    await expect(
      dispatch(FROM_APP, { namespace: 'uploads', method: 'addFolder', args: [] }),
    ).resolves.toEqual(FOLDER);
  });

  it('forwards the download settings calls', async () => {
    const dispatch = createBridgeDispatcher(fakeHandlers().handlers, APP_ORIGINS);
    await expect(
      dispatch(FROM_APP, {
        namespace: 'downloads',
        method: 'setSettings',
        args: [{ nameRule: 'workNo' }],
      }),
    ).resolves.toEqual({ ...DOWNLOADS, nameRule: 'workNo' });
    await expect(
      dispatch(FROM_APP, { namespace: 'downloads', method: 'chooseFolder', args: [] }),
    ).resolves.toBeNull();
  });

  it('forwards moving a folder to the signed-in account by the folder’s id', async () => {
    const { handlers, moved } = fakeHandlers();
    const dispatch = createBridgeDispatcher(handlers, APP_ORIGINS);
    expect(isBridgeMethod('uploads', 'moveFolderToAccount')).toBe(true);
    await expect(
      dispatch(FROM_APP, { namespace: 'uploads', method: 'moveFolderToAccount', args: ['f1'] }),
    ).resolves.toEqual(STATUS);
    expect(moved).toEqual(['f1']);
  });

  it('never lets the renderer call a subscriber or name a folder path through the bridge', async () => {
    const dispatch = createBridgeDispatcher(fakeHandlers().handlers, APP_ORIGINS);
    for (const method of ['onChange', 'watchPath', 'close']) {
      await expect(
        dispatch(FROM_APP, { namespace: 'uploads', method, args: ['/etc'] }),
      ).rejects.toThrow(/Unknown desktop bridge method/);
    }
  });

  it('refuses calls from the framed account site or any other origin', async () => {
    const dispatch = createBridgeDispatcher(fakeHandlers().handlers, APP_ORIGINS);
    const call = { namespace: 'app', method: 'appInfo', args: [] };
    await expect(dispatch('http://localhost:8080/account/', call)).rejects.toThrow(
      /拒绝来自非应用页面的桌面桥调用/,
    );
    await expect(dispatch('https://evil.example/', call)).rejects.toThrow(/Refused/);
  });

  it('refuses a call whose sender frame is gone', async () => {
    const dispatch = createBridgeDispatcher(fakeHandlers().handlers, APP_ORIGINS);
    const call = { namespace: 'app', method: 'appInfo', args: [] };
    await expect(dispatch(null, call)).rejects.toThrow(/unknown frame/);
    await expect(dispatch(undefined, call)).rejects.toThrow(/unknown frame/);
    await expect(dispatch('', call)).rejects.toThrow(/unknown frame/);
  });

  it('refuses names that are not in BRIDGE_METHODS', async () => {
    const dispatch = createBridgeDispatcher(fakeHandlers().handlers, APP_ORIGINS);
    for (const [namespace, method] of [
      ['app', 'quit'],
      ['shell', 'openExternal'],
      ['http', 'appInfo'],
      ['app', 'constructor'],
      ['__proto__', 'toString'],
      ['app', 'hasOwnProperty'],
    ]) {
      await expect(dispatch(FROM_APP, { namespace, method, args: [] })).rejects.toThrow(
        /Unknown desktop bridge method/,
      );
    }
  });

  it('refuses a method that is listed but missing from the handler map', async () => {
    const { handlers } = fakeHandlers();
    const broken = { ...handlers, app: {} } as unknown as DesktopBridgeCalls;
    const dispatch = createBridgeDispatcher(broken, APP_ORIGINS);
    await expect(
      dispatch(FROM_APP, { namespace: 'app', method: 'appInfo', args: [] }),
    ).rejects.toThrow(/not implemented/);
  });

  it('refuses malformed payloads', async () => {
    const dispatch = createBridgeDispatcher(fakeHandlers().handlers, APP_ORIGINS);
    for (const payload of [
      null,
      'app:appInfo',
      { namespace: 'app', method: 'appInfo' },
      { namespace: 1 },
    ]) {
      await expect(dispatch(FROM_APP, payload)).rejects.toThrow(/Malformed desktop bridge call/);
    }
  });

  it('checks the sender before looking at the payload', async () => {
    const dispatch = createBridgeDispatcher(fakeHandlers().handlers, APP_ORIGINS);
    await expect(dispatch('https://evil.example/', null)).rejects.toThrow(/Refused/);
  });
});

describe('isBridgeMethod', () => {
  it('knows exactly the shared bridge names', () => {
    expect(isBridgeMethod('app', 'appInfo')).toBe(true);
    expect(isBridgeMethod('http', 'request')).toBe(true);
    expect(isBridgeMethod('session', 'setLogin')).toBe(true);
    expect(isBridgeMethod('session', 'token')).toBe(false);
    expect(isBridgeMethod('http', 'toString')).toBe(false);
    expect(isBridgeMethod('uploads', 'getQueue')).toBe(true);
    expect(isBridgeMethod('uploads', 'onChange')).toBe(false);
    expect(isBridgeMethod('downloads', 'chooseFolder')).toBe(true);
    // The folder comes only from the native picker: there is no call that takes a path.
    expect(isBridgeMethod('downloads', 'setFolder')).toBe(false);
  });
});

describe('isBridgeEventMessage', () => {
  it('accepts the known events only', () => {
    expect(isBridgeEventMessage({ namespace: 'uploads', event: 'onChange', payload: {} })).toBe(
      true,
    );
    expect(isBridgeEventMessage({ namespace: 'uploads', event: 'getQueue', payload: {} })).toBe(
      false,
    );
    expect(isBridgeEventMessage({ namespace: '__proto__', event: 'onChange' })).toBe(false);
    expect(isBridgeEventMessage('uploads:onChange')).toBe(false);
  });
});

describe('parseBridgeCall', () => {
  it('keeps namespace, method and arguments', () => {
    expect(parseBridgeCall({ namespace: 'http', method: 'request', args: [1, 'a'] })).toEqual({
      namespace: 'http',
      method: 'request',
      args: [1, 'a'],
    });
  });
});
