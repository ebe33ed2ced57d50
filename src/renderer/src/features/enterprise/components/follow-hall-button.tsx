import { App } from 'antd';
import { MSG } from '@shared/messages';
import { FollowButton } from '../../../components/follow-button';
import { useRequireLogin } from '../../../components/use-require-login';
import { useFollowHall } from '../api/follow-enterprise-hall';

type FollowHallButtonProps = {
  userId: number;
  followed: boolean;
  size?: 'small' | 'middle' | 'large';
};

/** 关注 an enterprise hall (guests are asked to log in first). */
export function FollowHallButton({ userId, followed, size }: FollowHallButtonProps) {
  const follow = useFollowHall();
  const requireLogin = useRequireLogin();
  const { message } = App.useApp();
  return (
    <FollowButton
      followed={followed}
      loading={follow.isPending}
      size={size}
      onToggle={() => {
        if (!requireLogin()) return;
        follow.mutate(
          { userId, follow: !followed },
          {
            onSuccess: (r) => void message.success(r.isFollowed ? '关注成功' : '已取消关注'),
            onError: (e) => void message.error(e.message || MSG.operationFailed),
          },
        );
      }}
    />
  );
}
