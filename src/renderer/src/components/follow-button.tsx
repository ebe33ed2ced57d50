import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ButtonProps } from 'antd';

type FollowButtonProps = {
  followed: boolean;
  loading?: boolean;
  onToggle: () => void;
  size?: ButtonProps['size'];
};

/** 关注 / 已关注: the followed state is shown plainly and a second click unfollows. */
export function FollowButton({ followed, loading, onToggle, size }: FollowButtonProps) {
  return (
    <Button
      type={followed ? 'default' : 'primary'}
      icon={followed ? <CheckOutlined /> : <PlusOutlined />}
      loading={loading}
      onClick={onToggle}
      size={size}
    >
      {followed ? '已关注' : '关注'}
    </Button>
  );
}
