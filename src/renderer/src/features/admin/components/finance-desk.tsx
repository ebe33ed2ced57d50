import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { BankTransferDesk } from './bank-transfer-desk';
import { InvoiceDesk } from './invoice-desk';

type FinanceTab = 'transfers' | 'invoices';

/** /admin/finance: bank transfers to confirm and invoice requests to handle (?tab=invoices). */
export function FinanceDesk() {
  const [params, setParams] = useSearchParams();
  const tab: FinanceTab = params.get('tab') === 'invoices' ? 'invoices' : 'transfers';
  return (
    <>
      <h2>财务处理</h2>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'invoices' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'transfers', label: '银行转账确认', children: <BankTransferDesk /> },
          { key: 'invoices', label: '发票申请', children: <InvoiceDesk /> },
        ]}
      />
    </>
  );
}
