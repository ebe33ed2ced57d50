import type { FastifyInstance } from 'fastify';
import {
  getCreationArea,
  getCreationDetail,
  getCreationList,
  getCreationSeriesList,
  getFondClassifications,
  getHomeWallList,
  getHotCreationInfo,
  getHotCreationList,
  getPopular,
  getSeriesList,
  setFondClassification,
} from '@shared/contract/works';
import { registerCall } from '../../http/register-call';
import { serviceOf } from '../../plugins/services';
import { AREA_TREE } from './areas';
import { createCatalogueCache } from './catalogue-cache';
import { WORK_MSG } from './messages';
import { fondClassifications, saveFondClassifications } from './fond-classification-service';
import { designerSeries, seriesWorks } from './series-service';
import { hotWorkInfo, hotWorkList, popularFacets } from './trend-service';
import { workDetail } from './work-detail-service';
import { homeWall, workList } from './work-list-service';
import type { WorkListIndex } from './work-list-service';

// Other domains read these from here (themes' trend pages, the home page's favourite categories).
export { latestHotTrend, rankedWorks } from './trend-service';
export { fondCategoryKids } from './fond-classification-service';

export function registerCatalogueRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const cache = createCatalogueCache(deps, {
    worksChanged: serviceOf(app, 'worksChanged'),
    viewCounter: serviceOf(app, 'viewCounter'),
  });
  app.addHook('onClose', async () => {
    cache.stop();
  });

  // The list's pages come from the word index once it is loaded (it follows every work change); the
  // first list asked for starts loading it, and the database answers until it is ready.
  const listIndex: WorkListIndex = {
    listPage: (filters, sort, offset, limit) => {
      if (!app.hasDecorator('wordIndex')) return null;
      const index = app.wordIndex;
      if (!index.loaded) {
        index.ready().catch((err: unknown) => {
          app.log.warn(
            WORK_MSG.listIndexLoadFailed(err instanceof Error ? err.message : String(err)),
          );
        });
        return null;
      }
      return index.listPage(filters, sort, offset, limit);
    },
  };
  registerCall(app, getCreationList, (input) => workList(deps, cache, input, listIndex));
  registerCall(app, getCreationDetail, (input, { user }) =>
    workDetail(deps, cache, input.id, user),
  );
  registerCall(app, getHomeWallList, (input) => homeWall(deps, input));
  registerCall(app, getCreationArea, async () => AREA_TREE);

  registerCall(app, getHotCreationList, (input) => hotWorkList(deps, input));
  registerCall(app, getHotCreationInfo, (input) => hotWorkInfo(deps, input));
  registerCall(app, getPopular, (input) => popularFacets(deps, input));

  registerCall(app, getSeriesList, (input) => designerSeries(deps, input));
  registerCall(app, getCreationSeriesList, (input) => seriesWorks(deps, input));

  registerCall(app, setFondClassification, (input, { currentUser }) =>
    saveFondClassifications(deps, currentUser().id, input),
  );
  registerCall(app, getFondClassifications, (_input, { currentUser }) =>
    fondClassifications(deps, currentUser().id),
  );
}
