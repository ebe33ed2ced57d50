import type { ThemeConfig } from 'antd';
import { THEME_COLORS } from '@shared/constants';

/**
 * The product's antd theme: its blue and red, radius 6. providers.tsx gives it to ConfigProvider and
 * the web build renders antd's styles from it once (scripts/antd-static-css.ts), so the stylesheet
 * the page loads is the one the runtime would have computed.
 */
export const ANTD_THEME: ThemeConfig = {
  token: {
    colorPrimary: THEME_COLORS.primary,
    colorError: THEME_COLORS.danger,
    borderRadius: 6,
  },
};
