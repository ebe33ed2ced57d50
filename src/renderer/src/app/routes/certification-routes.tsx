import { BankAccountView } from '../../features/certification/components/bank-account-view';
import { CertificationView } from '../../features/certification/components/certification-view';
import { DownloadSettingsView } from '../../features/downloads/components/download-settings-view';
import { desktopBridge } from '../../lib/platform';

/** /user/certification (认证). */
export function CertificationRoute() {
  return <CertificationView />;
}

/** /user/certification/BAbind (绑定银行账户). */
export function BankAccountBindRoute() {
  return <BankAccountView />;
}

/** /download/setting (下载设置): the desktop's folder and naming, or the browser's naming rule. */
export function DownloadSettingRoute() {
  return <DownloadSettingsView desktop={desktopBridge()?.downloads} />;
}
