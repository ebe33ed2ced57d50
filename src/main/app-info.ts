// Builds the AppInfo the renderer shows (about box, diagnostics) from inputs the Electron glue gathers.
import type { AppInfo } from '../shared/bridge';

/** Product name shown to users. */
export const PRODUCT_NAME = '纹样';

export type AppInfoInputs = {
  /** Version from package.json (Electron's `app.getVersion()`). */
  version: string;
  /** `process.versions` of the main process. */
  processVersions: Readonly<Record<string, string | undefined>>;
  platform: string;
  serverUrl: string;
  packaged: boolean;
};

const UNKNOWN_VERSION = 'unknown';

export function buildAppInfo(inputs: AppInfoInputs): AppInfo {
  const { processVersions } = inputs;
  return {
    name: PRODUCT_NAME,
    version: inputs.version.trim() || UNKNOWN_VERSION,
    versions: {
      electron: processVersions['electron'] ?? UNKNOWN_VERSION,
      chrome: processVersions['chrome'] ?? UNKNOWN_VERSION,
      node: processVersions['node'] ?? UNKNOWN_VERSION,
    },
    platform: inputs.platform,
    serverUrl: inputs.serverUrl,
    packaged: inputs.packaged,
  };
}
