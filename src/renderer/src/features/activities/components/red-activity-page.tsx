import { App, Button, Result, Skeleton, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { ACTIVITY_KIND_TITLES } from '@shared/contract/activities';
import type { ActivityDetail } from '@shared/contract/activities';
import { ApiError } from '../../../api/api-client';
import { LoadError } from '../../../components/load-state';
import { useRequireLogin } from '../../../components/use-require-login';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import { useActivity, useJoinActivity, useRecommendedActivities } from '../api/get-activity';
import './activities.css';

const STATUS_COLORS = { notStarted: 'blue', running: 'red', ended: 'default' } as const;

/** /redActivity?id= for one activity. */
export const activityHref = (id: number): string => `${paths.redActivity}?id=${id}`;

/** The join button: its label and whether it works follow the window and the caller's state. */
function JoinButton({ activity, signedIn }: { activity: ActivityDetail; signedIn: boolean }) {
  const { message } = App.useApp();
  const requireLogin = useRequireLogin();
  const join = useJoinActivity();
  if (activity.status === 'notStarted') {
    return (
      <Button size="large" disabled>
        活动未开始
      </Button>
    );
  }
  if (activity.status === 'ended') {
    return (
      <Button size="large" disabled>
        活动已结束
      </Button>
    );
  }
  if (!signedIn) {
    return (
      <Button type="primary" size="large" onClick={() => void requireLogin()}>
        登录后参加
      </Button>
    );
  }
  if (activity.joined) {
    return (
      <Button size="large" disabled>
        已参加
      </Button>
    );
  }
  return (
    <Button
      type="primary"
      size="large"
      loading={join.isPending}
      onClick={() =>
        join.mutate(activity.id, {
          onSuccess: () => void message.success('报名成功，祝您取得好成绩'),
          onError: (err) => void message.error(err.message),
        })
      }
    >
      立即参加
    </Button>
  );
}

function OtherActivities({ currentId }: { currentId: number }) {
  const list = useRecommendedActivities();
  const others = (list.data ?? []).filter((a) => a.id !== currentId);
  if (others.length === 0) return null;
  return (
    <section className="activity-others">
      <h2>更多活动</h2>
      <ul>
        {others.map((a) => (
          <li key={a.id}>
            <Link to={activityHref(a.id)}>{a.title}</Link>
            <Tag color={STATUS_COLORS[a.status]}>{a.statusTitle}</Tag>
            <span className="activity-others__days">
              {a.startDay} 至 {a.endDay}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /redActivity: the current activity (or `id`), its cover, window, rules and the join button. The
 * status comes from the server's clock; the rules are HTML the server rendered and sanitised.
 */
export function RedActivityPage({ id }: { id?: number }) {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const activity = useActivity(id, signedIn);
  if (activity.isPending) {
    return (
      <div className="activity-page" aria-busy="true">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  if (activity.isError) {
    const missing = activity.error instanceof ApiError && activity.error.code === 1004;
    return (
      <div className="activity-page">
        {missing ? (
          <Result
            status="info"
            title={activity.error.message}
            extra={
              id !== undefined ? (
                <Link to={paths.redActivity}>查看当前活动</Link>
              ) : (
                <Link to={paths.home}>返回首页</Link>
              )
            }
          />
        ) : (
          <LoadError
            title="活动加载失败"
            error={activity.error}
            onRetry={() => void activity.refetch()}
          />
        )}
      </div>
    );
  }
  const a = activity.data;
  return (
    <article className="activity-page">
      <header
        className="activity-cover"
        style={a.coverUrl ? { backgroundImage: `url("${a.coverUrl}")` } : undefined}
      >
        <div className="activity-cover__text">
          <span className="activity-cover__kind">{ACTIVITY_KIND_TITLES[a.kind]}</span>
          <h1>{a.title}</h1>
          {a.summary ? <p>{a.summary}</p> : null}
        </div>
      </header>
      <div className="activity-bar">
        <div className="activity-bar__facts">
          <Tag color={STATUS_COLORS[a.status]}>{a.statusTitle}</Tag>
          <span>
            活动时间：{a.startDay} 至 {a.endDay}（北京时间）
          </span>
          <span>已有 {a.participantCount} 人参加</span>
        </div>
        <JoinButton activity={a} signedIn={signedIn} />
      </div>
      <section className="activity-rules">
        <h2>活动规则</h2>
        {/* Sanitised on the server (markdown-it + sanitize-html): no script or handler survives. */}
        <div className="activity-html" dangerouslySetInnerHTML={{ __html: a.rulesHtml }} />
      </section>
      <OtherActivities currentId={a.id} />
    </article>
  );
}
