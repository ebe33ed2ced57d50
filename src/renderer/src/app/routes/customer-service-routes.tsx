import { ServicePage } from '../../features/customer-service/components/service-page';

/** /user/service 在线客服: the user's conversation with staff in the user centre. */
export function UserServiceRoute() {
  return <ServicePage />;
}
