import { CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Button, Empty, Skeleton, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { TrackItem, TrackTarget } from '@shared/contract/collections';
import { MSG } from '@shared/messages';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { ThemeCard } from '../../../components/theme-card';
import { GridPager } from '../../../components/work-grid';
import { WorkCard } from '../../../components/work-card';
import { paths } from '../../../config/paths';
import { useClearTrack } from '../api/clear-my-track';
import { useMyTrack } from '../api/get-my-track';
import './collections.css';

const PAGE_SIZE = 24;

function byDay(items: readonly TrackItem[]): [string, TrackItem[]][] {
  const days = new Map<string, TrackItem[]>();
  for (const item of items) {
    const day = dayjs(item.viewedAt);
    const label = day.isSame(dayjs(), 'day')
      ? '今天'
      : day.isSame(dayjs().subtract(1, 'day'), 'day')
        ? '昨天'
        : day.format('YYYY年M月D日');
    days.set(label, [...(days.get(label) ?? []), item]);
  }
  return [...days];
}

/** /user/mytrack (+workTrack, themeTrack): works and themes I looked at, by day, removable. */
export function MyTrackView({ tab }: { tab: TrackTarget }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const track = useMyTrack(tab, page, PAGE_SIZE);
  const clear = useClearTrack();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const remove = (targetId?: number) =>
    clear.mutate(
      { targetType: tab, ...(targetId === undefined ? {} : { targetId }) },
      {
        onSuccess: () => void message.success(targetId === undefined ? '足迹已清空' : '已删除'),
        onError: (e) => void message.error(e.message || MSG.operationFailed),
      },
    );
  const removeButton = (id: number) => (
    <Button type="link" size="small" icon={<CloseOutlined />} onClick={() => remove(id)}>
      删除
    </Button>
  );
  return (
    <div className="user-page" data-testid="my-track">
      <PageHeader
        title="浏览足迹"
        extra={
          <Button
            icon={<DeleteOutlined />}
            disabled={!track.data || track.data.total === 0}
            onClick={() => {
              modal.confirm({
                title: tab === 'work' ? '清空作品足迹？' : '清空主题足迹？',
                okText: '清空',
                cancelText: '取消',
                okButtonProps: { danger: true },
                onOk: () => remove(),
              });
            }}
          >
            清空足迹
          </Button>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          void navigate(key === 'theme' ? paths.user.themeTrack : paths.user.workTrack)
        }
        items={[
          { key: 'work', label: '作品足迹' },
          { key: 'theme', label: '主题足迹' },
        ]}
      />
      {track.isPending ? <Skeleton active /> : null}
      {track.isError ? (
        <LoadError title="足迹加载失败" error={track.error} onRetry={() => void track.refetch()} />
      ) : null}
      {track.data && track.data.list.length === 0 ? (
        <Empty description={tab === 'work' ? '还没有浏览过作品' : '还没有浏览过主题'} />
      ) : null}
      {track.data
        ? byDay(track.data.list).map(([day, items]) => (
            <section key={day}>
              <div className="track-day">{day}</div>
              <div className={tab === 'work' ? 'work-grid' : 'theme-grid'}>
                {items.map((item) =>
                  item.work ? (
                    <WorkCard
                      key={item.work.id}
                      work={item.work}
                      footer={
                        <>
                          <span>{dayjs(item.viewedAt).format('HH:mm')}</span>
                          {removeButton(item.work.id)}
                        </>
                      }
                    />
                  ) : item.theme ? (
                    <ThemeCard
                      key={item.theme.id}
                      theme={item.theme}
                      footer={
                        <>
                          <span>{dayjs(item.viewedAt).format('HH:mm')}</span>
                          {removeButton(item.theme.id)}
                        </>
                      }
                    />
                  ) : (
                    <div key={item.viewedAt} className="track-missing">
                      {tab === 'work' ? '作品已下架' : '主题已下线'}
                    </div>
                  ),
                )}
              </div>
            </section>
          ))
        : null}
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={track.data?.total ?? 0}
        unit="条足迹"
        onChange={(next) => setParams({ page: String(next) })}
      />
    </div>
  );
}
