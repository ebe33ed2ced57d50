import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ClipboardEvent, DragEvent, ReactNode, RefObject } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { App, Avatar, Button, Modal } from 'antd';
// The Input alone, not antd's `Input` with TextArea, Password, OTP and Search attached.
import Input from 'antd/es/input/Input';
import type { MenuProps } from 'antd';
import {
  CameraOutlined,
  CloseOutlined,
  CrownOutlined,
  DownOutlined,
  PictureOutlined,
  RobotOutlined,
  SearchOutlined,
  ShopOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { DIALOG, HEADER, HEADER_TYPE } from '@shared/constants';
import { MSG } from '@shared/messages';
import { useSessionUserStatus } from '@renderer/api/get-designer-status';
import { useSessionUser } from '@renderer/api/get-user-info';
import { paths } from '@renderer/config/paths';
import { membershipText, sessionMemberStatus } from '@renderer/lib/member-status';
import { serverUrl } from '@renderer/lib/platform';
import { isSearchPage, useCloseSearch, useOpenWordSearch } from '@renderer/lib/search-origin';
import { useSessionStore } from '@renderer/stores/session-store';
import { LazyDropdown as Dropdown } from './lazy-dropdown';
import { SearchComplete } from './lazy-search-complete';
import { LogoMark } from './logo-mark';
import './site-header.css';

/** §2 One entry of the header navigation. */
export type SiteNavItem = {
  key: string;
  label: string;
  to: string;
  newTab?: boolean;
  external?: boolean;
};

/** §2 Header navigation, in display order (GLOSSARY.md words). */
export const SITE_NAV_ITEMS: readonly SiteNavItem[] = [
  { key: 'home', label: '首页', to: paths.home },
  { key: 'trendPop', label: '趋势爆款', to: paths.trendPop },
  { key: 'theme', label: '主题', to: paths.theme },
  {
    key: 'categoryExclusive',
    label: '品类独家',
    to: paths.workByHeaderType(HEADER_TYPE.categoryExclusive),
  },
  { key: 'materials', label: '素材', to: paths.workByHeaderType(HEADER_TYPE.materials) },
  { key: 'designIndex', label: '新品生成', to: paths.designIndex, newTab: true },
  { key: 'demand', label: '图案定制', to: paths.demand },
  { key: 'designerSettleIn', label: '设计师入驻', to: paths.applicationSpread },
  // Its address is the server's DESIGN_CLOUD_URL (designCloudUrl); left out when none is configured.
  { key: 'designCloud', label: '设计云', to: '', newTab: true, external: true },
];

/** §2 Shown after the other items, only for users entitled to the south-west folk base. */
export const SOUTHWEST_FOLK_NAV_ITEM: SiteNavItem = {
  key: 'southwestFolk',
  label: '西南民族文化基地',
  to: paths.southwestFolk,
};

/** How many nav items stay visible in the compact header; the rest move under 更多. */
const COMPACT_VISIBLE_COUNT = 5;

// Header words not yet in MSG (GLOSSARY.md §Header); candidates for src/shared/messages.ts.
const TEXT = {
  siteName: '纹样',
  more: '更多',
  smartImageSearch: '智能搜图',
  recharge: '充值',
  openVip: '开通VIP',
  sellWorks: '我要卖图',
  aiSearch: 'AI搜索',
  myOrders: '我的订单',
  myDemands: '我的需求',
  myNewProducts: '我的新品',
  userCentre: '个人中心',
  accountMenu: '账户菜单',
  mainNav: '主导航',
  ok: '确定',
  cancel: '取消',
  userId: (caiHongID: string) => `ID: ${caiHongID}`,
  hotSearch: '热门搜索',
  closeSearch: '关闭搜索',
} as const;

const NEW_TAB = { target: '_blank', rel: 'noopener' } as const;

export type SiteHeaderProps = {
  /** §2 South-west folk base link, for entitled users only. */
  showSouthwestFolk?: boolean;
  /** Called after the user confirms 退出登录. */
  onLogout: () => void;
  /** 'order' is the simplified order-checkout header (logo + 订单结算). */
  variant?: 'full' | 'order';
  /** Suggestions for the search box (the app wires in word search); none without it. */
  suggest?: HeaderSearchSuggestSource | undefined;
  /**
   * Image files dropped on the search box, or pasted while it has the focus (the app wires in
   * image search: one file → results, several → batch). Without it the box takes only words.
   */
  onImageFiles?: ((files: File[]) => void) | undefined;
  /** The message centre's bell (the app wires it in), shown beside the avatar when signed in. */
  notices?: ReactNode;
  /** 设计云's address (Support/GetBasicInfo, DESIGN_CLOUD_URL); the item is hidden without one. */
  designCloudUrl?: string | null | undefined;
};

/** One suggestion under the search box. */
export type HeaderSearchSuggestion = {
  kind: 'hot' | 'keyword' | 'work' | 'designer' | 'category' | 'theme';
  text: string;
  /** The text cut into parts; `hit` parts match what was typed. */
  parts?: readonly { text: string; hit: boolean }[];
  /** How many works it finds (0: not shown). */
  count?: number;
  /** Where choosing it goes instead of searching its text (a work's or a theme's page). */
  href?: string;
};

/** Suggestions for what is typed; an empty keyword asks for the hot keywords. */
export type HeaderSearchSuggestSource = (
  keyword: string,
) => Promise<readonly HeaderSearchSuggestion[]>;

/** §2 Site header: logo, navigation, search, entries and the account area; 60px high. */
export function SiteHeader({
  showSouthwestFolk = false,
  onLogout,
  variant = 'full',
  suggest,
  onImageFiles,
  notices,
  designCloudUrl,
}: SiteHeaderProps) {
  if (variant === 'order') return <OrderHeader />;
  return (
    <FullHeader
      showSouthwestFolk={showSouthwestFolk}
      onLogout={onLogout}
      suggest={suggest}
      onImageFiles={onImageFiles}
      notices={notices}
      designCloudUrl={designCloudUrl}
    />
  );
}

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribeToResize,
    () => window.innerWidth,
    () => HEADER.compactBelowPx,
  );
}

function HeaderLogo() {
  return (
    <Link to={paths.home} className="site-header__logo">
      <LogoMark size={32} />
      <span className="site-header__logo-text">{TEXT.siteName}</span>
    </Link>
  );
}

function OrderHeader() {
  return (
    <header className="site-header site-header--order" style={{ height: HEADER.heightPx }}>
      <div className="site-header__inner">
        <HeaderLogo />
        <span className="site-header__divider" aria-hidden="true" />
        <span className="site-header__order-title">{MSG.orderSettlement}</span>
      </div>
    </header>
  );
}

function FullHeader({
  showSouthwestFolk,
  onLogout,
  suggest,
  onImageFiles,
  notices,
  designCloudUrl,
}: Required<
  Omit<SiteHeaderProps, 'variant' | 'suggest' | 'onImageFiles' | 'notices' | 'designCloudUrl'>
> &
  Pick<SiteHeaderProps, 'suggest' | 'onImageFiles' | 'notices' | 'designCloudUrl'>) {
  const width = useViewportWidth();
  const compact = width < HEADER.compactBelowPx;
  const hoverPopup = width >= HEADER.hoverPopupMinPx;
  const siteItems = SITE_NAV_ITEMS.flatMap((item) =>
    item.key !== 'designCloud' ? [item] : designCloudUrl ? [{ ...item, to: designCloudUrl }] : [],
  );
  const navItems = showSouthwestFolk ? [...siteItems, SOUTHWEST_FOLK_NAV_ITEM] : siteItems;

  return (
    <header
      className={`site-header${compact ? ' site-header--compact' : ''}`}
      data-compact={String(compact)}
      style={{ height: HEADER.heightPx }}
    >
      <div className="site-header__inner">
        <HeaderLogo />
        <HeaderNav items={navItems} compact={compact} hoverPopup={hoverPopup} />
        <div className="site-header__right">
          <HeaderSearch suggest={suggest} onImageFiles={onImageFiles} />
          <HeaderEntries />
          {notices}
          <HeaderAccount onLogout={onLogout} hoverPopup={hoverPopup} />
        </div>
      </div>
    </header>
  );
}

type LocationLike = { pathname: string; search: string };

function isNavItemActive(item: SiteNavItem, location: LocationLike): boolean {
  if (item.external) return false;
  if (item.to === paths.home) return location.pathname === '/' || /^\/\d+$/.test(location.pathname);
  const target = new URL(item.to, 'http://local');
  const headerType = target.searchParams.get('headerType');
  if (headerType !== null) {
    return (
      location.pathname === target.pathname &&
      new URLSearchParams(location.search).get('headerType') === headerType
    );
  }
  return (
    location.pathname === target.pathname || location.pathname.startsWith(`${target.pathname}/`)
  );
}

function NavEntry({ item, active }: { item: SiteNavItem; active: boolean }) {
  const className = `site-header__nav-link${active ? ' site-header__nav-link--active' : ''}`;
  if (item.external) {
    return (
      <a className={className} href={item.to} target="_blank" rel="noopener noreferrer">
        {item.label}
      </a>
    );
  }
  return (
    <Link
      className={className}
      to={item.to}
      aria-current={active ? 'page' : undefined}
      {...(item.newTab ? NEW_TAB : {})}
    >
      {item.label}
    </Link>
  );
}

type HeaderNavProps = { items: readonly SiteNavItem[]; compact: boolean; hoverPopup: boolean };

/**
 * How many nav items fit beside the search box. A hidden row holds every label plus 更多 (last);
 * when the labels do not all fit (e.g. with 西南民族文化基地), the rest go under 更多.
 */
function useFittingItemCount(
  navRef: RefObject<HTMLElement | null>,
  measureRef: RefObject<HTMLElement | null>,
  itemCount: number,
): number {
  const [fitting, setFitting] = useState(itemCount);
  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return undefined;
    const update = () => {
      const available = nav.clientWidth;
      const widths = Array.from(measure.children, (child) => (child as HTMLElement).offsetWidth);
      const moreWidth = widths.pop() ?? 0;
      const gap = Number.parseFloat(getComputedStyle(measure).columnGap) || 0;
      const total = widths.reduce((sum, width) => sum + width + gap, -gap);
      // Zero width means no layout (not yet shown, or a test DOM): show everything.
      if (available === 0 || total <= available) {
        setFitting(widths.length);
        return;
      }
      let used = moreWidth;
      let count = 0;
      for (const width of widths) {
        if (used + gap + width > available) break;
        used += gap + width;
        count += 1;
      }
      setFitting(count);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(nav);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [navRef, measureRef, itemCount]);
  return fitting;
}

function HeaderNav({ items, compact, hoverPopup }: HeaderNavProps) {
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const fitting = useFittingItemCount(navRef, measureRef, items.length);
  const shownCount = Math.min(compact ? COMPACT_VISIBLE_COUNT : items.length, fitting);
  const shown = items.slice(0, shownCount);
  const overflow = items.slice(shownCount);
  const overflowActive = overflow.some((item) => isNavItemActive(item, location));

  return (
    <nav ref={navRef} className="site-header__nav" aria-label={TEXT.mainNav}>
      {shown.map((item) => (
        <NavEntry key={item.key} item={item} active={isNavItemActive(item, location)} />
      ))}
      {overflow.length > 0 && (
        <Dropdown
          trigger={hoverPopup ? ['hover'] : ['click']}
          menu={{
            items: overflow.map((item) => ({
              key: item.key,
              label: <NavEntry item={item} active={isNavItemActive(item, location)} />,
            })),
          }}
        >
          <button
            type="button"
            className={`site-header__nav-link site-header__more${overflowActive ? ' site-header__nav-link--active' : ''}`}
          >
            {TEXT.more}
            <DownOutlined className="site-header__caret" aria-hidden="true" />
          </button>
        </Dropdown>
      )}
      <div ref={measureRef} className="site-header__nav-measure" aria-hidden="true">
        {items.map((item) => (
          <span key={item.key} className="site-header__nav-link">
            {item.label}
          </span>
        ))}
        <span className="site-header__nav-link">
          {TEXT.more}
          <DownOutlined className="site-header__caret" />
        </span>
      </div>
    </nav>
  );
}

/** Typing pauses this long before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 200;
const SUGGESTION_KIND_LABEL: Partial<Record<HeaderSearchSuggestion['kind'], string>> = {
  designer: '设计师',
  category: '品类',
  theme: '主题',
  work: '作品',
};

function SuggestionLabel({ suggestion }: { suggestion: HeaderSearchSuggestion }) {
  const parts = suggestion.parts ?? [{ text: suggestion.text, hit: false }];
  const kind = SUGGESTION_KIND_LABEL[suggestion.kind];
  return (
    <span className="site-header__suggestion" data-kind={suggestion.kind}>
      <span className="site-header__suggestion-text">
        {parts.map((part, i) =>
          part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
        )}
      </span>
      {kind ? <span className="site-header__suggestion-kind">{kind}</span> : null}
      {suggestion.count ? (
        <span className="site-header__suggestion-count">{suggestion.count} 件</span>
      ) : null}
    </span>
  );
}

type SuggestionOption = { value: string; label: ReactNode; suggestion: HeaderSearchSuggestion };

/** Whether a drag carries files (not text or a link). */
const dragHasFiles = (transfer: DataTransfer | null): boolean =>
  Boolean(transfer && Array.from(transfer.types).includes('Files'));

type ImageDropHandlers = {
  over: boolean;
  handlers: {
    onDragOver: (event: DragEvent) => void;
    onDragLeave: () => void;
    onDrop: (event: DragEvent) => void;
    onPaste: (event: ClipboardEvent) => void;
  };
};

/** The search box as a way into image search: files dropped on it, or pasted while it has the focus. */
function useSearchBoxImageDrop(
  onImageFiles: ((files: File[]) => void) | undefined,
): ImageDropHandlers {
  const [over, setOver] = useState(false);
  const take = (event: { preventDefault: () => void }, list: FileList | null | undefined) => {
    const files = list ? Array.from(list) : [];
    if (!onImageFiles || files.length === 0) return;
    event.preventDefault();
    onImageFiles(files);
  };
  return {
    over: over && onImageFiles !== undefined,
    handlers: {
      onDragOver: (event) => {
        if (!onImageFiles || !dragHasFiles(event.dataTransfer)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event) => {
        setOver(false);
        take(event, event.dataTransfer?.files);
      },
      // A paste of text stays in the box; a paste of an image searches with it.
      onPaste: (event) => take(event, event.clipboardData?.files),
    },
  };
}

/**
 * §2 The search box: Enter searches the words typed; while typing (or, when empty, on focus) it
 * suggests keywords, designers, categories and works, or the hot keywords. On a search page a close
 * button ends the search and returns to the page it was opened from (or home).
 */
function HeaderSearch({
  suggest,
  onImageFiles,
}: {
  suggest?: HeaderSearchSuggestSource | undefined;
  onImageFiles?: ((files: File[]) => void) | undefined;
}) {
  const navigate = useNavigate();
  const imageDrop = useSearchBoxImageDrop(onImageFiles);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const openSearch = useOpenWordSearch();
  const closeSearch = useCloseSearch();
  // On the word-search page the box shows what was searched, and follows it (back, hot keywords).
  const pageKeyword =
    location.pathname === paths.wordSearch ? (searchParams.get('keyword') ?? '') : '';
  const [keyword, setKeyword] = useState(pageKeyword);
  // The page's keyword last seen, and the one this box just asked for: when the page arrives at
  // the keyword asked for, the box keeps whatever has been typed since.
  const [seenKeyword, setSeenKeyword] = useState(pageKeyword);
  const [askedKeyword, setAskedKeyword] = useState<string | null>(null);
  if (seenKeyword !== pageKeyword) {
    setSeenKeyword(pageKeyword);
    setAskedKeyword(null);
    if (pageKeyword !== askedKeyword) setKeyword(pageKeyword);
  }
  const [panelOpen, setPanelOpen] = useState(false);
  const [suggestions, setSuggestions] = useState<readonly HeaderSearchSuggestion[]>([]);
  // The highlighted suggestion, if any: Enter then chooses it rather than the typed words.
  const activeRef = useRef<string | null>(null);
  // When a suggestion was last chosen: the Enter that chose it must not also search the typed words.
  const chosenAtRef = useRef(0);
  const query = keyword.trim();

  useEffect(() => {
    if (!suggest || !panelOpen) return undefined;
    let current = true;
    const timer = setTimeout(
      () => {
        suggest(query).then(
          (list) => current && setSuggestions(list),
          () => current && setSuggestions([]),
        );
      },
      query ? SUGGEST_DEBOUNCE_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [suggest, panelOpen, query]);

  const toOption = (suggestion: HeaderSearchSuggestion, i: number): SuggestionOption => ({
    value: `${suggestion.kind}:${i}:${suggestion.text}`,
    label: <SuggestionLabel suggestion={suggestion} />,
    suggestion,
  });
  const hot = suggestions.filter((s) => s.kind === 'hot').map(toOption);
  const options = [
    ...(hot.length > 0 ? [{ label: TEXT.hotSearch, options: hot }] : []),
    ...suggestions.filter((s) => s.kind !== 'hot').map(toOption),
  ];

  const search = (text: string) => {
    setKeyword(text);
    setAskedKeyword(text);
    openSearch(text);
  };
  const submit = () => {
    if (activeRef.current !== null || performance.now() - chosenAtRef.current < 100) return;
    setPanelOpen(false);
    if (query) search(query);
  };
  const choose = (suggestion: HeaderSearchSuggestion) => {
    chosenAtRef.current = performance.now();
    activeRef.current = null;
    setPanelOpen(false);
    if (suggestion.href) {
      void navigate(suggestion.href);
      return;
    }
    search(suggestion.text);
  };

  return (
    // The wrapper only listens (display: contents): drops and pastes on the box bubble to it.
    <div
      className="site-header__search-drop"
      data-testid="header-search-drop"
      {...imageDrop.handlers}
    >
      <SearchComplete<SuggestionOption | { label: string; options: SuggestionOption[] }>
        className={`site-header__search-box${imageDrop.over ? ' site-header__search-box--drop' : ''}`}
        style={{ width: HEADER.searchInputWidthPx }}
        classNames={{ popup: { root: 'site-header__search-popup' } }}
        value={keyword}
        options={options}
        open={panelOpen && options.length > 0}
        onOpenChange={(open) => setPanelOpen(open)}
        onChange={(value) => setKeyword(value)}
        onActive={(value) => {
          activeRef.current = value ?? null;
        }}
        onSelect={(_value, option) => {
          if ('suggestion' in option) choose(option.suggestion);
        }}
        listHeight={DIALOG.dropdownMaxHeight}
        defaultActiveFirstOption={false}
      >
        <Input
          className="site-header__search"
          placeholder={MSG.searchPlaceholder}
          aria-label={MSG.searchPlaceholder}
          onFocus={() => setPanelOpen(true)}
          onPressEnter={submit}
          prefix={<SearchOutlined className="site-header__search-icon" />}
          suffix={
            <>
              {isSearchPage(location.pathname) ? (
                <button
                  type="button"
                  className="site-header__search-close"
                  aria-label={TEXT.closeSearch}
                  title={TEXT.closeSearch}
                  // Keep the focus (and the suggestions) out of the way of the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={closeSearch}
                >
                  <CloseOutlined aria-hidden="true" />
                </button>
              ) : null}
              <Link to={paths.aiSearchImg} className="site-header__image-search">
                <CameraOutlined aria-hidden="true" />
                <span>{MSG.imageSearchHint}</span>
              </Link>
            </>
          }
        />
      </SearchComplete>
    </div>
  );
}

type EntryProps = {
  to: string;
  icon: ReactNode;
  label: string;
  newTab?: boolean;
  className?: string;
};

function HeaderEntry({
  to,
  icon,
  label,
  newTab = false,
  className = 'site-header__entry',
}: EntryProps) {
  return (
    <Link to={to} className={className} title={label} {...(newTab ? NEW_TAB : {})}>
      <span className="site-header__entry-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="site-header__entry-text">{label}</span>
    </Link>
  );
}

function HeaderEntries() {
  const settled = useSessionUserStatus()?.settleStatus === 1;
  return (
    <div className="site-header__entries">
      <HeaderEntry
        to={paths.aiSearchImg}
        icon={<PictureOutlined />}
        label={TEXT.smartImageSearch}
      />
      {/* §2 user-centre rule: recharge opens in a new tab. */}
      <HeaderEntry to={paths.recharge} icon={<WalletOutlined />} label={TEXT.recharge} newTab />
      <HeaderEntry to={paths.vip} icon={<CrownOutlined />} label={TEXT.openVip} />
      {/* §2 settled designers publish directly (new tab); others are led to settle in first. */}
      <HeaderEntry
        to={settled ? paths.publishWork : paths.applicationSpread}
        icon={<ShopOutlined />}
        label={TEXT.sellWorks}
        newTab={settled}
      />
      <HeaderEntry
        to={paths.aiSearch}
        icon={<RobotOutlined />}
        label={TEXT.aiSearch}
        className="site-header__ai-button"
      />
    </div>
  );
}

type HeaderAccountProps = { onLogout: () => void; hoverPopup: boolean };

function HeaderAccount({ onLogout, hoverPopup }: HeaderAccountProps) {
  const loginState = useSessionStore((s) => s.loginState);
  const userInfo = useSessionUser();
  const settled = useSessionUserStatus()?.settleStatus === 1;
  // Without an antd <App> the context's modal is an empty object, so fall back to the static API.
  const app: Partial<ReturnType<typeof App.useApp>> = App.useApp();

  if (loginState !== 'sign-in') {
    return (
      <Button
        type="primary"
        className="site-header__login"
        onClick={() => useSessionStore.getState().openLoginDialog()}
      >
        {MSG.loginRegister}
      </Button>
    );
  }

  const confirmLogout = () => {
    const confirm = typeof app.modal?.confirm === 'function' ? app.modal.confirm : Modal.confirm;
    confirm({
      title: MSG.logoutConfirm,
      okText: TEXT.ok,
      cancelText: TEXT.cancel,
      onOk: () => onLogout(),
    });
  };

  const menuItems: MenuProps['items'] = [
    {
      key: 'id',
      label: <span className="site-header__user-id">{TEXT.userId(userInfo?.caiHongID ?? '')}</span>,
    },
    // §2/§4 The member status text and 开通会员, as in the user-centre side menu.
    ...(userInfo
      ? [
          {
            key: 'member',
            label: (
              <span className="site-header__member" data-testid="header-member-status">
                {membershipText(sessionMemberStatus(userInfo))}{' '}
                <Link to={paths.openMember}>{MSG.openMember}</Link>
              </span>
            ),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'myorder', label: <Link to={paths.user.myorder}>{TEXT.myOrders}</Link> },
    { key: 'myDemand', label: <Link to={paths.user.myDemand}>{TEXT.myDemands}</Link> },
    {
      key: 'myNewProducts',
      label: <Link to={paths.user.myNewProducts}>{TEXT.myNewProducts}</Link>,
    },
    { type: 'divider' },
    { key: 'logout', label: MSG.logout, onClick: confirmLogout },
  ];
  const menu: MenuProps = {
    items: menuItems,
    style: { maxHeight: DIALOG.dropdownMaxHeight, overflowY: 'auto' },
  };

  const name = userInfo?.userName || userInfo?.caiHongID || TEXT.siteName;
  const avatarLink = (
    <Link
      to={settled ? paths.user.mywork : paths.user.myorder}
      className="site-header__avatar"
      aria-label={TEXT.userCentre}
    >
      <Avatar
        size={32}
        src={userInfo?.smallHeadImg ? serverUrl(userInfo.smallHeadImg) : undefined}
        alt={name}
      >
        {Array.from(name)[0]}
      </Avatar>
    </Link>
  );

  if (hoverPopup) {
    return (
      <Dropdown menu={menu} trigger={['hover']} placement="bottomRight">
        {avatarLink}
      </Dropdown>
    );
  }
  // §2 Under 1250px the hover pop-up is off: the avatar still links, a caret opens the menu.
  return (
    <span className="site-header__account">
      {avatarLink}
      <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
        <button type="button" className="site-header__account-caret" aria-label={TEXT.accountMenu}>
          <DownOutlined aria-hidden="true" />
        </button>
      </Dropdown>
    </span>
  );
}
