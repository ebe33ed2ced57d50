import type { FastifyInstance } from 'fastify';
import {
  getActivityDetail,
  getActivityParticipants,
  getAdminActivityList,
  getRecommendActivityList,
  joinActivity,
  saveActivity,
} from '@shared/contract/activities';
import { registerCall } from '../../http/register-call';
import * as activities from './activity-service';

// Activities (issue 13): AT/GetDetail and AT/GetRecommendActivityList, joining, and the back office.

export function registerActivitiesRoutes(app: FastifyInstance): void {
  const { deps } = app;
  registerCall(app, getActivityDetail, async (input, { user }) =>
    activities.activityDetail(deps, user?.id ?? null, input.id),
  );
  registerCall(app, getRecommendActivityList, async (input) =>
    activities.recommendedActivities(deps, input.size),
  );
  registerCall(app, joinActivity, async (input, { currentUser }) =>
    activities.joinActivity(deps, currentUser().id, input.id),
  );
  registerCall(app, getAdminActivityList, async () => activities.adminActivityList(deps));
  registerCall(app, saveActivity, async (input, { currentUser }) =>
    activities.saveActivity(deps, currentUser().id, input),
  );
  registerCall(app, getActivityParticipants, async (input) =>
    activities.activityParticipants(deps, input),
  );
}
