import { useLocation } from 'react-router-dom';
import { TOPIC_SLUGS } from '@shared/contract/topics';
import type { TopicSlug } from '@shared/contract/topics';
import { NotFoundPage } from '../../components/not-found-page';
import { BannerDesk } from '../../features/topics/components/banner-desk';
import { TopicDesk } from '../../features/topics/components/topic-desk';
import { TopicPage } from '../../features/topics/components/topic-page';
import { AdminOnly } from './admin-routes';

// Editorial content (issue 13): the eleven /pageChild/* topic pages and their back office.

const isSlug = (s: string): s is TopicSlug => (TOPIC_SLUGS as readonly string[]).includes(s);

/** /pageChild/{slug}: one page component for every topic. */
export function TopicRoute() {
  const slug = useLocation().pathname.split('/')[2] ?? '';
  return isSlug(slug) ? <TopicPage key={slug} slug={slug} /> : <NotFoundPage />;
}

/** /admin/topics 专题管理. */
export function AdminTopicsRoute() {
  return (
    <AdminOnly>
      <TopicDesk />
    </AdminOnly>
  );
}

/** /admin/banners 横幅管理. */
export function AdminBannersRoute() {
  return (
    <AdminOnly>
      <BannerDesk />
    </AdminOnly>
  );
}
