import { App, Button, Form, Input, Radio, Select } from 'antd';
import type { InvoiceableOrder } from '@shared/contract/billing';
import { formatYuan } from '@shared/rules/money';
import {
  checkInvoiceEmail,
  checkInvoiceTitle,
  checkTaxNo,
  type InvoiceBuyerType,
} from '@shared/rules/invoice';
import { useRequestInvoice } from '../api/apply-invoice';
import './billing.css';

type Values = {
  orderNo?: string;
  buyerType: InvoiceBuyerType;
  title: string;
  taxNo: string;
  email: string;
};

/** A shared rule as an antd validator: the rule's message, or nothing. */
const byRule = (check: (value: string) => string | null) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const problem = check(value ?? '');
    if (problem) throw new Error(problem);
  },
});

/**
 * The request for a 增值税普通发票 on one paid order (checked by the same rule as the server); a
 * single order to choose from is chosen already.
 */
export function InvoiceForm({ orders }: { orders: readonly InvoiceableOrder[] }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const buyerType = Form.useWatch('buyerType', form) ?? 'personal';
  const apply = useRequestInvoice();
  const submit = async (values: Values) => {
    if (!values.orderNo) return;
    try {
      await apply.mutateAsync({
        orderNo: values.orderNo,
        buyerType: values.buyerType,
        title: values.title ?? '',
        taxNo: values.buyerType === 'company' ? (values.taxNo ?? '') : '',
        email: values.email ?? '',
      });
      message.success('发票申请已提交，开具后将发送到您的邮箱');
      form.resetFields();
    } catch (err) {
      message.error(err instanceof Error ? err.message : '提交失败，请稍后重试');
    }
  };
  return (
    <Form<Values>
      form={form}
      className="invoice-form"
      layout="vertical"
      initialValues={{
        orderNo: orders.length === 1 ? orders[0]?.orderNo : undefined,
        buyerType: 'personal',
        title: '',
        taxNo: '',
        email: '',
      }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="orderNo"
        label="订单"
        rules={[{ required: true, message: '请选择要开票的订单' }]}
      >
        <Select
          aria-label="订单"
          placeholder={orders.length ? '选择已支付的订单' : '暂无可开票的订单'}
          options={orders.map((o) => ({
            value: o.orderNo,
            label: `${o.workTitle} · ${o.licenceTitle} · ${formatYuan(o.amountFen)}（${o.orderNo}）`,
          }))}
        />
      </Form.Item>
      <Form.Item name="buyerType" label="抬头类型">
        <Radio.Group
          options={[
            { value: 'personal', label: '个人' },
            { value: 'company', label: '单位' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="title"
        label={buyerType === 'company' ? '发票抬头（单位名称）' : '发票抬头（个人姓名，可不填）'}
        rules={[byRule((v) => checkInvoiceTitle(buyerType, v))]}
      >
        <Input aria-label="发票抬头" maxLength={100} />
      </Form.Item>
      {buyerType === 'company' ? (
        <Form.Item name="taxNo" label="纳税人识别号" rules={[byRule(checkTaxNo)]}>
          <Input aria-label="纳税人识别号" maxLength={20} placeholder="15–20 位字母或数字" />
        </Form.Item>
      ) : null}
      <Form.Item name="email" label="接收邮箱" rules={[byRule(checkInvoiceEmail)]}>
        <Input aria-label="接收邮箱" maxLength={100} placeholder="电子发票将发送到该邮箱" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={apply.isPending}>
        申请开票
      </Button>
    </Form>
  );
}
