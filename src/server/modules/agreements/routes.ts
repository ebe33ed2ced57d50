import type { FastifyInstance } from 'fastify';
import {
  getAgreement,
  getAgreementList,
  getAgreementSource,
  publishAgreement,
} from '@shared/contract/agreements';
import { registerCall } from '../../http/register-call';
import * as agreements from './agreement-service';

// Agreements and privacy (issue 13): the public list and texts, and the admin's new versions.

export function registerAgreementsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  registerCall(app, getAgreementList, async () => agreements.agreementList(deps));
  registerCall(app, getAgreement, async (input) => agreements.agreementByAlias(deps, input.alias));
  registerCall(app, getAgreementSource, async (input) =>
    agreements.agreementSource(deps, input.alias),
  );
  registerCall(app, publishAgreement, async (input, { currentUser }) =>
    agreements.publishAgreement(deps, currentUser().id, input),
  );
}
