import type { FastifyInstance } from 'fastify';
import { changeFirstSigner, getVerifyInfo, getVerifyUrl } from '@shared/contract/identity';
import { registerCall } from '../../http/register-call';
import {
  changeFirstSigner as makeFirstSigner,
  toVerifyRecord,
  verifyIdentity,
  verifyInfo,
} from './identity-service';

export function registerIdentityRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db } = deps;

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
}
