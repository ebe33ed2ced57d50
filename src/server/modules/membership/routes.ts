import type { FastifyInstance } from 'fastify';
import {
  getAuthList,
  getDosingPackageList,
  getDosingQrCode,
  getExpiryRemain,
  getMemberPackageConfig,
  getMemberQrCode,
  getRechargeOrderOptionList,
  getShowMemberPackageList,
  getUserBalance,
  getUserBalanceInfo,
  getPackageDesk,
  getUserImgSpaceInfo,
  orderMemberReturnQrCode,
  payMemberByBalance,
  payPcOrderQuery,
  saveDosingPackage,
  saveMemberPackage,
  setPackageEnabled,
} from '@shared/contract/membership';
import { registerCall } from '../../http/register-call';
import { serviceOf } from '../../plugins/services';
import { balanceOf, userBalance } from '../finance/ledger';
import { originOf } from '../orders/origin';
import type { PayDeps } from '../orders/payment-service';
import { payByBalance } from './balance-payment';
import { dosingPackageList, dosingQrCode } from './dosing-service';
import * as membership from './membership-service';
import * as packageAdmin from './package-admin-service';

export function registerMembershipRoutes(app: FastifyInstance): void {
  const deps: PayDeps = {
    db: app.deps.db,
    now: app.deps.now,
    commerce: serviceOf(app, 'commerce'),
    payments: serviceOf(app, 'payments'),
  };

  registerCall(app, getMemberPackageConfig, async () => membership.packageConfig(deps));
  registerCall(app, getShowMemberPackageList, async (input) =>
    membership.packageList(deps, { type: input.type, source: input.source }),
  );
  registerCall(app, getMemberQrCode, async (input, { currentUser, request }) =>
    membership.memberQrCode(deps, currentUser().id, input, originOf(request)),
  );
  registerCall(app, payPcOrderQuery, async (input, { currentUser }) =>
    membership.memberPayResult(deps, currentUser().id, input.payOrderNo),
  );
  registerCall(app, payMemberByBalance, async (input, { currentUser }) =>
    payByBalance(deps, currentUser().id, input),
  );
  registerCall(app, getPackageDesk, async () => packageAdmin.packageDesk(deps));
  registerCall(app, saveMemberPackage, async (input) =>
    packageAdmin.saveMemberPackage(deps, input),
  );
  registerCall(app, saveDosingPackage, async (input) =>
    packageAdmin.saveDosingPackage(deps, input),
  );
  registerCall(app, setPackageEnabled, async (input) =>
    packageAdmin.setPackageEnabled(deps, input),
  );
  registerCall(app, getDosingPackageList, async () => dosingPackageList(deps));
  registerCall(app, getDosingQrCode, async (input, { currentUser, request }) =>
    dosingQrCode(deps, currentUser().id, input, originOf(request)),
  );
  registerCall(app, getAuthList, async (_input, { currentUser }) =>
    membership.authList(deps, currentUser().id),
  );
  registerCall(app, getExpiryRemain, async (input, { currentUser }) => {
    const all = await membership.authList(deps, currentUser().id, { includeHidden: true });
    return (
      all.find((a) => a.authCode === input.authCode) ?? {
        authCode: input.authCode,
        authTitle: '',
        authValue: 0,
        unit: '',
        remainValue: 0,
        endTime: 0,
      }
    );
  });
  registerCall(app, getUserImgSpaceInfo, async (_input, { currentUser }) => {
    const space = (await membership.authList(deps, currentUser().id)).find(
      (a) => a.authCode === 'T2',
    );
    return space
      ? {
          total: space.authValue,
          used: space.authValue - space.remainValue,
          remain: space.remainValue,
        }
      : { total: 0, used: 0, remain: 0 };
  });
  registerCall(app, getRechargeOrderOptionList, async () => membership.rechargeOptions());
  registerCall(app, orderMemberReturnQrCode, async (input, { currentUser, request }) =>
    membership.rechargeQrCode(deps, currentUser().id, input, originOf(request)),
  );
  registerCall(app, getUserBalance, async (_input, { currentUser }) => ({
    balanceFen: await balanceOf(deps.db, userBalance(currentUser().id).code),
  }));
  registerCall(app, getUserBalanceInfo, async (input, { currentUser }) =>
    membership.balanceInfo(deps, currentUser().id, input),
  );
}
