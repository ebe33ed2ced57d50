import type { FastifyInstance } from 'fastify';
import { bindBankAccount, getBankAccount } from '@shared/contract/certification';
import { registerCall } from '../../http/register-call';
import { bankAccountInfo, bindBankAccount as bind } from './bank-account-service';

// The verification calls themselves (GetVerifyInfo, GetVerifyUrl, ChangeFirstSigner) are registered
// by publishing/routes.ts with the real-name verification they share.
export function registerCertificationRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  registerCall(app, getBankAccount, async (_input, { currentUser }) =>
    bankAccountInfo(deps, currentUser().id),
  );
  registerCall(app, bindBankAccount, async (input, { currentUser }) =>
    bind(deps, currentUser().id, input),
  );
}
