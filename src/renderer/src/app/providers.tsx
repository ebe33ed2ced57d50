import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { MESSAGE_DURATION_MS } from '@shared/constants';
import { ANTD_THEME } from './antd-theme';

dayjs.locale('zh-cn');

// The web build links antd's styles rendered at build time from ANTD_THEME and defines this true
// (scripts/vite-antd-static-css.ts); elsewhere (desktop, dev server, tests) antd computes them.
declare const __ANTD_ZERO_RUNTIME__: boolean | undefined;
const ZERO_RUNTIME = typeof __ANTD_ZERO_RUNTIME__ === 'boolean' && __ANTD_ZERO_RUNTIME__;
const THEME = ZERO_RUNTIME ? { ...ANTD_THEME, zeroRuntime: true, hashed: false } : ANTD_THEME;

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });

type ProvidersProps = { children: ReactNode; queryClient: QueryClient };

/** antd in Chinese with the product's blue and red, messages for 2000 ms, and React Query. */
export function AppProviders({ children, queryClient }: ProvidersProps) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntApp message={{ duration: MESSAGE_DURATION_MS / 1000, maxCount: 3 }}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
