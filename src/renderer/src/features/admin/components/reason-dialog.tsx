import { Input, Modal } from 'antd';
import { useState } from 'react';

type ReasonDialogProps = {
  open: boolean;
  title: string;
  placeholder: string;
  /** Quick answers a reviewer often gives. */
  presets: readonly string[];
  confirmLoading?: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
};

/** Asks for the reason of a rejection or a take-down; the designer or applicant reads it. */
export function ReasonDialog({
  open,
  title,
  placeholder,
  presets,
  confirmLoading,
  onCancel,
  onConfirm,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onCancel}
      onOk={() => onConfirm(reason.trim())}
      okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
      confirmLoading={confirmLoading}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      <div className="reason-presets">
        {presets.map((p) => (
          <button
            key={p}
            type="button"
            className="reason-presets__item"
            onClick={() => setReason(p)}
          >
            {p}
          </button>
        ))}
      </div>
      <Input.TextArea
        aria-label="原因"
        rows={4}
        maxLength={200}
        showCount
        value={reason}
        placeholder={placeholder}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
