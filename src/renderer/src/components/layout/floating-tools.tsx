import { useSyncExternalStore } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { Popover } from 'antd';
import {
  CustomerServiceOutlined,
  MobileOutlined,
  QrcodeOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { QRCodeSVG } from '../lazy-qr-code';
import { FLOATING_TOOLS_SCROLL_PX } from '@shared/constants';
import { paths } from '@renderer/config/paths';
import { CUSTOMER_SERVICE, siteUrl } from './site-footer';
import './floating-tools.css';

const QR_SIZE_PX = 96;

// Floating-tool words (GLOSSARY.md §Header); candidates for src/shared/messages.ts.
const TEXT = {
  toolsLabel: '快捷工具',
  appDownload: 'APP下载',
  appDownloadHint: '扫码下载纹样 APP',
  miniProgram: '小程序看作品',
  miniProgramHint: '微信扫码，手机看作品',
  customerService: '在线客服',
  backToTop: '返回顶部',
  qrCode: '二维码',
} as const;

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

function useScrolledPast(offsetPx: number): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > offsetPx,
    () => false,
  );
}

function QrPanel({ value, hint }: { value: string; hint: string }) {
  return (
    <div className="floating-tools__qr">
      <QRCodeSVG value={value} size={QR_SIZE_PX} marginSize={1} title={TEXT.qrCode} />
      <p>{hint}</p>
    </div>
  );
}

type ToolButtonProps = ComponentProps<'button'> & { icon: ReactNode; label: string };

/** One button of the floating tools (features that own a tool, e.g. 在线客服, reuse it). */
export function ToolButton({ icon, label, className, ...buttonProps }: ToolButtonProps) {
  // buttonProps carries the ref, handlers and open-state class that a wrapping Popover injects.
  return (
    <button
      type="button"
      {...buttonProps}
      className={className ? `floating-tools__item ${className}` : 'floating-tools__item'}
    >
      <span className="floating-tools__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="floating-tools__label">{label}</span>
    </button>
  );
}

type FloatingToolsProps = {
  /** The 在线客服 tool a feature provides (the conversation); without it, the hotline and hours. */
  customerService?: ReactNode;
};

/** §2 Floating tools on the right, shown once the page has scrolled more than 600px. */
export function FloatingTools({ customerService }: FloatingToolsProps = {}) {
  const visible = useScrolledPast(FLOATING_TOOLS_SCROLL_PX);
  if (!visible) return null;

  return (
    <aside className="floating-tools" aria-label={TEXT.toolsLabel}>
      <Popover
        placement="left"
        trigger="hover"
        content={<QrPanel value={siteUrl(paths.home)} hint={TEXT.appDownloadHint} />}
      >
        <ToolButton icon={<MobileOutlined />} label={TEXT.appDownload} />
      </Popover>
      <Popover
        placement="left"
        trigger="hover"
        content={<QrPanel value={siteUrl(paths.work)} hint={TEXT.miniProgramHint} />}
      >
        <ToolButton icon={<QrcodeOutlined />} label={TEXT.miniProgram} />
      </Popover>
      {customerService ?? (
        <Popover
          placement="left"
          trigger="click"
          title={TEXT.customerService}
          content={
            <div className="floating-tools__service">
              <p>
                {CUSTOMER_SERVICE.hotlineLabel}：
                <a href={`tel:${CUSTOMER_SERVICE.hotline.replaceAll('-', '')}`}>
                  {CUSTOMER_SERVICE.hotline}
                </a>
              </p>
              <p>{CUSTOMER_SERVICE.hours}</p>
            </div>
          }
        >
          <ToolButton icon={<CustomerServiceOutlined />} label={TEXT.customerService} />
        </Popover>
      )}
      <ToolButton
        icon={<VerticalAlignTopOutlined />}
        label={TEXT.backToTop}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      />
    </aside>
  );
}
