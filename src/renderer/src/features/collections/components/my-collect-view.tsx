import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Empty, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { CollectionGroup } from '@shared/contract/collections';
import { MSG } from '@shared/messages';
import { IpCard } from '../../../components/ip-card';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { ThemeCard } from '../../../components/theme-card';
import { GridPager, WorkGrid } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { useCollectWork } from '../api/add-or-cancel-collection';
import { useCollectTarget } from '../api/add-or-cancel-collect';
import { useCollectCenter } from '../api/collect-center';
import { useCollectionGroupList } from '../api/get-collection-group-list';
import { useMyCollectCreations } from '../api/get-my-collect-creations';
import { useMyCollectIps } from '../api/get-my-collect-ip';
import { useMyCollectThemes } from '../api/get-my-collect-theme';
import { GroupNameDialog } from './group-name-dialog';
import { useConfirmDeleteGroup } from './use-delete-group';
import './collections.css';

export type CollectTab = 'work' | 'theme' | 'ip' | 'demand' | 'template';

const TAB_PATHS: Record<CollectTab, string> = {
  work: paths.user.myCollect,
  theme: paths.user.myCollectTab('themeCollected'),
  ip: paths.user.myCollectTab('ipCollected'),
  demand: paths.user.myCollectTab('demandCollected'),
  template: paths.user.myCollectTab('templateCollected'),
};

const PAGE_SIZE = 20;

function usePage(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  return [page, (next) => setParams(next > 1 ? { page: String(next) } : {})];
}

export function GroupCovers({ covers }: { covers: readonly string[] }) {
  return (
    <div className="group-card__covers">
      {Array.from({ length: 4 }, (_, i) => {
        const url = covers[i];
        return url ? <img key={i} src={serverUrl(url)} alt="" loading="lazy" /> : <span key={i} />;
      })}
    </div>
  );
}

function GroupCard({ group, onRename }: { group: CollectionGroup; onRename: () => void }) {
  const confirmDelete = useConfirmDeleteGroup();
  return (
    <div className="group-card" data-testid="collect-group">
      <Link to={paths.user.myCollectGroup(group.id)}>
        <GroupCovers covers={group.covers} />
      </Link>
      <div className="group-card__name">
        <Link to={paths.user.myCollectGroup(group.id)}>
          <strong>{group.name}</strong>
        </Link>
        <span>
          {group.workCount} 件
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'rename', icon: <EditOutlined />, label: '重命名', onClick: onRename },
                {
                  key: 'delete',
                  icon: <DeleteOutlined />,
                  danger: true,
                  label: '删除',
                  onClick: () => confirmDelete(group),
                },
              ],
            }}
          >
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={`管理分组 ${group.name}`}
            />
          </Dropdown>
        </span>
      </div>
    </div>
  );
}

function WorkTab() {
  const [page, setPage] = usePage();
  const groups = useCollectionGroupList(1, 60);
  const works = useMyCollectCreations({ pageIndex: page, pageSize: PAGE_SIZE });
  const remove = useCollectWork();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ id: number; name: string } | 'new' | null>(null);
  const groupName = new Map(groups.data?.list.map((g) => [g.id, g.name]));
  return (
    <>
      <div className="section-title">
        <h3>收藏分组</h3>
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新建分组
        </Button>
      </div>
      {groups.isPending ? <Skeleton active /> : null}
      {groups.data ? (
        <div className="group-grid">
          <div className="group-card">
            <Link to={paths.user.myCollectGroup(0)}>
              <div
                className="group-card__covers"
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  color: 'var(--wy-muted)',
                }}
              >
                未分组
              </div>
            </Link>
            <div className="group-card__name">
              <Link to={paths.user.myCollectGroup(0)}>
                <strong>未分组</strong>
              </Link>
              <span>{groups.data.ungroupedCount} 件</span>
            </div>
          </div>
          {groups.data.list.map((g) => (
            <GroupCard
              key={g.id}
              group={g}
              onRename={() => setEditing({ id: g.id, name: g.name })}
            />
          ))}
          <button
            type="button"
            className="group-card group-card--new"
            onClick={() => setEditing('new')}
          >
            <PlusOutlined style={{ fontSize: 24 }} />
            新建分组
          </button>
        </div>
      ) : null}
      <div className="section-title">
        <h3>全部收藏（{groups.data?.allCount ?? works.data?.total ?? 0}）</h3>
      </div>
      {works.isError ? (
        <LoadError title="收藏加载失败" error={works.error} onRetry={() => void works.refetch()} />
      ) : (
        <WorkGrid
          works={works.data?.list}
          loading={works.isPending}
          emptyText="还没有收藏作品，去逛逛吧"
          footer={(w) => {
            const groupId = works.data?.list.find((c) => c.id === w.id)?.groupId ?? null;
            return (
              <>
                <span>{groupId === null ? '未分组' : (groupName.get(groupId) ?? '分组')}</span>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    remove.mutate(
                      { workId: w.id, collect: false },
                      {
                        onSuccess: () => void message.success('已取消收藏'),
                        onError: (e) => void message.error(e.message || MSG.operationFailed),
                      },
                    )
                  }
                >
                  取消收藏
                </Button>
              </>
            );
          }}
        />
      )}
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={works.data?.total ?? 0}
        onChange={setPage}
      />
      {editing ? (
        <GroupNameDialog
          open
          group={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function UncollectLink({ targetType, targetId }: { targetType: 'theme' | 'ip'; targetId: number }) {
  const collect = useCollectTarget();
  const { message } = App.useApp();
  return (
    <Button
      type="link"
      size="small"
      danger
      loading={collect.isPending}
      onClick={() =>
        collect.mutate(
          { targetType, targetId, collect: false },
          {
            onSuccess: () => void message.success('已取消收藏'),
            onError: (e) => void message.error(e.message || MSG.operationFailed),
          },
        )
      }
    >
      取消收藏
    </Button>
  );
}

function ThemeTab() {
  const [page, setPage] = usePage();
  const themes = useMyCollectThemes(page, PAGE_SIZE);
  if (themes.isPending) return <Skeleton active />;
  if (themes.isError) return <LoadError title="收藏加载失败" error={themes.error} />;
  if (themes.data.list.length === 0) {
    return (
      <Empty description="还没有收藏主题">
        <Link to={paths.theme}>
          <Button type="primary">去看看主题</Button>
        </Link>
      </Empty>
    );
  }
  return (
    <>
      <div className="theme-grid">
        {themes.data.list.map((t) => (
          <ThemeCard
            key={t.id}
            theme={t}
            footer={<UncollectLink targetType="theme" targetId={t.id} />}
          />
        ))}
      </div>
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={themes.data.total}
        unit="个主题"
        onChange={setPage}
      />
    </>
  );
}

function IpTab() {
  const [page, setPage] = usePage();
  const ips = useMyCollectIps(page, PAGE_SIZE);
  if (ips.isPending) return <Skeleton active />;
  if (ips.isError) return <LoadError title="收藏加载失败" error={ips.error} />;
  if (ips.data.list.length === 0) {
    return (
      <Empty description="还没有收藏 IP">
        <Link to={paths.ip}>
          <Button type="primary">去看看 IP</Button>
        </Link>
      </Empty>
    );
  }
  return (
    <>
      <div className="theme-grid">
        {ips.data.list.map((ip) => (
          <IpCard key={ip.id} ip={ip} footer={<UncollectLink targetType="ip" targetId={ip.id} />} />
        ))}
      </div>
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={ips.data.total}
        unit="个 IP"
        onChange={setPage}
      />
    </>
  );
}

/** /user/myCollect and its children: works with groups, themes, IPs, demands and templates. */
export function MyCollectView({ tab }: { tab: CollectTab }) {
  const navigate = useNavigate();
  const center = useCollectCenter();
  const count = (n: number | undefined) => (n === undefined ? '' : `（${n}）`);
  const content: Record<CollectTab, ReactNode> = {
    work: <WorkTab />,
    theme: <ThemeTab />,
    ip: <IpTab />,
    demand: (
      <Empty description="还没有收藏需求">
        <Link to={paths.demand}>
          <Button type="primary">去看看图案定制需求</Button>
        </Link>
      </Empty>
    ),
    template: <Empty description="还没有收藏模板" />,
  };
  return (
    <div className="user-page" data-testid="my-collect">
      <PageHeader title="我的收藏" />
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(TAB_PATHS[key as CollectTab])}
        items={[
          { key: 'work', label: `作品${count(center.data?.work)}` },
          { key: 'theme', label: `主题${count(center.data?.theme)}` },
          { key: 'ip', label: `IP${count(center.data?.ip)}` },
          { key: 'demand', label: `需求${count(center.data?.demand)}` },
          { key: 'template', label: `模板${count(center.data?.template)}` },
        ]}
      />
      {content[tab]}
    </div>
  );
}
