import { NoticeCentrePage } from '../../features/notices/components/notice-centre-page';

// The message centre (issue 13, docs/notices.md).

/** /user/message 消息中心. */
export const NoticeCentreRoute = () => <NoticeCentrePage />;
