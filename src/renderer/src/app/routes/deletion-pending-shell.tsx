import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/accounts/session/use-logout';
import { DeletionPendingDialog } from '../../features/profile/components/deletion-pending-dialog';

/** Mounted with the session: signing in during a deletion's cooling-off offers to cancel it. */
export function DeletionPendingShell() {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <DeletionPendingDialog
      onSignOut={() => {
        void logout().then(() => navigate(paths.home));
      }}
    />
  );
}
