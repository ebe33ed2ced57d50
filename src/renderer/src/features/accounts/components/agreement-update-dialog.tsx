import { App, Button, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DIALOG } from '@shared/constants';
import { MSG } from '@shared/messages';
import { paths } from '../../../config/paths';
import { useUserReadAndAgree } from '../api/user-read-and-agree';
import './accounts.css';

type AgreementUpdateDialogProps = {
  open: boolean;
  /** 不同意 logs the user out (§4). */
  onDisagree: () => void;
  onAgreed?: () => void;
};

/**
 * §2/§4 The agreement-update dialog (30 Sep 2021, 797px): 同意 is enabled only after ticking
 * 我已阅读并同意 and records acceptance (type 2); §8 a failure shows the server's message.
 */
export function AgreementUpdateDialog({ open, onDisagree, onAgreed }: AgreementUpdateDialogProps) {
  const [ticked, setTicked] = useState(false);
  const agree = useUserReadAndAgree();
  const { message } = App.useApp();

  const accept = () =>
    agree.mutate(undefined, {
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
      <p className="agreement-dialog__date">{MSG.agreementDate}</p>
      <p className="agreement-dialog__body">{MSG.agreementBody}</p>
      <div className="agreement-dialog__consent">
        <Checkbox checked={ticked} onChange={(event) => setTicked(event.target.checked)}>
          {MSG.agreementReadAndAgree}
        </Checkbox>
        <Link to={paths.agreement} target="_blank" rel="noopener">
          {MSG.agreementLink}
        </Link>
      </div>
    </Modal>
  );
}
