import type { FastifyInstance } from 'fastify';
import {
  adoptManuscript,
  applyDemand,
  checkPublish,
  closeDemand,
  collectDemand,
  demandEdit,
  getAdoptDemand,
  getCenterDemand,
  getDemand,
  getDemandDetailBase,
  getDemandDetailDescription,
  getDemandManuscriptList,
  getManuscriptOriginal,
  getMyCollectionDemand,
  getMyDemandCreationList,
  getMyPublishDemand,
  getSignUpDemand,
  publishDemand,
  refuseManuscript,
  submitManuscript,
} from '@shared/contract/demands';
import { registerCall } from '../../http/register-call';
import * as demands from './demand-service';
import * as manuscripts from './manuscript-service';
import { DEMAND_SERVER_MSG } from './messages';

// Custom-pattern demands (docs/demands.md). Roles are the contract's; ownership is the services'.
export function registerDemandsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  registerCall(app, getDemand, async (input) => demands.demandList(deps, input));
  registerCall(app, getCenterDemand, async () => demands.demandCentre(deps));
  registerCall(app, getAdoptDemand, async (input) => demands.adoptedCases(deps, input));
  registerCall(app, getDemandDetailBase, async (input, { user }) =>
    manuscripts.detailBase(deps, user, input),
  );
  registerCall(app, getDemandDetailDescription, async (input) =>
    manuscripts.detailDescription(deps, input),
  );
  registerCall(app, getDemandManuscriptList, async (input, { user }) =>
    manuscripts.manuscriptList(deps, user?.id ?? null, input),
  );
  registerCall(app, getMyDemandCreationList, async (input, { currentUser }) =>
    manuscripts.myManuscripts(deps, currentUser().id, input.demandId),
  );
  registerCall(app, getMyPublishDemand, async (input, { currentUser }) =>
    demands.myPublished(deps, currentUser().id, input),
  );
  registerCall(app, getMyCollectionDemand, async (input, { currentUser }) =>
    demands.myCollected(deps, currentUser().id, input),
  );
  registerCall(app, getSignUpDemand, async (input, { currentUser }) =>
    demands.mySignUps(deps, currentUser().id, input),
  );
  registerCall(app, collectDemand, async (input, { currentUser }) =>
    manuscripts.collect(deps, currentUser().id, input),
  );
  registerCall(app, applyDemand, async (input, { currentUser }) =>
    manuscripts.signUp(deps, currentUser().id, input),
  );
  registerCall(app, checkPublish, async (_input, { currentUser }) =>
    demands.publishAllowance(deps, currentUser().id),
  );
  registerCall(app, publishDemand, async (input, { currentUser }) =>
    demands.publish(deps, currentUser().id, input),
  );
  registerCall(app, demandEdit, async (input, { currentUser }) =>
    demands.editDemand(deps, currentUser().id, input),
  );
  registerCall(app, closeDemand, async (input, { currentUser }) =>
    demands.close(deps, currentUser().id, input, DEMAND_SERVER_MSG.closedByCustomer),
  );
  registerCall(app, submitManuscript, async (input, { currentUser }) =>
    manuscripts.submit(deps, currentUser().id, input),
  );
  registerCall(app, adoptManuscript, async (input, { currentUser }) =>
    manuscripts.adopt(deps, currentUser().id, input),
  );
  registerCall(app, refuseManuscript, async (input, { currentUser }) =>
    manuscripts.refuse(deps, currentUser().id, input),
  );
  registerCall(app, getManuscriptOriginal, async (input, { currentUser }) =>
    manuscripts.manuscriptOriginal(deps, currentUser().id, input.manuscriptId),
  );
}
