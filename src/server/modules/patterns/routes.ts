import type { FastifyInstance } from 'fastify';
import {
  deletePatternGroup,
  getPatternGroups,
  getSubmitCreationPic,
  savePatternGroup,
  setPatternGroup,
} from '@shared/contract/patterns';
import { registerCall } from '../../http/register-call';
import {
  deletePatternGroupFor,
  listPatternFiles,
  listPatternGroups,
  movePatterns,
  savePatternGroupFor,
} from './patterns-service';

export function registerPatternsRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db } = deps;

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
}
