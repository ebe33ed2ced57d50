import { useState } from 'react';
import type { CSSProperties } from 'react';
import { Alert } from 'antd';
import { OLD_BROWSER_MIN_WIDTH_PX } from '@shared/constants';
import { MSG } from '@shared/messages';

/** §2/§9 Layouts keep at least this width; narrower windows scroll sideways. */
export const OLD_BROWSER_MIN_WIDTH_STYLE = {
  minWidth: OLD_BROWSER_MIN_WIDTH_PX,
} as const satisfies CSSProperties;

const CLOSE_LABEL = '关闭';

function majorVersion(userAgent: string, pattern: RegExp): number | null {
  const match = pattern.exec(userAgent);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** §2 IE, EdgeHTML (Edge/ ≤ 18), Chrome < 80, Firefox < 78 and Safari < 13 count as old. */
export function isOldBrowser(userAgent: string): boolean {
  if (/MSIE |Trident\//.test(userAgent)) return true;
  // EdgeHTML says "Edge/"; Chromium Edge says "Edg/" and is judged as Chrome below.
  const edge = majorVersion(userAgent, /\bEdge\/(\d+)/);
  if (edge !== null) return edge <= 18;
  const chrome = majorVersion(userAgent, /\b(?:Chrome|Chromium)\/(\d+)/);
  if (chrome !== null) return chrome < 80;
  const firefox = majorVersion(userAgent, /\bFirefox\/(\d+)/);
  if (firefox !== null) return firefox < 78;
  // Safari's own version is in "Version/"; other iOS browsers lack it and are left alone.
  const safari = majorVersion(userAgent, /\bVersion\/(\d+)[\d.]*.*\bSafari\//);
  if (safari !== null) return safari < 13;
  return false;
}

export type OldBrowserBarProps = {
  /** Defaults to the running browser's user agent. */
  userAgent?: string;
};

/** §2 A closable warning bar recommending a modern browser to users of an old one. */
export function OldBrowserBar({ userAgent = navigator.userAgent }: OldBrowserBarProps) {
  const [closed, setClosed] = useState(false);
  if (closed || !isOldBrowser(userAgent)) return null;
  return (
    <Alert
      banner
      type="warning"
      showIcon
      title={MSG.oldBrowser}
      closable={{ onClose: () => setClosed(true), 'aria-label': CLOSE_LABEL }}
    />
  );
}
