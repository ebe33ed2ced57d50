// The bridge's handler map (what the renderer may call) and the one IPC handler that dispatches to it.
import { ipcMain } from 'electron';
import { BRIDGE_CHANNEL } from '../shared/bridge';
import type { AppInfo, DesktopBridge } from '../shared/bridge';
import { createBridgeDispatcher } from './bridge-dispatch';
import type { DesktopSession } from './session/desktop-session';
import type { HttpClient } from './session/http-client';

export type HandlerDependencies = {
  appInfo: () => AppInfo;
  /** The main process's session: login message in, state out, never the token. */
  session: Pick<DesktopSession, 'setLogin' | 'getState' | 'logout'>;
  /** Sends with the session's cookie jar (see DesktopSession.http). */
  httpClient: Pick<HttpClient, 'request'>;
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
  } satisfies DesktopBridge;
}

/** Registers the one bridge channel; returns a function that unregisters it. */
export function registerBridgeHandlers(
  handlers: DesktopBridge,
  appOrigins: readonly string[],
): () => void {
  const dispatch = createBridgeDispatcher(handlers, appOrigins);
  ipcMain.handle(BRIDGE_CHANNEL, (event, payload: unknown) =>
    dispatch(event.senderFrame?.url, payload),
  );
  return () => ipcMain.removeHandler(BRIDGE_CHANNEL);
}
