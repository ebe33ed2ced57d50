import type { FastifyInstance } from 'fastify';
import { changeFirstSigner, getVerifyInfo, getVerifyUrl } from '@shared/contract/identity';
import {
  deletePatternGroup,
  getPatternGroups,
  getSubmitCreationPic,
  savePatternGroup,
  setPatternGroup,
} from '@shared/contract/patterns';
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
import {
  exportSaleRecords,
  getSaleRecordDetail,
  getSaleRecordList,
  getSaleRecordStats,
} from '@shared/contract/sale-records';
import {
  addOrEditSeries,
  delSeries,
  getMySeriesList,
  setCreationSeries,
} from '@shared/contract/series';
import {
  INDUSTRIES,
  getEnterpriseApplyInfo,
  getIndustryInfo,
  getShopApplyInfo,
  isExistenceNickName,
  subitEnterprise,
  subitShopApply,
} from '@shared/contract/settle-in';
import { workIndexesOf } from '../../plugins/services';
import { registerCall } from '../../http/register-call';
import { createHotTagsCache } from '../search/word/hot-tags';
import {
  changeFirstSigner as makeFirstSigner,
  toVerifyRecord,
  verifyIdentity,
  verifyInfo,
} from './certification';
import { editableWork, perfectDraft } from './drafts';
import { categoryTree, headerTypeOptions, styleOptions, suggestTags } from './form-options';
import { myCreations, setWorksClassify, setWorksSeries, updateMaterialPrice } from './my-works';
import {
  deleteClassification,
  deleteSeries,
  listClassifications,
  listMySeries,
  saveClassification,
  saveSeries,
  sortClassifications,
} from './organise';
import {
  deletePatternGroupFor,
  listPatternFiles,
  listPatternGroups,
  movePatterns,
  savePatternGroupFor,
} from './patterns';
import { deleteOwnWorks, offlineOwnWorks, submitForReview } from './publish-flow';
import { exportSales, saleMonthlyStats, saleRecordDetail, saleRecordList } from './sale-records';
import { nickNameTaken, shopApplyInfo, submitApplication } from './settle-in';

export function registerPublishingRoutes(app: FastifyInstance): void {
  // Approving, withdrawing and editing works update the indexes this app was built with.
  const deps = { ...app.deps, ...workIndexesOf(app) };
  const { db } = deps;
  const hotTags = createHotTagsCache(db, deps.now);

  // ---- Settling in ----
  registerCall(app, getIndustryInfo, async () => INDUSTRIES.map((i) => ({ ...i })));

  registerCall(app, isExistenceNickName, async (input, { currentUser }) => ({
    exists: await nickNameTaken(db, input.nickName, currentUser().id),
  }));

  registerCall(app, getShopApplyInfo, async (_input, { currentUser }) =>
    shopApplyInfo(deps, currentUser().id),
  );

  registerCall(app, getEnterpriseApplyInfo, async (_input, { currentUser }) =>
    shopApplyInfo(deps, currentUser().id, 'enterprise'),
  );

  registerCall(app, subitShopApply, async (input, { currentUser }) =>
    submitApplication(deps, currentUser().id, { kind: 'personal', ...input }),
  );

  registerCall(app, subitEnterprise, async (input, { currentUser }) =>
    submitApplication(deps, currentUser().id, { kind: 'enterprise', ...input }),
  );

  // ---- Real-name verification ----
  registerCall(app, getVerifyInfo, async (_input, { currentUser }) =>
    verifyInfo(db, currentUser().id),
  );

  registerCall(app, getVerifyUrl, async (input, { currentUser }) => {
    const { row, url } = await verifyIdentity(
      deps,
      currentUser().id,
      input.kind,
      input.name,
      input.number,
    );
    return { record: toVerifyRecord(row), url };
  });

  registerCall(app, changeFirstSigner, async (input, { currentUser }) => {
    const me = currentUser().id;
    await makeFirstSigner(db, me, input.id);
    return verifyInfo(db, me);
  });

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

  registerCall(app, setCreationSeries, async (input, { currentUser }) => ({
    updated: await setWorksSeries(deps, currentUser().id, input.ids, input.seriesId),
  }));

  // ---- Custom classifications and series ----
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

  registerCall(app, getMySeriesList, async (_input, { currentUser }) =>
    listMySeries(db, currentUser().id),
  );

  registerCall(app, addOrEditSeries, async (input, { currentUser }) =>
    saveSeries(deps, currentUser().id, input),
  );

  registerCall(app, delSeries, async (input, { currentUser }) => {
    await deleteSeries(deps, currentUser().id, input.id);
    return { deleted: true };
  });

  // ---- My patterns ----
  registerCall(app, getSubmitCreationPic, async (input, { currentUser }) =>
    listPatternFiles(deps, currentUser().id, input),
  );

  registerCall(app, getPatternGroups, async (_input, { currentUser }) =>
    listPatternGroups(db, currentUser().id),
  );

  registerCall(app, savePatternGroup, async (input, { currentUser }) =>
    savePatternGroupFor(deps, currentUser().id, input),
  );

  registerCall(app, deletePatternGroup, async (input, { currentUser }) => {
    await deletePatternGroupFor(db, currentUser().id, input.id);
    return { deleted: true };
  });

  registerCall(app, setPatternGroup, async (input, { currentUser }) => ({
    updated: await movePatterns(db, currentUser().id, input, input.groupId),
  }));

  // ---- Sale records ----
  registerCall(app, getSaleRecordList, async (input, { currentUser }) =>
    saleRecordList(db, currentUser().id, input),
  );

  registerCall(app, getSaleRecordStats, async (input, { currentUser }) => ({
    months: await saleMonthlyStats(deps, currentUser().id, input.months),
  }));

  registerCall(app, getSaleRecordDetail, async (input, { currentUser }) =>
    saleRecordDetail(db, currentUser().id, input.id),
  );

  registerCall(app, exportSaleRecords, async (input, { currentUser }) =>
    exportSales(db, currentUser().id, input),
  );
}
