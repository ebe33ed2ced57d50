import type { FastifyInstance } from 'fastify';
import {
  addOrEditSeries,
  delSeries,
  getMySeriesList,
  setCreationSeries,
} from '@shared/contract/series';
import { registerCall } from '../../http/register-call';
import { workIndexesOf } from '../../plugins/services';
import { deleteSeries, listMySeries, saveSeries, setWorksSeries } from './series-service';

export function registerSeriesRoutes(app: FastifyInstance): void {
  // Renaming or emptying a series updates the indexes of its published works.
  const deps = { ...app.deps, ...workIndexesOf(app) };
  const { db } = deps;

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

  registerCall(app, setCreationSeries, async (input, { currentUser }) => ({
    updated: await setWorksSeries(deps, currentUser().id, input.ids, input.seriesId),
  }));
}
