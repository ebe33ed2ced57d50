import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { LoadError, isNotFoundError } from '../../../components/load-state';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { GridPager, WorkGrid } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { useCollectWork } from '../api/add-or-cancel-collection';
import { useMyCollectCreations } from '../api/get-my-collect-creations';
import { GroupNameDialog } from './group-name-dialog';
import { useConfirmDeleteGroup } from './use-delete-group';
import './collections.css';

const PAGE_SIZE = 20;

/** /user/myCollect/{collectDetails}: one of my groups (0 = 未分组), its works, rename and delete. */
export function CollectGroupView({ groupId }: { groupId: number }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const works = useMyCollectCreations({ groupId, pageIndex: page, pageSize: PAGE_SIZE });
  const collect = useCollectWork();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [renaming, setRenaming] = useState(false);
  const confirmDelete = useConfirmDeleteGroup(() => void navigate(paths.user.myCollect));
  if (works.isError && isNotFoundError(works.error)) return <NotFoundPage />;
  const group = works.data?.group;
  const title = groupId === 0 ? '未分组' : (group?.name ?? '收藏分组');
  const act = (workId: number, input: { collect: boolean; groupId?: null }, done: string) =>
    collect.mutate(
      { workId, ...input },
      {
        onSuccess: () => void message.success(done),
        onError: (e) => void message.error(e.message || MSG.operationFailed),
      },
    );
  return (
    <div className="user-page" data-testid="collect-group-page">
      <Link to={paths.user.myCollect}>
        <ArrowLeftOutlined /> 返回我的收藏
      </Link>
      <PageHeader
        title={title}
        subtitle={`${works.data?.total ?? 0} 件作品`}
        extra={
          group ? (
            <Space>
              <Button icon={<EditOutlined />} onClick={() => setRenaming(true)}>
                重命名
              </Button>
              <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(group)}>
                删除分组
              </Button>
            </Space>
          ) : null
        }
      />
      {works.isError ? (
        <LoadError title="收藏加载失败" error={works.error} onRetry={() => void works.refetch()} />
      ) : (
        <WorkGrid
          works={works.data?.list}
          loading={works.isPending}
          emptyText="这个分组还没有作品"
          footer={(w) => (
            <>
              {groupId !== 0 ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => act(w.id, { collect: true, groupId: null }, '已移出分组')}
                >
                  移出分组
                </Button>
              ) : (
                <span />
              )}
              <Button
                type="link"
                size="small"
                danger
                onClick={() => act(w.id, { collect: false }, '已取消收藏')}
              >
                取消收藏
              </Button>
            </>
          )}
        />
      )}
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={works.data?.total ?? 0}
        onChange={(next) => setParams({ page: String(next) })}
      />
      {renaming && group ? (
        <GroupNameDialog open group={group} onClose={() => setRenaming(false)} />
      ) : null}
    </div>
  );
}
