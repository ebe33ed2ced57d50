import { App, Button, Modal, Radio } from 'antd';
import { useState } from 'react';
import { BUYER_KINDS, SELLER_KINDS } from '@shared/contract/accounts';
import { MSG } from '@shared/messages';
import type { BuyerKind, RegisterRole, SellerKind } from '@shared/rules/registration-interest';
import { canSaveRegistrationInterest } from '@shared/rules/registration-interest';
import { useSaveUserKeyword } from '../api/save-user-keyword';
import './accounts.css';

type RegistrationInterestDialogProps = {
  open: boolean;
  /** A new registrant also chooses a role (§5). */
  isNewRegister: boolean;
  onSaved?: () => void;
};

const ROLE_OPTIONS: { value: RegisterRole; label: string }[] = [
  { value: 0, label: MSG.roleBuyer },
  { value: 1, label: MSG.roleCreator },
];

type ChoiceProps = { label: string; selected: boolean; onToggle: () => void };

function Choice({ label, selected, onToggle }: ChoiceProps) {
  return (
    <Button
      className="interest-dialog__choice"
      type={selected ? 'primary' : 'default'}
      ghost={selected}
      autoInsertSpace={false}
      aria-pressed={selected}
      onClick={onToggle}
    >
      {label}
    </Button>
  );
}

/**
 * §3/§5 Registration interest, asked once after the first sign-in: one seller type (a toggle), any
 * buyer types and, for a new registrant, a role. 选好了 is enabled only when the rules hold; a failed
 * save warns 请先完善信息.
 */
export function RegistrationInterestDialog({
  open,
  isNewRegister,
  onSaved,
}: RegistrationInterestDialogProps) {
  const [seller, setSeller] = useState<SellerKind | null>(null);
  const [buyers, setBuyers] = useState<BuyerKind[]>([]);
  const [role, setRole] = useState<RegisterRole | null>(null);
  const save = useSaveUserKeyword();
  const { message } = App.useApp();
  const ready = canSaveRegistrationInterest({ seller, buyers, role, isNewRegister });

  const toggleBuyer = (kind: BuyerKind) =>
    setBuyers((current) =>
      current.includes(kind) ? current.filter((k) => k !== kind) : [...current, kind],
    );

  const submit = () => {
    if (!ready) return;
    save.mutate(
      {
        UserKeyword: [
          ...(seller ? [seller] : []),
          ...BUYER_KINDS.filter((k) => buyers.includes(k)),
        ],
        ...(isNewRegister && role !== null ? { registerRole: role } : {}),
        isNewRegister,
      },
      {
        onSuccess: () => onSaved?.(),
        onError: () => void message.warning(MSG.completeInfoFirst),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={MSG.interestTitle}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      width={560}
      footer={
        <Button type="primary" disabled={!ready} loading={save.isPending} onClick={submit}>
          {MSG.chooseDone}
        </Button>
      }
    >
      <p className="interest-dialog__intro">{MSG.interestIntro}</p>
      <section className="interest-dialog__group" aria-label={MSG.interestSeller}>
        <h4>{MSG.interestSeller}</h4>
        <div className="interest-dialog__choices">
          {SELLER_KINDS.map((kind) => (
            <Choice
              key={kind}
              label={kind}
              selected={seller === kind}
              onToggle={() => setSeller((current) => (current === kind ? null : kind))}
            />
          ))}
        </div>
      </section>
      <section className="interest-dialog__group" aria-label={MSG.interestBuyer}>
        <h4>{MSG.interestBuyer}</h4>
        <div className="interest-dialog__choices">
          {BUYER_KINDS.map((kind) => (
            <Choice
              key={kind}
              label={kind}
              selected={buyers.includes(kind)}
              onToggle={() => toggleBuyer(kind)}
            />
          ))}
        </div>
      </section>
      {isNewRegister ? (
        <section className="interest-dialog__group" aria-label={MSG.interestRole}>
          <h4>{MSG.interestRole}</h4>
          <Radio.Group
            value={role}
            onChange={(event) => setRole(event.target.value as RegisterRole)}
            options={ROLE_OPTIONS}
          />
        </section>
      ) : null}
    </Modal>
  );
}
