import { Drawer } from 'antd';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ServiceConversation } from './service-conversation';
import type { ServiceEntryContext } from './service-conversation';

type ServiceDrawerProps = {
  open: boolean;
  onClose: () => void;
  context?: ServiceEntryContext;
};

/** 在线客服 as a drawer over any page (the floating tools, a work page, an order page). */
export function ServiceDrawer({ open, onClose, context }: ServiceDrawerProps) {
  return (
    <Drawer
      title="在线客服"
      open={open}
      onClose={onClose}
      size={480}
      destroyOnHidden
      extra={
        <Link to={paths.user.service} onClick={onClose}>
          在用户中心查看
        </Link>
      }
    >
      {open ? <ServiceConversation {...(context ? { context } : {})} /> : null}
    </Drawer>
  );
}
