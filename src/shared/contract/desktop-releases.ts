import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { apiPath, defineCall } from './define';

// The desktop client's installers (issue 18), served by the marketplace from DESKTOP_RELEASES_DIR:
// electron-builder's latest*.yml feeds say what is published; the same folder URL is the
// electron-updater generic feed (docs/desktop-distribution.md).

/** Where the release folder is served: the updater's feed URL and every installer's download. */
export const DESKTOP_RELEASES_ROUTE = '/desktop/releases/';

/** The download URL of one file of the release folder. */
export const desktopReleaseUrl = (fileName: string): string =>
  `${DESKTOP_RELEASES_ROUTE}${encodeURIComponent(fileName)}`;

export const DESKTOP_PLATFORMS = ['windows', 'mac', 'linux'] as const;
export type DesktopPlatform = (typeof DESKTOP_PLATFORMS)[number];

export const DesktopRelease = Type.Object({
  platform: Type.Union([Type.Literal('windows'), Type.Literal('mac'), Type.Literal('linux')]),
  /** The installer's file name (nsis .exe, .dmg, .AppImage). */
  fileName: Type.String(),
  /** The app version (semver), from the feed. */
  version: Type.String(),
  /** Bytes. */
  size: Type.Integer({ minimum: 0 }),
  /** When electron-builder published it (ISO). */
  releaseDate: Type.String(),
  /** The installer's SHA-256, lowercase hex, computed by the server from the file itself. */
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  /** Path on this server (`/desktop/releases/<name>`). */
  downloadUrl: Type.String(),
  /** The feed's release notes as plain text ('' when none). */
  releaseNotes: Type.String(),
});
export type DesktopRelease = Static<typeof DesktopRelease>;

export const getDesktopReleases = defineCall({
  name: 'Desktop/GetReleases',
  path: apiPath('Desktop', 'GetReleases'),
  tag: 'desktop',
  summary: '桌面客户端安装包：各系统的版本、大小、发布日期、SHA-256、下载地址与更新说明',
  request: Type.Object({}),
  response: Type.Object({ releases: Type.Array(DesktopRelease) }),
});
