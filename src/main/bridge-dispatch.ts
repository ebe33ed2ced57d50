// Routes one bridge IPC call to the handler map: sender check, name allow-list, payload shape. No Electron.
import { BRIDGE_METHODS } from '../shared/bridge';
import type { DesktopBridgeCalls } from '../shared/bridge';
import { isAppUrl } from './security';

/** The payload the preload sends on BRIDGE_CHANNEL. */
import type { BridgeCall } from '../shared/bridge';

export type { BridgeCall };

export type BridgeNamespace = keyof typeof BRIDGE_METHODS;

type Expect<T extends true> = T;
type UnlistedMethods = {
  [N in keyof DesktopBridgeCalls]: Exclude<
    keyof DesktopBridgeCalls[N],
    (typeof BRIDGE_METHODS)[N][number]
  >;
}[keyof DesktopBridgeCalls];
/** Fails to compile when a DesktopBridge method is missing from BRIDGE_METHODS (the preload would not forward it). */
export type EveryBridgeMethodIsListed = Expect<[UnlistedMethods] extends [never] ? true : false>;

export type BridgeDispatcher = (
  senderUrl: string | null | undefined,
  payload: unknown,
) => Promise<unknown>;

type BoundHandler = (...args: unknown[]) => unknown;

function isBridgeNamespace(name: string): name is BridgeNamespace {
  return Object.hasOwn(BRIDGE_METHODS, name);
}

/** Whether `namespace.method` is a name the renderer may call. */
export function isBridgeMethod(namespace: string, method: string): boolean {
  if (!isBridgeNamespace(namespace)) return false;
  const methods: readonly string[] = BRIDGE_METHODS[namespace];
  return methods.includes(method);
}

/** Checks the shape of an IPC payload; the renderer side is never trusted. */
export function parseBridgeCall(payload: unknown): BridgeCall {
  if (typeof payload === 'object' && payload !== null) {
    const { namespace, method, args } = payload as Record<string, unknown>;
    if (typeof namespace === 'string' && typeof method === 'string' && Array.isArray(args)) {
      return { namespace, method, args };
    }
  }
  throw new Error('桌面桥调用格式无效 / Malformed desktop bridge call');
}

/** The handler for an allowed name, bound to its namespace object; throws for any other name. */
export function lookupBridgeHandler(
  handlers: DesktopBridgeCalls,
  namespace: string,
  method: string,
): BoundHandler {
  if (!isBridgeNamespace(namespace) || !isBridgeMethod(namespace, method)) {
    throw new Error(`未知的桌面桥方法 / Unknown desktop bridge method: ${namespace}:${method}`);
  }
  const group: Record<string, unknown> = handlers[namespace];
  const handler = group[method];
  if (typeof handler !== 'function') {
    throw new Error(
      `桌面桥方法未实现 / Desktop bridge method not implemented: ${namespace}:${method}`,
    );
  }
  return (...args) => (handler as BoundHandler).apply(group, args);
}

/** Builds the function the single IPC handler delegates to. */
export function createBridgeDispatcher(
  handlers: DesktopBridgeCalls,
  appOrigins: readonly string[],
): BridgeDispatcher {
  return async (senderUrl, payload) => {
    // Only the app's own pages may use the bridge; a framed or navigated-away page is refused.
    if (!senderUrl || !isAppUrl(senderUrl, appOrigins)) {
      throw new Error(
        `拒绝来自非应用页面的桌面桥调用 / Refused desktop bridge call from ${senderUrl || 'an unknown frame'}`,
      );
    }
    const call = parseBridgeCall(payload);
    const handler = lookupBridgeHandler(handlers, call.namespace, call.method);
    return handler(...call.args);
  };
}
