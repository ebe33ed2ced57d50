import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { BankTransferDesk } from './bank-transfer-desk';
import { InvoiceDesk } from './invoice-desk';
import { WithdrawalDesk } from './withdrawal-desk';

type FinanceTab = 'transfers' | 'invoices' | 'withdrawals';

/**
 * /admin/finance: bank transfers to confirm, invoice requests (?tab=invoices) and designers'
 * withdrawals (?tab=withdrawals) to handle.
 */
export function FinanceDesk() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: FinanceTab = asked === 'invoices' || asked === 'withdrawals' ? asked : 'transfers';
  return (
    <>
      <h2>财务处理</h2>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'transfers' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'transfers', label: '银行转账确认', children: <BankTransferDesk /> },
          { key: 'invoices', label: '发票申请', children: <InvoiceDesk /> },
          { key: 'withdrawals', label: '提现审核', children: <WithdrawalDesk /> },
        ]}
      />
    </>
  );
}
