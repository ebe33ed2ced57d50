import { App, Form, InputNumber, Modal } from 'antd';
import type { DemandCard } from '@shared/contract/demands';
import { useDemandDescription, useEditDemand } from '../api/demands';
import { DemandWordsFields } from './demand-form-fields';

type Values = { title: string; kid: number; type: number; description: string; extendDays: number };

/** 修改需求: the words, category and type of an open demand, or more days; never the money. */
export function DemandEditDialog({ demand, onClose }: { demand: DemandCard; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const description = useDemandDescription(demand.id);
  const edit = useEditDemand();
  const submit = (values: Values) =>
    edit.mutate(
      { demandId: demand.id, ...values, extendDays: values.extendDays ?? 0 },
      {
        onSuccess: () => {
          void message.success('需求已修改');
          onClose();
        },
        onError: (err) => void message.error(err instanceof Error ? err.message : '操作失败！'),
      },
    );
  return (
    <Modal
      open
      title="修改需求"
      okText="保存"
      cancelText="取消"
      confirmLoading={edit.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      width={640}
    >
      {description.data ? (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{
            title: demand.title,
            kid: demand.kid,
            type: demand.type,
            description: description.data.description,
            extendDays: 0,
          }}
          onFinish={submit}
        >
          <DemandWordsFields />
          <Form.Item
            name="extendDays"
            label="延长征稿期（天）"
            extra="赏金与采用数量发布后不可修改"
          >
            <InputNumber min={0} max={60} precision={0} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
