import type { FastifyInstance } from 'fastify';
import {
  followEnterpriseHall,
  getCreationConditionInfo,
  getCreationsChannel,
  getEnterpriseHallBasicInfo,
  getEnterpriseHallDetail,
  getEnterpriseHallList,
  saveEnterpriseHallInfo,
  saveQualifyInfo,
  saveRecommendCreationInfo,
} from '@shared/contract/enterprise';
import { registerCall } from '../../http/register-call';
import {
  recommendCandidates,
  saveHallInfo,
  saveQualifications,
  saveRecommendedWorks,
} from './hall-editing-service';
import { channelWorks, followHall, hallDetail, hallInfo, listHalls } from './halls-service';

export function registerEnterpriseRoutes(app: FastifyInstance): void {
  const deps = app.deps;

  registerCall(app, getEnterpriseHallList, (input) => listHalls(deps, input));
  registerCall(app, getEnterpriseHallBasicInfo, (input, { user }) =>
    hallInfo(deps, input.userId, user?.id ?? null),
  );
  registerCall(app, getEnterpriseHallDetail, (input) => hallDetail(deps, input));
  registerCall(app, getCreationsChannel, (input) => channelWorks(deps, input));
  registerCall(app, followEnterpriseHall, (input, { currentUser }) =>
    followHall(deps, currentUser().id, input),
  );

  // The owner's edits (ownHall refuses anyone else's hall).
  registerCall(app, saveEnterpriseHallInfo, (input, { currentUser }) =>
    saveHallInfo(deps, currentUser().id, input),
  );
  registerCall(app, saveQualifyInfo, (input, { currentUser }) =>
    saveQualifications(deps, currentUser().id, input),
  );
  registerCall(app, saveRecommendCreationInfo, (input, { currentUser }) =>
    saveRecommendedWorks(deps, currentUser().id, input),
  );
  registerCall(app, getCreationConditionInfo, (input, { currentUser }) =>
    recommendCandidates(deps, currentUser().id, input),
  );
}
