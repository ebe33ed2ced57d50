import type { FastifyInstance } from 'fastify';
import {
  addComplainRecord,
  answerComplaint,
  decideComplaint,
  getAdminComplaintList,
  getComplaintDetail,
  getComplaintReview,
  getMyComplaints,
} from '@shared/contract/complaints';
import { registerCall } from '../../http/register-call';
import { workIndexesOf } from '../../plugins/services';
import { registerAttachmentsRoutes } from '../attachments/routes';
import { adminComplaintList, complaintReview, decide } from './complaint-review-service';
import { answer, complaintDetail, fileComplaint, myComplaints } from './complaint-service';

// Infringement complaints (Sys/AddComplainRecord, issue 13) and the attachment upload they use.
export function registerComplaintsRoutes(app: FastifyInstance): void {
  // Taking down and restoring works update the indexes this app was built with.
  const deps = { ...app.deps, ...workIndexesOf(app) };
  registerAttachmentsRoutes(app);

  registerCall(app, addComplainRecord, (input, { currentUser }) =>
    fileComplaint(deps, currentUser().id, input),
  );
  registerCall(app, getMyComplaints, (input, { currentUser }) =>
    myComplaints(deps, currentUser().id, input),
  );
  registerCall(app, getComplaintDetail, (input, { currentUser }) =>
    complaintDetail(deps, currentUser(), input.id),
  );
  registerCall(app, answerComplaint, (input, { currentUser }) =>
    answer(deps, currentUser(), input),
  );
  registerCall(app, getAdminComplaintList, (input) => adminComplaintList(deps, input));
  registerCall(app, getComplaintReview, (input, { currentUser }) =>
    complaintReview(deps, currentUser(), input.id),
  );
  registerCall(app, decideComplaint, (input, { currentUser }) =>
    decide(deps, currentUser(), input),
  );
}
