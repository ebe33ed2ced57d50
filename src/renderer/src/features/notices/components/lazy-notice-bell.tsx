import { lazyComponent } from '../../../lib/lazy-component';
import { useSessionStore } from '../../../stores/session-store';

const LoadedNoticeBell = lazyComponent(() => import('./notice-bell').then((m) => m.NoticeBell));

/** The header's bell, whose code loads only for a signed-in user (guests never see it). */
export function NoticeBell() {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return signedIn ? <LoadedNoticeBell /> : null;
}
