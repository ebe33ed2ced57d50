import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useRequireLogin } from '../../../components/use-require-login';
import type { CollectWorkResult } from '../api/add-or-cancel-collection';
import { CollectDialog } from './lazy-collect-dialog';

type CollectWorkButtonProps = {
  workId: number;
  isCollected: boolean;
  groupId: number | null;
  onChanged?: (result: CollectWorkResult) => void;
};

/** 收藏 / 已收藏 on a work: opens 收藏到分组 (guests are asked to log in first). */
export function CollectWorkButton({
  workId,
  isCollected,
  groupId,
  onChanged,
}: CollectWorkButtonProps) {
  const [open, setOpen] = useState(false);
  const requireLogin = useRequireLogin();
  return (
    <>
      <Button
        data-testid="collect-work"
        type={isCollected ? 'default' : 'primary'}
        danger={isCollected}
        icon={isCollected ? <HeartFilled /> : <HeartOutlined />}
        onClick={() => {
          if (requireLogin()) setOpen(true);
        }}
      >
        {isCollected ? '已收藏' : '收藏'}
      </Button>
      {open ? (
        <CollectDialog
          workId={workId}
          open
          isCollected={isCollected}
          currentGroupId={groupId}
          onClose={() => setOpen(false)}
          onChanged={onChanged}
        />
      ) : null}
    </>
  );
}
