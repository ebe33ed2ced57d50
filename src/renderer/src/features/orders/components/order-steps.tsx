import { Steps } from 'antd';

/** The checkout's three steps: 提交订单 → 支付 → 完成. */
export function OrderSteps({ step }: { step: 1 | 2 | 3 }) {
  return (
    <div className="order-page__steps">
      <Steps
        current={step - 1}
        items={[{ title: '提交订单' }, { title: '支付' }, { title: '完成' }]}
      />
    </div>
  );
}
