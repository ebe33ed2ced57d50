import { StarFilled, StarOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import type { ButtonProps } from 'antd';
import { MSG } from '@shared/messages';
import { useRequireLogin } from '../../../components/use-require-login';
import type { CollectResult } from '../api/add-or-cancel-collect';
import { useCollectTarget } from '../api/add-or-cancel-collect';

type CollectToggleProps = {
  targetType: 'theme' | 'ip';
  targetId: number;
  isCollected: boolean;
  onChanged?: (result: CollectResult) => void;
  ghost?: boolean;
  size?: ButtonProps['size'];
};

/** 收藏 / 已收藏 for a theme or an IP (no groups). */
export function CollectToggle({
  targetType,
  targetId,
  isCollected,
  onChanged,
  ghost,
  size,
}: CollectToggleProps) {
  const requireLogin = useRequireLogin();
  const collect = useCollectTarget(onChanged);
  const { message } = App.useApp();
  return (
    <Button
      size={size}
      ghost={ghost}
      type={isCollected ? 'default' : 'primary'}
      icon={isCollected ? <StarFilled /> : <StarOutlined />}
      loading={collect.isPending}
      onClick={() => {
        if (!requireLogin()) return;
        collect.mutate(
          { targetType, targetId, collect: !isCollected },
          {
            onSuccess: (r) => void message.success(r.isCollected ? '收藏成功' : '已取消收藏'),
            onError: (e) => void message.error(e.message || MSG.operationFailed),
          },
        );
      }}
    >
      {isCollected ? '已收藏' : '收藏'}
    </Button>
  );
}
