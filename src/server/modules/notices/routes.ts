import type { FastifyInstance } from 'fastify';
import {
  getNoticeList,
  getNoticeUnreadCount,
  readAllNotices,
  recvMsgParser,
} from '@shared/contract/notices';
import { registerCall } from '../../http/register-call';
import * as inbox from './inbox-service';

// Message centre (issue 13): my notices, my unread count, marking read. Always the caller's own.

export function registerNoticesRoutes(app: FastifyInstance): void {
  const { deps } = app;
  registerCall(app, getNoticeList, async (input, { currentUser }) =>
    inbox.listNotices(deps, currentUser().id, input),
  );
  registerCall(app, getNoticeUnreadCount, async (_input, { currentUser }) =>
    inbox.unreadCount(deps, currentUser().id),
  );
  registerCall(app, recvMsgParser, async (input, { currentUser }) => ({
    marked: await inbox.markRead(deps, currentUser().id, input.ids),
  }));
  registerCall(app, readAllNotices, async (input, { currentUser }) => ({
    marked: await inbox.markAllRead(deps, currentUser().id, input.kind),
  }));
}
