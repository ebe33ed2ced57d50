import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { MESSAGE_DURATION_MS, THEME_COLORS } from '@shared/constants';

dayjs.locale('zh-cn');

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
    <ConfigProvider
      locale={zhCN}
      theme={{
        token: {
          colorPrimary: THEME_COLORS.primary,
          colorError: THEME_COLORS.danger,
          borderRadius: 6,
        },
      }}
    >
      <AntApp message={{ duration: MESSAGE_DURATION_MS / 1000, maxCount: 3 }}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
