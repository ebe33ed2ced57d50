import { useState } from 'react';
import type { ComponentProps } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import type { ServiceDrawer as ServiceDrawerComponent } from './service-drawer';

type ServiceDrawerProps = ComponentProps<typeof ServiceDrawerComponent>;

const LoadedServiceDrawer = lazyComponent<ServiceDrawerProps>(() =>
  import('./service-drawer').then((m) => m.ServiceDrawer),
);

/**
 * The customer-service drawer, loaded when it is first opened (then kept mounted so it can animate
 * closed): the conversation, its composer and image preview stay out of every page's initial JS.
 */
export function ServiceDrawer(props: ServiceDrawerProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened || props.open ? <LoadedServiceDrawer {...props} /> : null;
}
