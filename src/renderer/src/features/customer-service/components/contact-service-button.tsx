import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useRequireLogin } from '../../../components/use-require-login';
import type { ServiceEntryContext } from './service-conversation';
import { ServiceDrawer } from './lazy-service-drawer';

type ContactServiceButtonProps = {
  context: ServiceEntryContext;
  size?: ButtonProps['size'];
};

/** 联系客服 on a work or order page: the conversation opens with that page as its context. */
export function ContactServiceButton({ context, size }: ContactServiceButtonProps) {
  const requireLogin = useRequireLogin();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<CustomerServiceOutlined />}
        {...(size ? { size } : {})}
        onClick={() => {
          if (requireLogin()) setOpen(true);
        }}
      >
        联系客服
      </Button>
      <ServiceDrawer open={open} onClose={() => setOpen(false)} context={context} />
    </>
  );
}
