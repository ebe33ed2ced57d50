// Exposes exactly the DesktopBridge as `window.desktop`: each name forwards over the one IPC channel.
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_CHANNEL, BRIDGE_METHODS } from '../shared/bridge';
import type { BridgeCall, DesktopBridge } from '../shared/bridge';

type BridgeNamespace = keyof DesktopBridge;

function forwardNamespace<N extends BridgeNamespace>(namespace: N): DesktopBridge[N] {
  const group: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const method of BRIDGE_METHODS[namespace]) {
    group[method] = (...args) => {
      const call: BridgeCall = { namespace, method, args };
      return ipcRenderer.invoke(BRIDGE_CHANNEL, call);
    };
  }
  // Results are typed by the main process's handler map, which satisfies the same DesktopBridge.
  return group as DesktopBridge[N];
}

const bridge = {
  app: forwardNamespace('app'),
  session: forwardNamespace('session'),
  http: forwardNamespace('http'),
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('desktop', bridge);
