import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getWorkReviewDetail,
  getWorkReviewList,
  reviewWork,
  takeDownWork,
} from '@shared/contract/admin';
import {
  getPatternGroups,
  getSubmitCreationPic,
  savePatternGroup,
  setPatternGroup,
} from '@shared/contract/patterns';
import {
  deleteCreation,
  deleteCustomClassify,
  getChannelsEdit,
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
  getSaleRecordList,
  getSaleRecordStats,
} from '@shared/contract/sale-records';
import {
  addOrEditSeries,
  delSeries,
  getMySeriesList,
  setCreationSeries,
} from '@shared/contract/series';
import { getCreationDetail, getCreationList } from '@shared/contract/works';
import { getSearchCreationList } from '@shared/contract/word-search';
import { BUYER } from '../../testing/catalogue-fixture';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { buildPublishingApp, patternPng } from '../../testing/publishing-fixture';
import type { PublishingFixture } from '../../testing/publishing-fixture';
import { testDatabases } from '../../testing/test-app';

/** Fields a work needs before review: a real title, a leaf category, a style, a price. */
const complete = (title: string) => ({
  title,
  categoryKid: 101,
  style: 'floral',
  tags: ['花卉', ' 春夏 ', '花卉'],
  isSeamless: true,
  priceFen: 29_900,
});

describe.each(testDatabases())('publishing on $name', (database) => {
  let f: PublishingFixture;
  let admin: string;
  let designer: string;
  let designerId: number;
  let otherDesigner: string;
  let buyer: string;
  let seed = 500;

  const draft = async (token: string, extra: Record<string, unknown> = {}) => {
    const file = await f.upload(token, await patternPng(++seed));
    return f.ok(perfectCreationPic, { fileKey: file.fileKey, ...extra }, token);
  };
  const publish = (ids: number[], token = designer) => f.ok(publishCreation, { ids }, token);

  beforeAll(async () => {
    f = await buildPublishingApp(database);
    admin = await f.signIn(DEMO_ADMIN.phone);
    designer = await f.signIn('13900000001');
    designerId = await f.userId('13900000001');
    otherDesigner = await f.signIn('13900000002');
    buyer = await f.signIn(BUYER);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('creates one draft per uploaded file with sensible defaults, even when asked twice at once', async () => {
    const file = await f.upload(designer, await patternPng(++seed));
    const [a, b] = await Promise.all([
      f.ok(perfectCreationPic, { fileKey: file.fileKey }, designer),
      f.ok(perfectCreationPic, { fileKey: file.fileKey }, designer),
    ]);
    expect(a.work.id).toBe(b.work.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.work).toMatchObject({
      status: 'draft',
      statusTitle: '草稿',
      title: '未命名作品',
      categoryKid: null,
      style: '',
      headerType: 3,
      priceFen: 19_900,
      width: 600,
      height: 600,
      editable: true,
    });
    expect(a.work.colors.length).toBeGreaterThan(0);
    expect(a.work.colors[0]).toMatch(/^#[0-9a-f]{6}$/);
    expect(a.work.licences.map((l) => l.kind)).toEqual(['category_exclusive', 'commercial']);
    // A retry with the desktop folder's metadata updates the same draft.
    const retry = await f.ok(
      perfectCreationPic,
      {
        fileKey: file.fileKey,
        title: '夏日水果',
        priceFen: 9_900,
        seriesTitle: '夏季新品',
        classifyName: '水果',
      },
      designer,
    );
    expect(retry).toMatchObject({
      created: false,
      work: { id: a.work.id, title: '夏日水果', priceFen: 9_900 },
    });
    expect(retry.work.seriesId).not.toBeNull();
    expect(retry.work.classifyIds).toHaveLength(1);
    const drafts = await f.ok(
      getMyCreations,
      { pageIndex: 1, pageSize: 20, tab: 'draft', keyword: '夏日水果' },
      designer,
    );
    expect(drafts.total).toBe(1);
  });

  it('lets only settled designers save and send works, and only owners touch them', async () => {
    const user = await f.registerUser();
    const file = await f.upload(user.token, await patternPng(++seed));
    const notSettled = await f.call(perfectCreationPic, { fileKey: file.fileKey }, user.token);
    expect(notSettled.body).toMatchObject({
      code: 1003,
      msg: '请先完成设计师入驻，入驻后即可发布作品',
    });
    expect((await f.call(publishCreation, { ids: [1] }, user.token)).body.code).toBe(1003);
    expect((await f.call(perfectCreationPic, { fileKey: file.fileKey })).body.code).toBe(401);

    const mine = await draft(designer);
    expect((await f.call(getDetailByEdit, { id: mine.work.id }, otherDesigner)).body.code).toBe(
      1003,
    );
    const edit = await f.call(
      perfectCreationPic,
      { id: mine.work.id, title: '偷改' },
      otherDesigner,
    );
    expect(edit.body.code).toBe(1003);
    const others = await publish([mine.work.id], otherDesigner);
    expect(others.results[0]).toMatchObject({ ok: false, msg: '只能操作自己的作品' });
    // Deleting someone else's work deletes nothing.
    const del = await f.call(deleteCreation, { ids: [mine.work.id] }, otherDesigner);
    expect(del.body).toMatchObject({ code: 1, data: { updated: 0 } });
    expect((await f.ok(getDetailByEdit, { id: mine.work.id }, designer)).status).toBe('draft');
    // Another designer's upload cannot start my draft.
    const theirs = await f.upload(otherDesigner, await patternPng(++seed));
    const foreign = await f.call(perfectCreationPic, { fileKey: theirs.fileKey }, designer);
    expect(foreign.body).toMatchObject({ code: 1022, msg: '图片不存在或不属于您，请重新上传' });
    // Only admins review.
    expect(
      (await f.call(reviewWork, { reason: '', id: mine.work.id, approve: true }, designer)).body
        .code,
    ).toBe(1003);
  });

  it('names what is missing before review, then goes through review to the public catalogue and word search', async () => {
    const { work } = await draft(designer);
    const missing = await publish([work.id]);
    expect(missing.results[0]).toMatchObject({
      ok: false,
      status: 'draft',
      msg: '请完善：标题、品类、风格',
    });
    const saved = await f.ok(
      perfectCreationPic,
      { id: work.id, ...complete('青花缠枝莲纹'), description: '青花瓷意象的缠枝莲' },
      designer,
    );
    expect(saved.work).toMatchObject({
      categoryKid: 101,
      tags: ['花卉', '春夏'],
      priceFen: 29_900,
    });

    // Two tabs send the same draft: one review, the same answer for both.
    const [one, two] = await Promise.all([publish([work.id]), publish([work.id])]);
    expect(one.results[0]).toMatchObject({ ok: true, status: 'review' });
    expect(two.results[0]).toMatchObject({ ok: true, status: 'review' });
    const reviews = await f.deps.db
      .selectFrom('work_reviews')
      .select('id')
      .where('work_id', '=', work.id)
      .execute();
    expect(reviews).toHaveLength(1);
    const inReview = await f.call(perfectCreationPic, { id: work.id, title: '改名' }, designer);
    expect(inReview.body).toMatchObject({ code: 1022, msg: '作品正在审核中，暂不能修改' });
    const hidden = await f.call(getCreationDetail, { id: work.id }, buyer);
    expect(hidden.body.code).toBe(1004);

    const queue = await f.ok(getWorkReviewList, { pageIndex: 1, pageSize: 20 }, admin);
    expect(queue.list.find((r) => r.id === work.id)).toMatchObject({ duplicateCount: 0 });
    const detail = await f.ok(getWorkReviewDetail, { id: work.id }, admin);
    expect(detail).toMatchObject({
      status: 'review',
      categoryPath: ['服装面料', '女装'],
      styleTitle: '花卉',
    });
    expect(detail.imageUrl).toMatch(/^\/files\/private\/uploads\/.+\?expires=/);

    await f.ok(reviewWork, { reason: '', id: work.id, approve: true }, admin);
    const again = await f.call(reviewWork, { reason: '', id: work.id, approve: true }, admin);
    expect(again.body).toMatchObject({ code: 1009, msg: '该作品不在审核中' });

    const publicDetail = await f.ok(getCreationDetail, { id: work.id }, buyer);
    expect(publicDetail.status).toBe('published');
    expect(publicDetail.previewUrl).toMatch(/^\/files\/public\/works\/w\d+\/preview-800\.webp$/);
    expect(publicDetail.licences).toHaveLength(2);
    const preview = await f.app.inject({ method: 'GET', url: publicDetail.previewUrl });
    expect(preview.statusCode).toBe(200);
    const list = await f.ok(getCreationList, {
      pageIndex: 1,
      pageSize: 20,
      designerId,
      sort: 'newest',
    });
    expect(list.list[0]?.id).toBe(work.id);
    const found = await f.ok(getSearchCreationList, {
      pageIndex: 1,
      pageSize: 20,
      keyword: '缠枝莲',
    });
    expect(found.list.map((w) => w.id)).toContain(work.id);
    const mine = await f.ok(
      getMyCreations,
      { pageIndex: 1, pageSize: 20, tab: 'published' },
      designer,
    );
    expect(mine.list.find((w) => w.id === work.id)?.thumbUrl).toMatch(/^\/files\/public\//);
    // Sending a published work again changes nothing.
    expect((await publish([work.id])).results[0]).toMatchObject({ ok: true, status: 'published' });
  });

  it('stops a PNG whose pixel data is broken behind right checksums at review, with a reason', async () => {
    // The upload checks a PNG's structure (chunks and CRCs), not its pixels: garble the compressed
    // data and write matching CRCs, and only the first full decode can tell.
    const png = Buffer.from(await patternPng(++seed));
    const at = png.indexOf('IDAT', 0, 'latin1');
    const length = png.readUInt32BE(at - 4);
    for (let i = at + 4 + 2; i < at + 4 + length; i += 7) png[i] = png[i]! ^ 0x5a;
    png.writeUInt32BE(crc32(png.subarray(at, at + 4 + length)), at + 4 + length);
    const file = await f.upload(designer, png);
    // Making a draft reads its colours: the first decode, refused with the reason.
    const refused = await f.call(
      perfectCreationPic,
      { fileKey: file.fileKey, ...complete('坏数据测试') },
      designer,
    );
    expect(refused.body).toMatchObject({
      code: 1022,
      msg: '图片文件不完整或已损坏，请重新导出后上传',
    });
    // With its colours given, the draft needs no decode; the reviewer's approval is the first.
    const { work } = await f.ok(
      perfectCreationPic,
      { fileKey: file.fileKey, ...complete('坏数据测试'), colors: ['#112233'] },
      designer,
    );
    const sent = await publish([work.id]);
    expect(sent.results[0]).toMatchObject({ status: 'review' });
    const approve = await f.call(reviewWork, { reason: '', id: work.id, approve: true }, admin);
    expect(approve.body).toMatchObject({
      code: 1022,
      msg: '作品图片无法解码，无法发布：请驳回并请设计师重新上传',
    });
    const rejected = await f.call(
      reviewWork,
      { id: work.id, approve: false, reason: '图片无法打开，请重新上传' },
      admin,
    );
    expect(rejected.body.code).toBe(1);
  });

  it('rejects with a reason the designer reads, and takes down with one too', async () => {
    const { work } = await draft(designer, complete('被驳回的花型'));
    await publish([work.id]);
    const noReason = await f.call(reviewWork, { id: work.id, approve: false, reason: ' ' }, admin);
    expect(noReason.body).toMatchObject({ code: 1022 });
    await f.ok(
      reviewWork,
      { id: work.id, approve: false, reason: '图片有明显水印，请上传原稿' },
      admin,
    );
    const rejected = await f.ok(
      getMyCreations,
      { pageIndex: 1, pageSize: 20, tab: 'rejected' },
      designer,
    );
    expect(rejected.list.find((w) => w.id === work.id)).toMatchObject({
      status: 'rejected',
      statusTitle: '未通过',
      rejectReason: '图片有明显水印，请上传原稿',
    });
    // Edited and sent again, it is approved; then an admin takes it down.
    await f.ok(perfectCreationPic, { id: work.id, title: '修改后的花型' }, designer);
    expect((await publish([work.id])).results[0]?.ok).toBe(true);
    await f.ok(reviewWork, { reason: '', id: work.id, approve: true }, admin);
    await f.ok(takeDownWork, { id: work.id, reason: '涉嫌侵权，已下架核实' }, admin);
    const offline = await f.ok(
      getMyCreations,
      { pageIndex: 1, pageSize: 20, tab: 'offline' },
      designer,
    );
    expect(offline.list.find((w) => w.id === work.id)).toMatchObject({
      status: 'offline',
      rejectReason: '涉嫌侵权，已下架核实',
    });
    expect((await f.call(getCreationDetail, { id: work.id }, buyer)).body.code).toBe(1004);
    const found = await f.ok(getSearchCreationList, {
      pageIndex: 1,
      pageSize: 20,
      keyword: '修改后的花型',
    });
    expect(found.list.map((w) => w.id)).not.toContain(work.id);
    const twice = await f.call(takeDownWork, { id: work.id, reason: '再次' }, admin);
    expect(twice.body.code).toBe(1009);
  });

  it('shows the reviewer an exact copy of another designer’s work beside the original', async () => {
    const bytes = await patternPng(++seed);
    const original = await f.upload(otherDesigner, bytes);
    const first = await f.ok(
      perfectCreationPic,
      { fileKey: original.fileKey, ...complete('原创几何') },
      otherDesigner,
    );
    await publish([first.work.id], otherDesigner);
    await f.ok(reviewWork, { reason: '', id: first.work.id, approve: true }, admin);

    const copy = await f.upload(designer, bytes);
    const second = await f.ok(
      perfectCreationPic,
      { fileKey: copy.fileKey, ...complete('抄来的几何') },
      designer,
    );
    expect((await publish([second.work.id])).results[0]?.ok).toBe(true);
    const detail = await f.ok(getWorkReviewDetail, { id: second.work.id }, admin);
    expect(detail.duplicates).toHaveLength(1);
    expect(detail.duplicates[0]).toMatchObject({
      workId: first.work.id,
      reason: 'other_designer',
      match: 'exact',
      score: 1,
    });
    expect(detail.duplicates[0]?.thumbUrl).toMatch(/^\/files\/public\/works\//);
    const queue = await f.ok(getWorkReviewList, { pageIndex: 1, pageSize: 20 }, admin);
    expect(queue.list.find((r) => r.id === second.work.id)?.duplicateCount).toBe(1);
  });

  it('also shows a re-saved copy (other bytes), found by the image-search engine', async () => {
    const png = await patternPng(++seed);
    const original = await f.upload(otherDesigner, png);
    const first = await f.ok(
      perfectCreationPic,
      { fileKey: original.fileKey, ...complete('原创条纹') },
      otherDesigner,
    );
    await publish([first.work.id], otherDesigner);
    await f.ok(reviewWork, { reason: '', id: first.work.id, approve: true }, admin);
    // No waiting: the approval itself has put the work in the image index.
    // The same picture saved again with other settings: other bytes (no sha256 match), the same work.
    const resaved = await sharp(png).png({ compressionLevel: 1, palette: false }).toBuffer();
    expect(resaved.equals(png)).toBe(false);
    const copy = await f.upload(designer, resaved);
    const second = await f.ok(
      perfectCreationPic,
      { fileKey: copy.fileKey, ...complete('另存的条纹') },
      designer,
    );
    await publish([second.work.id]);
    const detail = await f.ok(getWorkReviewDetail, { id: second.work.id }, admin);
    expect(detail.duplicates.map((d) => d.workId)).toContain(first.work.id);
    expect(detail.duplicates.find((d) => d.workId === first.work.id)?.reason).toBe(
      'other_designer',
    );
  });

  it('sends a batch, each work on its own', async () => {
    const good = await draft(designer, complete('批量一'));
    const incomplete = await draft(designer);
    const res = await publish([good.work.id, incomplete.work.id, 999_999]);
    expect(res.results.map((r) => r.ok)).toEqual([true, false, false]);
    expect(res.results[2]?.msg).toBe('作品不存在');
  });

  it('takes down, deletes (soft) and frees the file for a new draft', async () => {
    const { work } = await draft(designer, complete('要删除的作品'));
    await publish([work.id]);
    await f.ok(reviewWork, { reason: '', id: work.id, approve: true }, admin);
    expect(await f.ok(offlineCreation, { ids: [work.id] }, designer)).toEqual({ updated: 1 });
    expect((await f.call(getCreationDetail, { id: work.id }, buyer)).body.code).toBe(1004);
    expect(await f.ok(deleteCreation, { ids: [work.id] }, designer)).toEqual({ updated: 1 });
    expect((await f.call(getDetailByEdit, { id: work.id }, designer)).body.code).toBe(1004);
    const all = await f.ok(
      getMyCreations,
      { pageIndex: 1, pageSize: 20, keyword: '要删除的作品' },
      designer,
    );
    expect(all.total).toBe(0);
    const row = await f.deps.db
      .selectFrom('works')
      .select('status')
      .where('id', '=', work.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('deleted');
    const fresh = await f.ok(perfectCreationPic, { fileKey: work.fileKey }, designer);
    expect(fresh.created).toBe(true);
    expect(fresh.work.id).not.toBe(work.id);
  });

  it('organises works: classifications with rename, sort and delete, series, bulk moves, tabs and counts', async () => {
    const a = await f.ok(insertUpdateCustomClassify, { name: '春季' }, designer);
    const b = await f.ok(insertUpdateCustomClassify, { name: '外贸' }, designer);
    expect((await f.call(insertUpdateCustomClassify, { name: '春季' }, designer)).body.code).toBe(
      1009,
    );
    await f.ok(insertUpdateCustomClassify, { id: a.id, name: '春夏' }, designer);
    const sorted = await f.ok(sortCustomClassify, { ids: [b.id, a.id] }, designer);
    const names = sorted.map((c) => c.name);
    expect(names.indexOf('外贸')).toBeLessThan(names.indexOf('春夏'));
    expect((await f.call(sortCustomClassify, { ids: [b.id] }, otherDesigner)).body.code).toBe(1004);

    const w1 = await draft(designer, { title: '分类测试一' });
    const w2 = await draft(designer, { title: '分类测试二' });
    await f.ok(
      setCreationClassify,
      { ids: [w1.work.id, w2.work.id], classifyIds: [a.id], mode: 'set' },
      designer,
    );
    await f.ok(
      setCreationClassify,
      { ids: [w2.work.id], classifyIds: [b.id], mode: 'add' },
      designer,
    );
    const inA = await f.ok(
      getMyCreations,
      { pageIndex: 1, pageSize: 20, classifyId: a.id },
      designer,
    );
    expect(inA.list.map((w) => w.id).sort()).toEqual([w1.work.id, w2.work.id].sort());
    const list = await f.ok(getCustomClassify, {}, designer);
    expect(list.find((c) => c.id === b.id)?.workCount).toBe(1);
    await f.ok(deleteCustomClassify, { id: b.id }, designer);
    expect((await f.ok(getDetailByEdit, { id: w2.work.id }, designer)).classifyIds).toEqual([a.id]);

    const series = await f.ok(
      addOrEditSeries,
      { title: '春日系列', description: '春天' },
      designer,
    );
    expect(
      (await f.call(addOrEditSeries, { description: '', title: '春日系列' }, designer)).body.code,
    ).toBe(1009);
    await f.ok(setCreationSeries, { ids: [w1.work.id], seriesId: series.id }, designer);
    const mySeries = await f.ok(getMySeriesList, {}, designer);
    expect(mySeries.find((s) => s.id === series.id)).toMatchObject({
      workCount: 1,
      publishedCount: 0,
    });
    const forbidden = await f.call(
      setCreationSeries,
      { ids: [w1.work.id], seriesId: series.id },
      otherDesigner,
    );
    expect(forbidden.body.code).toBe(1003);
    await f.ok(delSeries, { id: series.id }, designer);
    expect((await f.ok(getDetailByEdit, { id: w1.work.id }, designer)).seriesId).toBeNull();

    const counts = (await f.ok(getMyCreations, { pageIndex: 1, pageSize: 20 }, designer)).counts;
    expect(counts.all).toBe(
      counts.draft + counts.review + counts.published + counts.rejected + counts.offline,
    );
    expect(counts.draft).toBeGreaterThanOrEqual(2);
    const options = await f.ok(getChannelsEdit, {}, designer);
    expect(options.categories.length).toBeGreaterThan(0);
    expect(options.classifications.map((c) => c.name)).toContain('春夏');
  });

  it('changes the material price of material works only', async () => {
    const material = await draft(designer, { headerType: 4, priceFen: 3_900 });
    const exclusive = await draft(designer);
    expect(material.work.licences.map((l) => l.kind)).toEqual(['material', 'commercial']);
    expect(
      await f.ok(updateSourceMaterialPrice, { ids: [material.work.id], priceFen: 4_900 }, designer),
    ).toEqual({
      updated: 1,
    });
    const after = await f.ok(getDetailByEdit, { id: material.work.id }, designer);
    expect(after.priceFen).toBe(4_900);
    expect(after.licences.find((l) => l.kind === 'material')?.priceFen).toBe(4_900);
    const refused = await f.call(
      updateSourceMaterialPrice,
      { ids: [exclusive.work.id], priceFen: 4_900 },
      designer,
    );
    expect(refused.body).toMatchObject({ code: 1022, msg: '只有素材作品可以修改素材价格' });
  });

  it('answers sale records, monthly figures and the export on an empty set until orders land', async () => {
    const list = await f.ok(getSaleRecordList, { pageIndex: 1, pageSize: 20 }, designer);
    expect(list).toEqual({ list: [], total: 0, totals: { count: 0, amountFen: 0, shareFen: 0 } });
    const stats = await f.ok(getSaleRecordStats, { months: 12 }, designer);
    expect(stats.months).toHaveLength(12);
    expect(stats.months.every((m) => m.count === 0)).toBe(true);
    expect(stats.months[11]?.month).toMatch(/^\d{4}-\d{2}$/);
    expect(await f.ok(exportSaleRecords, { startDate: '2025-01-01' }, designer)).toEqual({
      rows: [],
      truncated: false,
    });
    // A date of the right shape that is no day is refused in words, not with a server error.
    for (const body of [
      { pageIndex: 1, pageSize: 20, endDate: '0000-00-00' },
      { pageIndex: 1, pageSize: 20, startDate: '2026-02-30' },
    ]) {
      const refused = await f.call(getSaleRecordList, body, designer);
      expect(refused.status).toBe(422);
      expect(refused.body.msg).toMatch(/^日期不正确/);
    }
  });

  it('lists my uploaded patterns, whether a work was made of them, and their groups', async () => {
    const user = await f.registerUser();
    const a = await f.upload(user.token, await patternPng(++seed));
    const b = await f.upload(user.token, await patternPng(++seed));
    const files = await f.ok(getSubmitCreationPic, { pageIndex: 1, pageSize: 20 }, user.token);
    expect(files.total).toBe(2);
    expect(files.list.map((p) => p.fileKey)).toEqual([b.fileKey, a.fileKey]);
    expect(files.list[0]).toMatchObject({ workId: null, groupId: null, width: 600 });
    const group = await f.ok(savePatternGroup, { name: '待整理' }, user.token);
    await f.ok(
      setPatternGroup,
      { fileKeys: [], ids: [files.list[1]?.id ?? 0], groupId: group.id },
      user.token,
    );
    const groups = await f.ok(getPatternGroups, {}, user.token);
    expect(groups).toEqual({
      groups: [{ id: group.id, name: '待整理', fileCount: 1 }],
      ungrouped: 1,
    });
    const inGroup = await f.ok(
      getSubmitCreationPic,
      { pageIndex: 1, pageSize: 20, groupId: group.id },
      user.token,
    );
    expect(inGroup.list.map((p) => p.fileKey)).toEqual([a.fileKey]);
    expect(
      (
        await f.call(
          setPatternGroup,
          { fileKeys: [], ids: [files.list[1]?.id ?? 0], groupId: group.id },
          designer,
        )
      ).body.code,
    ).toBe(1004);

    const used = await draft(designer);
    const mine = await f.ok(getSubmitCreationPic, { pageIndex: 1, pageSize: 60 }, designer);
    expect(mine.list.find((p) => p.workId === used.work.id)?.workStatus).toBe('draft');
    const unused = await f.ok(
      getSubmitCreationPic,
      { pageIndex: 1, unusedOnly: true, pageSize: 60 },
      designer,
    );
    expect(unused.list.some((p) => p.workId !== null)).toBe(false);
  });

  it('suggests tags from hot tags, own tags, styles and categories', async () => {
    const list = await f.ok(tagboxs, { limit: 10, keyword: '花' }, designer);
    expect(list.list).toContain('花卉');
    expect(list.list.every((t) => t.includes('花'))).toBe(true);
  });
});
