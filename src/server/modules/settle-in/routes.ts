import type { FastifyInstance } from 'fastify';
import {
  INDUSTRIES,
  getEnterpriseApplyInfo,
  getIndustryInfo,
  getShopApplyInfo,
  isExistenceNickName,
  subitEnterprise,
  subitShopApply,
} from '@shared/contract/settle-in';
import { registerCall } from '../../http/register-call';
import { nickNameTaken, shopApplyInfo, submitApplication } from './settle-in-service';

export function registerSettleInRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db } = deps;

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
}
