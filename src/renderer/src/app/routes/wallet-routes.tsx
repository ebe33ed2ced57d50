import { isSettledDesigner } from '@shared/rules/roles';
import { useDesignerStatus } from '../../api/get-designer-status';
import { MyBalancePage } from '../../features/wallet/components/my-balance-page';
import { RechargePage } from '../../features/wallet/components/recharge-page';
import { WithdrawPage } from '../../features/wallet/components/withdraw-page';

// The wallet (issue 12, docs/wallet.md): recharge, the balance and withdrawals share one chunk.

/** /recharge 充值. */
export const RechargeRoute = () => <RechargePage />;

/** /user/mybalance 我的余额. */
export const MyBalanceRoute = () => <MyBalancePage />;

/** /user/mybalance/accWithdraw 提现: settled designers only (§6). */
export function AccWithdrawRoute() {
  const status = useDesignerStatus();
  const settled = status.isError ? false : status.data ? isSettledDesigner(status.data) : null;
  return <WithdrawPage settled={settled} />;
}
