import { Modal } from 'antd';
import { DIALOG } from '@shared/constants';
import type { DialogHost, MemberDialogOutcome } from '../lib/finish-member-dialog';
import { finishMemberDialog } from '../lib/finish-member-dialog';
import type { MemberPurchaseVariant } from './member-purchase';
import { MemberOpened, MemberPurchase, useMemberPaid } from './member-purchase';

type MembershipDialogProps = {
  open: boolean;
  /** full: 860×697 with tabs, cards and the comparison tables; popup: 580×520 (§9). */
  variant?: MemberPurchaseVariant;
  /** §2 The member dialog hides its close button on /demand/release. */
  closable?: boolean;
  initialPackageId?: number;
  /** Called after the page was told (reload or frame message); mostly for tests and pages. */
  onClosed?: (outcome: MemberDialogOutcome) => void;
  /** The window: reloaded on close, or its parent frame told the result. */
  host?: DialogHost;
};

const NOT_PAID: MemberDialogOutcome = { paid: false, payOrderNo: '', vipEndTime: 0 };

/**
 * §2/§4 The membership dialog. Closing it (or 确定 after paying) reloads the page or, inside the
 * designer-tool frame, posts the result to the frame's parent; polling stops as it closes.
 */
export function MembershipDialog({
  open,
  variant = 'full',
  closable = true,
  initialPackageId,
  onClosed,
  host,
}: MembershipDialogProps) {
  const { outcome, onPaid } = useMemberPaid();
  const size = variant === 'full' ? DIALOG.membership : DIALOG.membershipPopup;
  const close = () => {
    const result = outcome ?? NOT_PAID;
    finishMemberDialog(result, host);
    onClosed?.(result);
  };
  return (
    <Modal
      open={open}
      title="开通会员"
      width={size.width}
      footer={null}
      closable={closable || outcome !== null}
      mask={{ closable: false }}
      keyboard={closable}
      destroyOnHidden
      onCancel={close}
      styles={{ body: { height: size.height - 56, overflowY: 'auto' } }}
      className={`member-dialog member-dialog--${variant}`}
    >
      {outcome ? (
        <MemberOpened vipEndTime={outcome.vipEndTime} onConfirm={close} />
      ) : (
        <MemberPurchase
          variant={variant}
          active={open}
          onPaid={onPaid}
          initialPackageId={initialPackageId}
        />
      )}
    </Modal>
  );
}
