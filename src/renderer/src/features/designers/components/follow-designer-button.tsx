import { App } from 'antd';
import { MSG } from '@shared/messages';
import { FollowButton } from '../../../components/follow-button';
import { useRequireLogin } from '../../../components/use-require-login';
import type { FollowChange } from '../api/follow-designer';
import { useFollowDesigner } from '../api/follow-designer';

type FollowDesignerButtonProps = {
  userId: number;
  followed: boolean;
  onChanged?: (change: FollowChange) => void;
  size?: 'small' | 'middle' | 'large';
};

/** 关注 a designer (guests are asked to log in first). */
export function FollowDesignerButton({
  userId,
  followed,
  onChanged,
  size,
}: FollowDesignerButtonProps) {
  const follow = useFollowDesigner(onChanged);
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
