import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODE } from '@shared/contract/envelope';
import {
  contactCustomerService,
  getMyServiceThread,
  getServiceThread,
  getServiceThreads,
  getServiceUnreadCount,
  replyServiceThread,
  setServiceThreadState,
} from '@shared/contract/customer-service';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { SERVICE_MSG } from './messages';
import * as service from './service-thread-service';

// 在线客服 (issue 13): the user's thread and unread count, and the back office's desk.

/** Messages one account may send a minute (the user's, and each admin's replies). */
export const SERVICE_THROTTLE = { userPerMinute: 12, staffPerMinute: 60 } as const;

export function registerCustomerServiceRoutes(app: FastifyInstance): void {
  const { deps } = app;

  // Keyed by the signed-in sender, who is known before the handler runs.
  const senders = new WeakMap<FastifyRequest, number>();
  const limiter = (prefix: string, max: number) => {
    const check = app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `${prefix}:${senders.get(request) ?? request.ip}`,
    });
    return async (request: FastifyRequest, userId: number): Promise<void> => {
      senders.set(request, userId);
      const limit = await check(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new AppError(ERROR_CODE.tooMany, SERVICE_MSG.throttled, 429);
      }
    };
  };
  const throttleUser = limiter('service:user', SERVICE_THROTTLE.userPerMinute);
  const throttleStaff = limiter('service:staff', SERVICE_THROTTLE.staffPerMinute);

  registerCall(app, contactCustomerService, async (input, { request, currentUser }) => {
    const me = currentUser();
    await throttleUser(request, me.id);
    return service.sendUserMessage(deps, me.id, input);
  });
  registerCall(app, getMyServiceThread, async (_input, { currentUser }) => ({
    thread: await service.myThread(deps, currentUser().id),
  }));
  registerCall(app, getServiceUnreadCount, async (_input, { currentUser }) => ({
    unread: await service.unreadForUser(deps, currentUser().id),
  }));
  registerCall(app, getServiceThreads, async (input) => service.threadList(deps, input));
  registerCall(app, getServiceThread, async (input) =>
    service.threadForStaff(deps, input.threadId),
  );
  registerCall(app, replyServiceThread, async (input, { request, currentUser }) => {
    const me = currentUser();
    await throttleStaff(request, me.id);
    return service.replyAsStaff(deps, me.id, input.threadId, input);
  });
  registerCall(app, setServiceThreadState, async (input, { currentUser }) =>
    service.setThreadState(deps, currentUser().id, input.threadId, input.state),
  );
}
