import { CustomerServiceOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { ToolButton } from '../../../components/layout/floating-tools';
import { useRequireLogin } from '../../../components/use-require-login';
import { useSessionStore } from '../../../stores/session-store';
import { useServiceUnread } from '../api/my-service-thread';
import { useServiceDrawerStore } from '../stores/service-drawer-store';
import { ServiceDrawer } from './lazy-service-drawer';

/** 在线客服 in the floating tools: opens the conversation; a badge counts unread staff replies. */
export function ServiceFloatingEntry() {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const requireLogin = useRequireLogin();
  const unread = useServiceUnread(signedIn);
  const show = useServiceDrawerStore((s) => s.show);
  const count = signedIn ? (unread.data?.unread ?? 0) : 0;
  return (
    <Badge count={count} offset={[-6, 6]} size="small" title={`${count} 条客服回复未读`}>
      <ToolButton
        icon={<CustomerServiceOutlined />}
        label="在线客服"
        onClick={() => {
          if (requireLogin()) show();
        }}
      />
    </Badge>
  );
}

/** The floating entry's drawer, mounted beside the floating tools (not inside them). */
export function ServiceDrawerHost() {
  const open = useServiceDrawerStore((s) => s.open);
  const hide = useServiceDrawerStore((s) => s.hide);
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return <ServiceDrawer open={open && signedIn} onClose={hide} />;
}
