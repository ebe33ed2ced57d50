import type { FastifyInstance } from 'fastify';
import {
  applyWithdrawal,
  getBankInfo,
  getIncomeStatement,
  getUserBankCard,
  getWithdrawalAccount,
  getWithdrawalLog,
  getWithdrawals,
  handleWithdrawal,
  subBankCertify,
} from '@shared/contract/wallet';
import { registerCall } from '../../http/register-call';
import { bankCardInfo, bankList, bindBankCard } from './bank-card-service';
import * as withdrawals from './withdrawal-service';

// The designer's wallet (issue 12, docs/wallet.md): the bank card, withdrawals, and the admin's
// handling of them. Roles are the contract's (settled, admin).
export function registerWalletRoutes(app: FastifyInstance): void {
  const { deps } = app;
  registerCall(app, getBankInfo, async () => bankList());
  registerCall(app, getUserBankCard, async (_input, { currentUser }) =>
    bankCardInfo(deps, currentUser().id),
  );
  registerCall(app, subBankCertify, async (input, { currentUser }) =>
    bindBankCard(deps, currentUser().id, input),
  );
  registerCall(app, getWithdrawalAccount, async (_input, { currentUser }) =>
    withdrawals.withdrawalAccount(deps, currentUser().id),
  );
  registerCall(app, applyWithdrawal, async (input, { currentUser }) =>
    withdrawals.applyWithdrawal(deps, currentUser().id, input),
  );
  registerCall(app, getWithdrawalLog, async (input, { currentUser }) =>
    withdrawals.withdrawalLog(deps, currentUser().id, input),
  );
  registerCall(app, getIncomeStatement, async (input, { currentUser }) =>
    withdrawals.incomeStatement(deps, currentUser().id, input),
  );
  registerCall(app, getWithdrawals, async (input) => withdrawals.withdrawalsByState(deps, input));
  registerCall(app, handleWithdrawal, async (input, { currentUser }) =>
    withdrawals.handleWithdrawal(deps, currentUser().id, input),
  );
}
