import type { BasicInfo } from '@shared/contract/help';
import type { SiteInfoConfig } from '../../config';
import { DEFAULT_SUPPORT } from './help-vocabulary';

// Support/GetBasicInfo (docs/help.md): the contact block of /about and the footer, and the outside
// links, all from the server's configuration, so changing a number or a link needs no release.

export function basicInfo(config: SiteInfoConfig): BasicInfo {
  return {
    hotline: config.hotline ?? DEFAULT_SUPPORT.hotline,
    hours: config.hours ?? DEFAULT_SUPPORT.hours,
    consultationPath: config.consultationPath,
    miniProgramUrl: config.miniProgramUrl,
    officialAccountUrl: config.officialAccountUrl,
    designCloudUrl: config.designCloudUrl,
    designerInfoUrl: config.designerInfoUrl,
  };
}
