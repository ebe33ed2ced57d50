// Exposes exactly the DesktopBridge as `window.desktop`: each call forwards over the one IPC channel,
// each subscriber listens on the one event channel.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import {
  BRIDGE_CHANNEL,
  BRIDGE_EVENT_CHANNEL,
  BRIDGE_EVENTS,
  BRIDGE_METHODS,
  isBridgeEventMessage,
} from '../shared/bridge';
import type {
  BridgeCall,
  BridgeSubscribers,
  DesktopBridge,
  DesktopImageSearch,
  DesktopBridgeCalls,
  DesktopBridgeEvents,
} from '../shared/bridge';

function forwardNamespace<N extends keyof DesktopBridgeCalls>(namespace: N): DesktopBridgeCalls[N] {
  const group: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const method of BRIDGE_METHODS[namespace]) {
    group[method] = (...args) => {
      const call: BridgeCall = { namespace, method, args };
      return ipcRenderer.invoke(BRIDGE_CHANNEL, call);
    };
  }
  // Results are typed by the main process's handler map, which satisfies the same DesktopBridgeCalls.
  return group as DesktopBridgeCalls[N];
}

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

// One listener for every event; main sends only to the app's own windows, and names are checked here.
ipcRenderer.on(BRIDGE_EVENT_CHANNEL, (_event, message: unknown) => {
  if (!isBridgeEventMessage(message)) return;
  for (const listener of listeners.get(`${message.namespace}:${message.event}`) ?? []) {
    try {
      listener(message.payload);
    } catch (error) {
      console.error('[wenyang] 桌面事件处理失败 / Bridge event listener failed:', error);
    }
  }
});

function subscribers<N extends keyof DesktopBridgeEvents>(namespace: N): BridgeSubscribers[N] {
  const group: Record<string, (listener: Listener) => () => void> = {};
  for (const event of BRIDGE_EVENTS[namespace]) {
    const key = `${namespace}:${event}`;
    group[event] = (listener) => {
      if (typeof listener !== 'function') throw new TypeError('listener must be a function');
      // Each subscription is its own entry, so subscribing one function twice needs two unsubscribes.
      const entry: Listener = (payload) => listener(payload);
      const set = listeners.get(key) ?? new Set<Listener>();
      listeners.set(key, set.add(entry));
      return () => {
        set.delete(entry);
      };
    };
  }
  return group as BridgeSubscribers[N];
}

// The renderer hands over File objects; only here do they become paths (webUtils knows the path of a
// file the user dropped or picked, and '' for one made in script), so the page never names a file.
const imageSearch: DesktopImageSearch = {
  prepareFiles: (files) => {
    const paths = Array.from(files, (file) => webUtils.getPathForFile(file));
    const call: BridgeCall = { namespace: 'imageSearch', method: 'prepareFiles', args: [paths] };
    return ipcRenderer.invoke(BRIDGE_CHANNEL, call);
  },
  takeLinkedImage: () => {
    const call: BridgeCall = { namespace: 'imageSearch', method: 'takeLinkedImage', args: [] };
    return ipcRenderer.invoke(BRIDGE_CHANNEL, call);
  },
  ...subscribers('imageSearch'),
};

const bridge = {
  app: forwardNamespace('app'),
  session: forwardNamespace('session'),
  http: forwardNamespace('http'),
  uploads: { ...forwardNamespace('uploads'), ...subscribers('uploads') },
  imageSearch,
  downloads: { ...forwardNamespace('downloads'), ...subscribers('downloads') },
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('desktop', bridge);
