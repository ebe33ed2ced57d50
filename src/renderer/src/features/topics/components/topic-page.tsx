import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import type { TopicSlug } from '@shared/contract/topics';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useTopic } from '../api/get-topic';
import { TopicView } from './topic-view';
import './topics.css';

/** /pageChild/{slug}: the topic as published in the back office. */
export function TopicPage({ slug }: { slug: TopicSlug }) {
  const topic = useTopic(slug);
  if (topic.isPending) {
    return (
      <div className="topic-page" aria-busy="true">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  if (topic.isError) {
    return (
      <div className="topic-page">
        <LoadError title="专题加载失败" error={topic.error} onRetry={() => void topic.refetch()} />
        <p>
          <Link to={paths.home}>返回首页</Link>
        </p>
      </div>
    );
  }
  return <TopicView topic={topic.data} />;
}
