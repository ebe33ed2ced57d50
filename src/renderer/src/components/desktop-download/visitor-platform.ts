import type { DesktopPlatform } from '@shared/contract/desktop-releases';

// Which installer to offer first: the visitor's own system, from User-Agent Client Hints where the
// browser has them (Chromium), else the User-Agent string. Phones and tablets get none.

export type NavigatorLike = {
  userAgent: string;
  userAgentData?: { platform?: string; mobile?: boolean };
};

export function visitorPlatform(nav: NavigatorLike): DesktopPlatform | null {
  const hinted = nav.userAgentData?.platform;
  if (hinted && !nav.userAgentData?.mobile) {
    if (/^windows$/i.test(hinted)) return 'windows';
    if (/^macos$/i.test(hinted)) return 'mac';
    if (/^linux$/i.test(hinted)) return 'linux';
  }
  const ua = nav.userAgent;
  // iPhone/iPad say "Mac OS X", Android says "Linux": neither runs a desktop installer.
  if (/Android|iPhone|iPad|iPod|Mobile|CrOS/i.test(ua)) return null;
  if (/Windows NT|Win64|Win32/i.test(ua)) return 'windows';
  if (/Macintosh|Mac OS X/i.test(ua)) return 'mac';
  if (/Linux|X11/i.test(ua)) return 'linux';
  return null;
}

/** What people call each system, and the kind of file they get. */
export const PLATFORM_LABELS: Record<DesktopPlatform, { name: string; file: string }> = {
  windows: { name: 'Windows', file: '安装程序（.exe）' },
  mac: { name: 'macOS', file: '磁盘映像（.dmg）' },
  linux: { name: 'Linux', file: 'AppImage' },
};

/** Megabytes with one decimal, as download pages show sizes. */
export const sizeInMb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
