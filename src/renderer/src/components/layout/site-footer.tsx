import { Link } from 'react-router-dom';
import { QRCodeSVG } from '../lazy-qr-code';
import type { BasicInfo } from '@shared/contract/help';
import { COPYRIGHT_YEARS, THEME_COLORS } from '@shared/constants';
import { paths } from '@renderer/config/paths';
import { LogoMark } from './logo-mark';
import type { SiteNavItem } from './site-header';
import './site-footer.css';

/** §2 Customer service shown until Support/GetBasicInfo answers (the server's configuration wins). */
export const CUSTOMER_SERVICE = {
  hotlineLabel: '客服热线',
  hotline: '400-000-0000',
  onlineLabel: '在线咨询',
  hours: '工作日 9:00-18:00',
} as const;

/** QR codes are 96px in the footer. */
const FOOTER_QR_SIZE_PX = 96;

/**
 * §2 Footer links, in display order. 设计云 is the configured DESIGN_CLOUD_URL and is left out when
 * none is configured; 关于我们 is our own /about (docs/help.md).
 */
export function siteFooterLinks(designCloudUrl: string | null | undefined): SiteNavItem[] {
  return [
    { key: 'home', label: '纹样首页', to: paths.home },
    { key: 'plantEntrance', label: '设计工具', to: paths.plantEntrance },
    ...(designCloudUrl
      ? [{ key: 'designCloud', label: '设计云', to: designCloudUrl, newTab: true, external: true }]
      : []),
    { key: 'designerSettleIn', label: '设计师入驻', to: paths.applicationSpread },
    { key: 'copyright', label: '版权声明', to: paths.copyrightStatement },
    { key: 'help', label: '帮助中心', to: paths.help },
    { key: 'about', label: '关于我们', to: paths.about },
  ];
}

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

/** An absolute address on this site, for QR codes that a phone scans (outside URLs stay as they are). */
export function siteUrl(path: string): string {
  return path.startsWith('/') ? `${window.location.origin}${path}` : path;
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

/**
 * §2 Site footer: logo and intro, links, contact, QR codes and the copyright line. `info` is
 * Support/GetBasicInfo (hotline, hours, QR targets, the design cloud), given by the layout.
 */
export function SiteFooter({ info }: { info?: BasicInfo | undefined }) {
  const hotline = info?.hotline ?? CUSTOMER_SERVICE.hotline;
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
            {siteFooterLinks(info?.designCloudUrl).map((item) => (
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
              <a className="site-footer__hotline" href={`tel:${hotline.replace(/[^\d+]/g, '')}`}>
                {hotline}
              </a>
            </dd>
            <dt>
              <Link to={info?.consultationPath ?? paths.user.service}>
                {CUSTOMER_SERVICE.onlineLabel}
              </Link>
            </dt>
            <dd>{info?.hours ?? CUSTOMER_SERVICE.hours}</dd>
          </dl>
        </section>

        <section className="site-footer__column">
          <h3 className="site-footer__title">{TEXT.followTitle}</h3>
          <div className="site-footer__qrs">
            <FooterQrCode
              value={siteUrl(info?.miniProgramUrl ?? paths.work)}
              label={TEXT.miniProgram}
            />
            <FooterQrCode
              value={siteUrl(info?.officialAccountUrl ?? paths.home)}
              label={TEXT.officialAccount}
            />
          </div>
        </section>
      </div>
      <p className="site-footer__copyright">{TEXT.copyright}</p>
    </footer>
  );
}
