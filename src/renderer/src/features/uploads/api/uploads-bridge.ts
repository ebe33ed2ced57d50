import type { DesktopBridge } from '@shared/bridge';
import { desktopUploads } from '../../../lib/platform';

/** The bridge's upload namespace; the page is shown only in the desktop, where it exists. */
export function uploadsBridge(): DesktopBridge['uploads'] {
  const uploads = desktopUploads();
  if (!uploads) throw new Error('上传文件夹需要纹样桌面客户端');
  return uploads;
}
