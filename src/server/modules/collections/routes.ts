import type { FastifyInstance } from 'fastify';
import {
  addOrCancelCollect,
  addOrCancelCollection,
  addOrEditCollectionGroup,
  clearMyTrack,
  collectCenter,
  delCollectionGroup,
  getAllCollectionGroup,
  getCollectionGroupList,
  getMyCollectCreations,
  getMyCollectIP,
  getMyCollectTheme,
  getMyFollow,
  getMyTrack,
} from '@shared/contract/collections';
import { registerCall } from '../../http/register-call';
import {
  collectTarget,
  collectWork,
  collectedIps,
  collectedThemes,
  collectedWorks,
  collectionSummary,
} from './collect-service';
import {
  allCollectionGroups,
  deleteCollectionGroup,
  listCollectionGroups,
  saveCollectionGroup,
} from './collection-groups-service';
import { followedList } from './followed-service';
import { clearTrack, trackList } from './track-service';

export function registerCollectionsRoutes(app: FastifyInstance): void {
  const deps = app.deps;

  registerCall(app, getCollectionGroupList, (input, { currentUser }) =>
    listCollectionGroups(deps, currentUser().id, input),
  );
  registerCall(app, getAllCollectionGroup, (_input, { currentUser }) =>
    allCollectionGroups(deps, currentUser().id),
  );
  registerCall(app, addOrEditCollectionGroup, (input, { currentUser }) =>
    saveCollectionGroup(deps, currentUser().id, input),
  );
  registerCall(app, delCollectionGroup, (input, { currentUser }) =>
    deleteCollectionGroup(deps, currentUser().id, input),
  );

  registerCall(app, addOrCancelCollection, (input, { currentUser }) =>
    collectWork(deps, currentUser().id, input),
  );
  registerCall(app, addOrCancelCollect, (input, { currentUser }) =>
    collectTarget(deps, currentUser().id, input),
  );
  registerCall(app, collectCenter, (_input, { currentUser }) =>
    collectionSummary(deps, currentUser().id),
  );
  registerCall(app, getMyCollectCreations, (input, { currentUser }) =>
    collectedWorks(deps, currentUser().id, input),
  );
  registerCall(app, getMyCollectTheme, (input, { currentUser }) =>
    collectedThemes(deps, currentUser().id, input),
  );
  registerCall(app, getMyCollectIP, (input, { currentUser }) =>
    collectedIps(deps, currentUser().id, input),
  );

  registerCall(app, getMyFollow, (input, { currentUser }) =>
    followedList(deps, currentUser().id, input),
  );
  registerCall(app, getMyTrack, (input, { currentUser }) =>
    trackList(deps, currentUser().id, input),
  );
  registerCall(app, clearMyTrack, (input, { currentUser }) =>
    clearTrack(deps, currentUser().id, input),
  );
}
