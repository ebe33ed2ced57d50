import { WarningOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useRequireLogin } from '../../../components/use-require-login';
import { ComplaintForm } from './lazy-complaint-form';

/** 侵权投诉 on a work's detail page: signed-in users report the work in a dialog. */
export function ReportWorkButton({ workId, workTitle }: { workId: number; workTitle: string }) {
  const requireLogin = useRequireLogin();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<WarningOutlined />}
        onClick={() => {
          if (requireLogin()) setOpen(true);
        }}
      >
        侵权投诉
      </Button>
      <Modal
        title="侵权投诉"
        open={open}
        width={640}
        footer={null}
        destroyOnHidden
        onCancel={() => setOpen(false)}
      >
        <ComplaintForm workId={workId} workTitle={workTitle} />
      </Modal>
    </>
  );
}
