import type { FastifyInstance } from 'fastify';
import {
  getAdminOverview,
  getApplicationDetail,
  getApplicationList,
  getWorkReviewDetail,
  getWorkReviewList,
  reviewApplication,
  reviewWork,
  takeDownWork,
} from '@shared/contract/admin';
import { registerCall } from '../../http/register-call';
import { workIndexesOf } from '../../plugins/services';
import { decideApplication } from '../settle-in/settle-in-service';
import { adminOverview, applicationDetail, listApplications } from './application-review-service';
import { decideWork, listWorkReviews, withdrawWork, workReviewDetail } from './work-review-service';

// Every call here has auth 'admin' (checked once by registerCall): the handlers take the admin as given.
export function registerAdminRoutes(app: FastifyInstance): void {
  // Approving, withdrawing and editing works update the indexes this app was built with.
  const deps = { ...app.deps, ...workIndexesOf(app) };

  registerCall(app, getAdminOverview, () => adminOverview(deps));

  registerCall(app, getApplicationList, (input) => listApplications(deps, input));
  registerCall(app, getApplicationDetail, (input) => applicationDetail(deps, input));
  registerCall(app, reviewApplication, (input, { currentUser }) =>
    decideApplication(deps, currentUser().id, input.id, input.approve, input.reason),
  );

  registerCall(app, getWorkReviewList, (input) => listWorkReviews(deps, input));
  registerCall(app, getWorkReviewDetail, (input) => workReviewDetail(deps, input));
  registerCall(app, reviewWork, (input, { currentUser }) =>
    decideWork(deps, currentUser().id, input),
  );
  registerCall(app, takeDownWork, (input, { currentUser }) =>
    withdrawWork(deps, currentUser().id, input),
  );
}
