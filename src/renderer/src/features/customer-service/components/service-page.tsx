import { Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ServiceConversation } from './service-conversation';
import type { ServiceEntryContext } from './service-conversation';

const POSITIVE = /^[1-9]\d{0,9}$/;
const ORDER_NO = /^[A-Za-z0-9]{6,40}$/;

/** /user/service 在线客服: the user's conversation in the user centre (?workId= / ?orderNo= add context). */
export function ServicePage() {
  const [search] = useSearchParams();
  const workId = search.get('workId') ?? '';
  const orderNo = search.get('orderNo') ?? '';
  const context: ServiceEntryContext = {
    ...(POSITIVE.test(workId) ? { workId: Number(workId) } : {}),
    ...(ORDER_NO.test(orderNo) ? { orderNo } : {}),
  };
  return (
    <section className="service-page">
      <Typography.Title level={3}>在线客服</Typography.Title>
      <ServiceConversation context={context} />
    </section>
  );
}
