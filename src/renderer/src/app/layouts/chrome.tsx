import type { ReactNode } from 'react';
import { FloatingTools } from '../../components/layout/floating-tools';
import {
  OLD_BROWSER_MIN_WIDTH_STYLE,
  OldBrowserBar,
} from '../../components/layout/old-browser-bar';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteHeader } from '../../components/layout/site-header';
import { useNavigate } from 'react-router-dom';
import { useBasicInfo } from '../../api/get-basic-info';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/accounts/session/use-logout';
import { useFolkEntry } from '../../features/folk/api/folk-access';
import { NoticeBell } from '../../features/notices/components/lazy-notice-bell';
import {
  ServiceDrawerHost,
  ServiceFloatingEntry,
} from '../../features/customer-service/components/service-floating-entry';
import { ImageWindowDrop } from '../../features/search/components/image-window-drop';
import { useHeaderSearchSuggest } from '../../features/search/hooks/use-header-search-suggest';
import { useImageSearchUpload } from '../../features/search/hooks/use-image-search-upload';
import { isDesktop } from '../../lib/platform';
import { selectEmbedded, useEmbedStore } from '../../stores/embed-store';

type ChromeProps = {
  header?: 'full' | 'order' | 'none';
  footer?: boolean;
  floatingTools?: boolean;
  aside?: ReactNode;
  top?: ReactNode;
  children: ReactNode;
};

/** The frame every layout shares; embedded (saas/portal) mode hides header, footer and side menu. */
export function Chrome({
  header = 'full',
  footer = true,
  floatingTools = false,
  aside,
  top,
  children,
}: ChromeProps) {
  const embedded = useEmbedStore(selectEmbedded);
  const logout = useLogout();
  const navigate = useNavigate();
  const suggest = useHeaderSearchSuggest();
  const imageSearch = useImageSearchUpload();
  // §2/§6 西南民族文化基地 in the header only when the server's flag says so.
  const showSouthwestFolk = useFolkEntry();
  // Support/GetBasicInfo: hotline, QR targets and the configured outside links (docs/help.md).
  const basicInfo = useBasicInfo();
  // §2/§4 After 确定要退出登录吗？: discard the token, clear cookies and state, and go home.
  const onLogout = () => void logout().then(() => navigate(paths.home));
  const showHeader = header !== 'none' && !embedded;
  return (
    <div className="app-shell" style={OLD_BROWSER_MIN_WIDTH_STYLE}>
      <OldBrowserBar />
      {top && !embedded ? top : null}
      {showHeader ? (
        <SiteHeader
          variant={header === 'order' ? 'order' : 'full'}
          showSouthwestFolk={showSouthwestFolk}
          designCloudUrl={basicInfo.data?.designCloudUrl}
          onLogout={onLogout}
          suggest={suggest}
          onImageFiles={(files) => void imageSearch.upload(files, 'multi')}
          notices={<NoticeBell />}
        />
      ) : null}
      <div className={aside && !embedded ? 'app-body app-body--with-aside' : 'app-body'}>
        {aside && !embedded ? <aside className="app-aside">{aside}</aside> : null}
        <main className="app-main">{children}</main>
      </div>
      {footer && !embedded ? <SiteFooter info={basicInfo.data} /> : null}
      {floatingTools && !embedded ? (
        <>
          <FloatingTools customerService={<ServiceFloatingEntry />} />
          <ServiceDrawerHost />
        </>
      ) : null}
      {/* The desktop searches by image with files dropped anywhere on the window. */}
      {isDesktop() ? <ImageWindowDrop /> : null}
    </div>
  );
}
