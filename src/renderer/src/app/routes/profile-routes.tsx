import { message } from 'antd';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/accounts/session/use-logout';
import { ProfilePage } from '../../features/profile/components/profile-page';

// The profile page (issue 13, docs/profile.md): its own chunk.

/** /user/user 个人资料. A deletion request ends every session: sign out here and go home. */
export function ProfileRoute() {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <ProfilePage
      onDeletionRequested={() => {
        void logout().then(() => {
          void message.success('注销申请已提交，冷静期内重新登录可撤销');
          void navigate(paths.home);
        });
      }}
    />
  );
}
