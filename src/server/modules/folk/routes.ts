import type { FastifyError, FastifyInstance } from 'fastify';
import {
  answerFolkAccessRequest,
  applyFolkAccess,
  fetchFolkTagList,
  fetchHasSouthwestEnter,
  getFolkAccessDesk,
  getFolkDetails,
  getFolkDictByKey,
  getFolkIndex,
  getFolkIntentionDesk,
  getFolkList,
  getFolkTagList,
  getMyFolkAccess,
  getMyFolkIntentions,
  grantFolkAccess,
  likeFolkWork,
  revokeFolkAccess,
  searchFolkImage,
  setFolkIntentionState,
  submitFolkIntention,
} from '@shared/contract/folk';
import { IMAGE_SEARCH_BODY_LIMIT } from '@shared/contract/image-search';
import { MSG } from '@shared/messages';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import * as access from './entitlement-service';
import { FolkImageIndex } from './folk-image-index';
import * as works from './folk-works-service';
import * as intentions from './intention-service';

// The south-west folk base (issue 14): every call but the entry flag, the dict and the access
// request passes requireEntitlement before it reads anything; admin calls are checked by role.

export function registerFolkRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { db } = deps;
  const images = new FolkImageIndex(deps);
  /** The signed-in caller's id once the entitlement is checked. */
  const entitled = async (currentUser: () => { id: number }) => {
    const { id } = currentUser();
    await access.requireEntitlement(db, id);
    return id;
  };

  registerCall(app, fetchHasSouthwestEnter, async (_input, { user }) =>
    access.hasEntitlement(db, user?.id),
  );
  registerCall(app, getFolkDictByKey, async (input, { user }) =>
    access.dictByKey(deps, user?.id ?? null, input.key),
  );
  registerCall(app, getMyFolkAccess, async (_input, { currentUser }) =>
    access.myAccess(deps, currentUser().id),
  );
  registerCall(app, applyFolkAccess, async (input, { currentUser }) =>
    access.applyAccess(deps, currentUser().id, input),
  );

  registerCall(app, fetchFolkTagList, async (_input, { currentUser }) => {
    await entitled(currentUser);
    return works.tagList(db);
  });
  registerCall(app, getFolkTagList, async (_input, { currentUser }) => {
    await entitled(currentUser);
    return works.tagCounts(db);
  });
  registerCall(app, getFolkIndex, async (_input, { currentUser }) => {
    await entitled(currentUser);
    return works.folkIndex(deps);
  });
  registerCall(app, getFolkList, async (input, { currentUser }) => {
    await entitled(currentUser);
    return works.folkList(deps, input);
  });
  registerCall(app, getFolkDetails, async (input, { currentUser }) =>
    works.folkDetails(deps, await entitled(currentUser), input.id),
  );
  registerCall(app, likeFolkWork, async (input, { currentUser }) =>
    works.setLike(deps, await entitled(currentUser), input),
  );
  registerCall(app, submitFolkIntention, async (input, { currentUser }) =>
    intentions.submitIntention(deps, await entitled(currentUser), input),
  );
  registerCall(app, getMyFolkIntentions, async (_input, { currentUser }) =>
    intentions.myIntentions(deps, await entitled(currentUser)),
  );

  // The image call carries a picture: a larger body limit, and a body past it the §5 message.
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = IMAGE_SEARCH_BODY_LIMIT;
    });
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw AppError.rule(MSG.imageTooLarge);
      throw error;
    });
    registerCall(scope, searchFolkImage, async (input, { currentUser }) => {
      await entitled(currentUser);
      const hits = await images.search(input.files, input.ignoreColor);
      const cards = await works.cardsByIds(
        deps,
        hits.map((h) => h.id),
      );
      const byId = new Map(hits.map((h) => [h.id, h]));
      const list = cards.map((c) => ({
        ...c,
        score: Math.round((byId.get(c.id)?.score ?? 0) * 10_000) / 10_000,
        match: byId.get(c.id)?.match ?? ('similar' as const),
      }));
      return { list, total: list.length };
    });
  });

  registerCall(app, getFolkAccessDesk, async () => access.accessDesk(deps));
  registerCall(app, grantFolkAccess, async (input, { currentUser }) =>
    access.grantByPhone(deps, currentUser().id, input),
  );
  registerCall(app, revokeFolkAccess, async (input) => access.revoke(deps, input.userId));
  registerCall(app, answerFolkAccessRequest, async (input, { currentUser }) =>
    access.answerRequest(deps, currentUser().id, input),
  );
  registerCall(app, getFolkIntentionDesk, async (input) => intentions.intentionDesk(deps, input));
  registerCall(app, setFolkIntentionState, async (input, { currentUser }) =>
    intentions.setIntentionState(deps, currentUser().id, input),
  );
}
