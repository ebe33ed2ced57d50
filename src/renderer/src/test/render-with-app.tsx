import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { createTestQueryClient } from './session';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders inside the app's providers (antd in Chinese, React Query) and a memory router. */
export function renderWithApp(
  ui: ReactNode,
  {
    initialEntries = ['/'],
    queryClient = createTestQueryClient(),
  }: { initialEntries?: string[]; queryClient?: QueryClient } = {},
) {
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={initialEntries}>
        {ui}
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
