import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { HelpNav } from '../../features/help/components/help-nav';
import { helpAudienceOf } from '../../features/help/lib/help-location';
import { HomeTopBanner } from '../../features/home/components/home-top-banner';
import { useEmbedStore } from '../../stores/embed-store';
import { useSessionStore } from '../../stores/session-store';
import type { LayoutKind } from '../route-table';
import { lazyComponent } from '../../lib/lazy-component';
import { Chrome } from './chrome';

/**
 * The user centre's side menu (antd Menu) loads with the first user-centre page, not with every
 * page (docs/fast-pages.md); its box (.app-aside, 220px) is there from the first paint.
 */
const UserSideMenu = lazyComponent(() =>
  import('../../features/accounts/components/user-side-menu').then((m) => m.UserSideMenu),
);

type LayoutProps = { children: ReactNode };

const isHomePath = (pathname: string) => pathname === '/' || /^\/\d+$/.test(pathname);

/** Default: the optional advertising carousel on home, header, footer and the floating tools. */
function DefaultLayout({ children }: LayoutProps) {
  const { pathname } = useLocation();
  return (
    <Chrome floatingTools top={isHomePath(pathname) ? <HomeTopBanner /> : undefined}>
      {children}
    </Chrome>
  );
}

/** Order checkout: the simplified 订单结算 header, plus footer. */
function OrderLayout({ children }: LayoutProps) {
  return <Chrome header="order">{children}</Chrome>;
}

/** Other: the header only when the page was opened from the product's own site (no external `source`). */
function OtherLayout({ children }: LayoutProps) {
  const [params] = useSearchParams();
  const source = params.get('source');
  const fromOwnSite = source === null || source === '' || source === 'wenyang';
  return (
    <Chrome header={fromOwnSite ? 'full' : 'none'} footer={false}>
      {children}
    </Chrome>
  );
}

/** Personal: left navigation (help pages list their categories and articles there). */
function PersonalLayout({ children }: LayoutProps) {
  const { pathname } = useLocation();
  const helpAudience = helpAudienceOf(pathname);
  return (
    <Chrome
      aside={
        helpAudience ? (
          <HelpNav audience={helpAudience} />
        ) : (
          <nav className="personal-nav" aria-label="栏目导航" />
        )
      }
    >
      {children}
    </Chrome>
  );
}

/** Embedded (saas): header only. */
function SaasLayout({ children }: LayoutProps) {
  return <Chrome footer={false}>{children}</Chrome>;
}

/** User: the user-centre side menu, hidden in embedded or batch mode, and for guests (§6). */
function UserLayout({ children }: LayoutProps) {
  const batchMode = useEmbedStore((s) => s.batchMode);
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return (
    <Chrome footer={false} aside={batchMode || !signedIn ? undefined : <UserSideMenu />}>
      {children}
    </Chrome>
  );
}

/** Nothing: bare. */
function NothingLayout({ children }: LayoutProps) {
  return <>{children}</>;
}

export const LAYOUTS: Record<LayoutKind, (props: LayoutProps) => ReactNode> = {
  default: DefaultLayout,
  order: OrderLayout,
  other: OtherLayout,
  personal: PersonalLayout,
  saas: SaasLayout,
  user: UserLayout,
  nothing: NothingLayout,
};
