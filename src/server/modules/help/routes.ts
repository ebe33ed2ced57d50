import type { FastifyInstance } from 'fastify';
import {
  getBasicInfo,
  getDesignHelpInfo,
  getDesignHelpList,
  getHelpArticleSource,
  getHelpInfo,
  getHelpList,
  getHelpTree,
  moveHelpItem,
  previewHelpMarkdown,
  saveHelpArticle,
  saveHelpCategory,
  setHelpPublished,
} from '@shared/contract/help';
import type { SiteInfoConfig } from '../../config';
import { registerCall } from '../../http/register-call';
import * as help from './help-service';
import { basicInfo } from './site-info';

// Help centre and site information (issue 13, docs/help.md): the buyers' and designers' articles,
// Support/GetBasicInfo, and the back office's editing.

export function registerHelpRoutes(app: FastifyInstance, siteInfo: SiteInfoConfig): void {
  const { deps } = app;
  registerCall(app, getHelpList, async (input) => help.helpList(deps, 'buyer', input.keyword));
  registerCall(app, getHelpInfo, async (input) => help.helpArticle(deps, 'buyer', input.id));
  registerCall(app, getDesignHelpList, async (input) =>
    help.helpList(deps, 'designer', input.keyword),
  );
  registerCall(app, getDesignHelpInfo, async (input) =>
    help.helpArticle(deps, 'designer', input.id),
  );
  registerCall(app, getBasicInfo, async () => basicInfo(siteInfo));

  registerCall(app, getHelpTree, async (input) => help.helpTree(deps, input.audience));
  registerCall(app, saveHelpCategory, async (input) => help.saveHelpCategory(deps, input));
  registerCall(app, getHelpArticleSource, async (input) => help.helpArticleSource(deps, input.id));
  registerCall(app, saveHelpArticle, async (input, { currentUser }) =>
    help.saveHelpArticle(deps, currentUser().id, input),
  );
  registerCall(app, setHelpPublished, async (input) => help.setHelpPublished(deps, input));
  registerCall(app, moveHelpItem, async (input) => help.moveHelpItem(deps, input));
  registerCall(app, previewHelpMarkdown, async (input) => help.previewHelpMarkdown(input.markdown));
}
