import type { ComponentProps } from 'react';
import type { QRCodeSVG as QRCodeSVGComponent } from 'qrcode.react';
import { lazyComponent } from '../lib/lazy-component';

type QrProps = ComponentProps<typeof QRCodeSVGComponent>;

/**
 * qrcode.react's QRCodeSVG, loaded on first render: the footer's and the floating tools' QR codes are
 * never in the first paint, so the QR encoder stays out of every page's initial JavaScript. Until it
 * loads, an empty box of the code's size holds its place (no layout shift).
 */
export const QRCodeSVG = lazyComponent<QrProps>(
  () => import('qrcode.react').then((m) => m.QRCodeSVG),
  ({ size = 128, title }) => (
    <span
      role="img"
      aria-label={title}
      style={{ display: 'inline-block', width: size, height: size }}
    />
  ),
);
