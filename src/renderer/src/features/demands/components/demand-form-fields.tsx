import { Form, Input, Radio, Select } from 'antd';
import {
  DEMAND_DESCRIPTION_MAX,
  DEMAND_DESCRIPTION_MIN,
  DEMAND_MSG,
  DEMAND_TITLE_MAX,
  DEMAND_TITLE_MIN,
  DEMAND_TYPES,
  DEMAND_TYPE_IDS,
} from '@shared/rules/demand';
import { useDemandCategories } from '../api/demands';

const chars = (s: unknown): number => (typeof s === 'string' ? [...s.trim()].length : 0);

/** Title, category, type and description: the fields the release form and the edit dialog share. */
export function DemandWordsFields() {
  const categories = useDemandCategories();
  const options = (categories.data ?? []).flatMap((c) => [
    { value: c.kid, label: c.title },
    ...c.children.map((child) => ({ value: child.kid, label: `${c.title} / ${child.title}` })),
  ]);
  return (
    <>
      <Form.Item
        name="title"
        label="需求标题"
        rules={[
          {
            validator: (_, v) =>
              chars(v) >= DEMAND_TITLE_MIN && chars(v) <= DEMAND_TITLE_MAX
                ? Promise.resolve()
                : Promise.reject(new Error(DEMAND_MSG.titleLength)),
          },
        ]}
      >
        <Input maxLength={DEMAND_TITLE_MAX} showCount placeholder="例如：婴童床品小碎花四方连续" />
      </Form.Item>
      <Form.Item
        name="kid"
        label="品类"
        rules={[{ required: true, message: DEMAND_MSG.categoryMissing }]}
      >
        <Select
          aria-label="品类"
          options={options}
          placeholder="请选择品类"
          showSearch
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item
        name="type"
        label="需求类型"
        rules={[{ required: true, message: DEMAND_MSG.typeMissing }]}
      >
        <Radio.Group
          options={DEMAND_TYPE_IDS.map((id) => ({ value: id, label: DEMAND_TYPES[id] }))}
        />
      </Form.Item>
      <Form.Item
        name="description"
        label="需求描述"
        rules={[
          {
            validator: (_, v) =>
              chars(v) >= DEMAND_DESCRIPTION_MIN && chars(v) <= DEMAND_DESCRIPTION_MAX
                ? Promise.resolve()
                : Promise.reject(new Error(DEMAND_MSG.descriptionLength)),
          },
        ]}
      >
        <Input.TextArea
          rows={6}
          maxLength={DEMAND_DESCRIPTION_MAX}
          showCount
          placeholder="用途与产品、风格与配色、尺寸与循环方式、交付格式等，越具体越容易得到合适的稿件"
        />
      </Form.Item>
    </>
  );
}
