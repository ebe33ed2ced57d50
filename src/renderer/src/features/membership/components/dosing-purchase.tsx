import { Button, Modal, Radio, Result } from 'antd';
import { useCallback, useState } from 'react';
import { DIALOG, MEMBER_PAY_METHOD } from '@shared/constants';
import type { DosingPackage } from '@shared/contract/membership';
import { formatYuan } from '@shared/rules/money';
import { useDosingQrCode } from '../api/get-dosing-packages';
import { useRefreshMemberState } from '../api/get-member-state';
import type { ChosenPayMethod } from '../lib/pay-method';
import { BALANCE_PAY, PAY_CHOICES, qrMethodOf, toWirePayMethod } from '../lib/pay-method';
import { BalancePayPanel } from './balance-pay';
import { PayPanel } from './pay-panel';

type DosingPurchaseDialogProps = { pack: DosingPackage | null; onClose: () => void };

/** Buying one add-on pack in the 580×520 popup: the pay method, the QR (or transfer), then done. */
export function DosingPurchaseDialog({ pack, onClose }: DosingPurchaseDialogProps) {
  return (
    <Modal
      open={pack !== null}
      title="购买加量包"
      width={DIALOG.membershipPopup.width}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      styles={{ body: { minHeight: DIALOG.membershipPopup.height - 56 } }}
    >
      {pack ? <DosingPay pack={pack} active onDone={onClose} /> : null}
    </Modal>
  );
}

function DosingPay({
  pack,
  active,
  onDone,
}: {
  pack: DosingPackage;
  active: boolean;
  onDone: () => void;
}) {
  const [method, setMethod] = useState<ChosenPayMethod>(MEMBER_PAY_METHOD.wechat);
  const [paid, setPaid] = useState(false);
  const refresh = useRefreshMemberState();
  const byBalance = method === BALANCE_PAY;
  const qr = useDosingQrCode(
    pack.id,
    toWirePayMethod(qrMethodOf(method)),
    active && !paid && !byBalance,
  );
  const onPaid = useCallback(() => {
    setPaid(true);
    void refresh();
  }, [refresh]);
  if (paid) {
    return (
      <Result
        status="success"
        title="购买成功"
        subTitle={`已追加${pack.authTitle} ${pack.count}${pack.unitName}，有效期同会员`}
        extra={
          <Button type="primary" onClick={onDone}>
            确定
          </Button>
        }
      />
    );
  }
  return (
    <div className="member-choices">
      <div className="member-row">
        <span className="member-row__label">加量包</span>
        <span>
          {pack.title}（{pack.authTitle} +{pack.count}
          {pack.unitName}）
        </span>
      </div>
      <div className="member-row">
        <span className="member-row__label">支付方式</span>
        <Radio.Group
          optionType="button"
          value={method}
          onChange={(e) => setMethod(e.target.value as ChosenPayMethod)}
          options={PAY_CHOICES.map((o) => ({ value: o.value, label: o.label }))}
        />
      </div>
      <div className="member-row">
        <span className="member-row__label">应付金额</span>
        <strong className="member-price">{formatYuan(pack.priceFen)}</strong>
      </div>
      {byBalance ? (
        <BalancePayPanel
          purchase={{ kind: 'dosing', id: pack.id, amount: 1 }}
          amountFen={pack.priceFen}
          onPaid={onPaid}
        />
      ) : (
        <PayPanel method={qrMethodOf(method)} qr={qr} active={active} onPaid={onPaid} />
      )}
    </div>
  );
}
