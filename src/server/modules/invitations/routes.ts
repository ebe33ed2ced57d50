import type { FastifyInstance } from 'fastify';
import {
  checkInvitationCode,
  getInvitationCodeList,
  issueInvitationCode,
  revokeInvitationCode,
} from '@shared/contract/activities';
import { registerCall } from '../../http/register-call';
import * as invitations from './invitation-service';

// Designer signing by invitation code (issue 13): the check behind /sign/{Code} and the back office.

export function registerInvitationsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  registerCall(app, checkInvitationCode, async (input, { currentUser }) =>
    invitations.checkInvitationCode(deps, currentUser().id, input.code),
  );
  registerCall(app, issueInvitationCode, async (input, { currentUser }) =>
    invitations.issueInvitationCode(deps, currentUser().id, input),
  );
  registerCall(app, getInvitationCodeList, async (input) =>
    invitations.invitationCodeList(deps, input),
  );
  registerCall(app, revokeInvitationCode, async (input) =>
    invitations.revokeInvitationCode(deps, input.id),
  );
}
