import { App, Button, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DIALOG } from '@shared/constants';
import { AGREEMENT_ALIASES } from '@shared/contract/agreements';
import { MSG } from '@shared/messages';
import { paths } from '../../../config/paths';
import { chinaDateText } from '../../../lib/china-date';
import { useUserAgreement, useUserReadAndAgree } from '../api/user-read-and-agree';
import './accounts.css';

type AgreementUpdateDialogProps = {
  open: boolean;
  /** 不同意 logs the user out (§4). */
  onDisagree: () => void;
  onAgreed?: () => void;
};

/**
 * §2/§4 The agreement-update dialog (797px), dated as the user agreement in force (version 1: 30 Sep
 * 2021): 同意 is enabled only after ticking 我已阅读并同意 and records acceptance (type 2) of the
 * version shown; §8 a failure shows the server's message.
 */
export function AgreementUpdateDialog({ open, onDisagree, onAgreed }: AgreementUpdateDialogProps) {
  const [ticked, setTicked] = useState(false);
  const agree = useUserReadAndAgree();
  const current = useUserAgreement();
  const { message } = App.useApp();

  const accept = () =>
    agree.mutate(current.data?.version, {
      onSuccess: () => onAgreed?.(),
      onError: (error) => void message.error(error.message || MSG.operationFailed),
    });

  return (
    <Modal
      open={open}
      title={MSG.agreementTitle}
      width={DIALOG.agreementWidth}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      footer={[
        <Button key="disagree" onClick={onDisagree} disabled={agree.isPending}>
          {MSG.disagree}
        </Button>,
        <Button
          key="agree"
          type="primary"
          autoInsertSpace={false}
          disabled={!ticked}
          loading={agree.isPending}
          onClick={accept}
        >
          {MSG.agree}
        </Button>,
      ]}
    >
      <p className="agreement-dialog__date">
        {current.data ? chinaDateText(current.data.publishedAt) : '\u00a0'}
      </p>
      <p className="agreement-dialog__body">{MSG.agreementBody}</p>
      <div className="agreement-dialog__consent">
        <Checkbox checked={ticked} onChange={(event) => setTicked(event.target.checked)}>
          {MSG.agreementReadAndAgree}
        </Checkbox>
        <Link
          to={paths.agreementAlias(AGREEMENT_ALIASES.userAgreement)}
          target="_blank"
          rel="noopener"
        >
          {MSG.agreementLink}
        </Link>
      </div>
    </Modal>
  );
}
