import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { setSessionGoneHandler } from '../api/api-client';
import { SessionManager } from '../features/accounts/session/session-manager';
import { sessionHost } from '../lib/session-host';
import { useEmbedStore } from '../stores/embed-store';
import { useSessionStore } from '../stores/session-store';
import { AppProviders, createQueryClient } from './providers';
import { DeletionPendingShell } from './routes/deletion-pending-shell';
import { createAppRouter } from './router';

export function App() {
  const queryClient = useMemo(() => createQueryClient(), []);
  const router = useMemo(
    () =>
      createAppRouter(
        <>
          <SessionManager />
          <DeletionPendingShell />
        </>,
      ),
    [],
  );
  useEffect(() => {
    useEmbedStore.getState().setFromSearch(window.location.search);
    // §8: codes 401–405 → cookies already cleared; clear client state, no-logged-in, go home.
    setSessionGoneHandler(() => {
      // The desktop keeps the token in the main process's jar: forget it there too.
      void sessionHost()
        .clear()
        .catch(() => undefined);
      useSessionStore.getState().clear();
      queryClient.clear();
      void router.navigate('/');
    });
  }, [queryClient, router]);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
