import type { FastifyInstance } from 'fastify';
import {
  MARKET_TAG_GROUPS,
  deleteCreation,
  deleteCustomClassify,
  getChannelsEdit,
  getCreationMarketTag,
  getCustomClassify,
  getDetailByEdit,
  getMyCreations,
  insertUpdateCustomClassify,
  offlineCreation,
  perfectCreationPic,
  publishCreation,
  setCreationClassify,
  sortCustomClassify,
  tagboxs,
  updateSourceMaterialPrice,
} from '@shared/contract/publishing';
import { workIndexesOf } from '../../plugins/services';
import { registerCall } from '../../http/register-call';
import { createHotTagsCache } from '../search/word/hot-tags';
import { listMySeries } from '../series/series-service';
import { editableWork, perfectDraft } from './drafts';
import { categoryTree, headerTypeOptions, styleOptions, suggestTags } from './form-options';
import { myCreations, setWorksClassify, updateMaterialPrice } from './my-works';
import {
  deleteClassification,
  listClassifications,
  saveClassification,
  sortClassifications,
} from './organise';
import { deleteOwnWorks, offlineOwnWorks, submitForReview } from './publish-flow';

export function registerPublishingRoutes(app: FastifyInstance): void {
  // Approving, withdrawing and editing works update the indexes this app was built with.
  const deps = { ...app.deps, ...workIndexesOf(app) };
  const { db } = deps;
  const hotTags = createHotTagsCache(db, deps.now);

  // ---- Works ----
  registerCall(app, getChannelsEdit, async (_input, { currentUser }) => {
    const me = currentUser().id;
    const [categories, series, classifications] = await Promise.all([
      categoryTree(db),
      listMySeries(db, me),
      listClassifications(db, me),
    ]);
    return {
      categories,
      styles: styleOptions(),
      headerTypes: headerTypeOptions(),
      series,
      classifications,
    };
  });

  registerCall(app, tagboxs, async (input, { currentUser }) => ({
    list: await suggestTags(db, currentUser().id, hotTags, input.keyword, input.limit),
  }));

  registerCall(app, getCreationMarketTag, async () => ({
    groups: MARKET_TAG_GROUPS.map((g) => ({ title: g.title, tags: [...g.tags] })),
  }));

  registerCall(app, getMyCreations, async (input, { currentUser }) =>
    myCreations(deps, currentUser().id, input),
  );

  registerCall(app, getDetailByEdit, async (input, { currentUser }) =>
    editableWork(deps, currentUser().id, input.id),
  );

  registerCall(app, perfectCreationPic, async (input, { currentUser }) =>
    perfectDraft(deps, currentUser().id, input),
  );

  registerCall(app, publishCreation, async (input, { currentUser }) => ({
    results: await submitForReview(deps, currentUser().id, input.ids),
  }));

  registerCall(app, offlineCreation, async (input, { currentUser }) => ({
    updated: await offlineOwnWorks(deps, currentUser().id, input.ids),
  }));

  registerCall(app, deleteCreation, async (input, { currentUser }) => ({
    updated: await deleteOwnWorks(deps, currentUser().id, input.ids),
  }));

  registerCall(app, updateSourceMaterialPrice, async (input, { currentUser }) => ({
    updated: await updateMaterialPrice(deps, currentUser().id, input.ids, input.priceFen),
  }));

  registerCall(app, setCreationClassify, async (input, { currentUser }) => ({
    updated: await setWorksClassify(
      deps,
      currentUser().id,
      input.ids,
      input.classifyIds,
      input.mode,
    ),
  }));

  // ---- Custom classifications ----
  registerCall(app, getCustomClassify, async (_input, { currentUser }) =>
    listClassifications(db, currentUser().id),
  );

  registerCall(app, insertUpdateCustomClassify, async (input, { currentUser }) =>
    saveClassification(deps, currentUser().id, input),
  );

  registerCall(app, deleteCustomClassify, async (input, { currentUser }) => {
    await deleteClassification(db, currentUser().id, input.id);
    return { deleted: true };
  });

  registerCall(app, sortCustomClassify, async (input, { currentUser }) =>
    sortClassifications(db, currentUser().id, input.ids),
  );
}
