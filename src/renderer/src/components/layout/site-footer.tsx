import { Link } from 'react-router-dom';
import { QRCodeSVG } from 'qrcode.react';
import { COPYRIGHT_YEARS, THEME_COLORS } from '@shared/constants';
import { EXTERNAL, paths } from '@renderer/config/paths';
import { LogoMark } from './logo-mark';
import type { SiteNavItem } from './site-header';
import './site-footer.css';

/** §2 Customer service shown in the footer and the floating tools; the real number is not in the spec. */
export const CUSTOMER_SERVICE = {
  hotlineLabel: '客服热线',
  hotline: '400-000-0000',
  onlineLabel: '在线咨询',
  hours: '工作日 9:00-18:00',
} as const;

/** QR codes are 96px in the footer. */
const FOOTER_QR_SIZE_PX = 96;

/** §2 Footer links, in display order. */
export const SITE_FOOTER_LINKS: readonly SiteNavItem[] = [
  { key: 'home', label: '纹样首页', to: paths.home },
  { key: 'plantEntrance', label: '设计工具', to: paths.plantEntrance },
  { key: 'designCloud', label: '设计云', to: EXTERNAL.designCloud, newTab: true, external: true },
  { key: 'designerSettleIn', label: '设计师入驻', to: paths.applicationSpread },
  { key: 'copyright', label: '版权声明', to: paths.copyrightStatement },
  { key: 'help', label: '帮助中心', to: paths.help },
  { key: 'about', label: '关于我们', to: EXTERNAL.aboutExternal, newTab: true, external: true },
];

// Footer words not yet in MSG; candidates for src/shared/messages.ts.
const TEXT = {
  siteName: '纹样',
  intro:
    '纹样是可授权图案作品的交易平台，连接原创设计师与面料、家纺、服装等企业，让好图案合法授权、放心使用。',
  linksTitle: '网站导航',
  contactTitle: '联系我们',
  followTitle: '关注我们',
  miniProgram: '小程序',
  officialAccount: '公众号',
  copyright: `© ${COPYRIGHT_YEARS} 纹样 版权所有`,
} as const;

/** An absolute address on this site, for QR codes that a phone scans. */
export function siteUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

function FooterLink({ item }: { item: SiteNavItem }) {
  if (item.external) {
    return (
      <a className="site-footer__link" href={item.to} target="_blank" rel="noopener noreferrer">
        {item.label}
      </a>
    );
  }
  return (
    <Link
      className="site-footer__link"
      to={item.to}
      {...(item.newTab ? { target: '_blank', rel: 'noopener' } : {})}
    >
      {item.label}
    </Link>
  );
}

function FooterQrCode({ value, label }: { value: string; label: string }) {
  return (
    <figure className="site-footer__qr">
      <QRCodeSVG
        value={value}
        size={FOOTER_QR_SIZE_PX}
        fgColor="#000"
        bgColor="#fff"
        marginSize={1}
        title={`${label}二维码`}
      />
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** §2 Site footer: logo and intro, links, contact, QR codes and the copyright line. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__brand">
          <Link to={paths.home} className="site-footer__logo">
            <LogoMark size={36} />
            <span className="site-footer__logo-text" style={{ color: THEME_COLORS.primary }}>
              {TEXT.siteName}
            </span>
          </Link>
          <p className="site-footer__intro">{TEXT.intro}</p>
        </section>

        <nav className="site-footer__column" aria-label={TEXT.linksTitle}>
          <h3 className="site-footer__title">{TEXT.linksTitle}</h3>
          <ul className="site-footer__links">
            {SITE_FOOTER_LINKS.map((item) => (
              <li key={item.key}>
                <FooterLink item={item} />
              </li>
            ))}
          </ul>
        </nav>

        <section className="site-footer__column">
          <h3 className="site-footer__title">{TEXT.contactTitle}</h3>
          <dl className="site-footer__contact">
            <dt>{CUSTOMER_SERVICE.hotlineLabel}</dt>
            <dd>
              <a
                className="site-footer__hotline"
                href={`tel:${CUSTOMER_SERVICE.hotline.replaceAll('-', '')}`}
              >
                {CUSTOMER_SERVICE.hotline}
              </a>
            </dd>
            <dt>{CUSTOMER_SERVICE.onlineLabel}</dt>
            <dd>{CUSTOMER_SERVICE.hours}</dd>
          </dl>
        </section>

        <section className="site-footer__column">
          <h3 className="site-footer__title">{TEXT.followTitle}</h3>
          <div className="site-footer__qrs">
            <FooterQrCode value={siteUrl(paths.work)} label={TEXT.miniProgram} />
            <FooterQrCode value={siteUrl(paths.home)} label={TEXT.officialAccount} />
          </div>
        </section>
      </div>
      <p className="site-footer__copyright">{TEXT.copyright}</p>
    </footer>
  );
}
