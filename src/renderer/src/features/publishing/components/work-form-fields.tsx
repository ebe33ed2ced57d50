import { PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Cascader,
  ColorPicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
  Tooltip,
} from 'antd';
import { useMemo, useState } from 'react';
import type { CallResponse } from '@shared/contract/define';
import type { getChannelsEdit } from '@shared/contract/publishing';
import type { CategoryNode } from '@shared/contract/works';
import { WORK_LIMITS } from '@shared/rules/publishing';
import { useSaveClassify } from '../api/insert-update-custom-classify';
import { useSaveSeries } from '../api/add-or-edit-series';
import { useMarketTags } from '../api/get-creation-market-tag';
import { useHotTags } from '../api/get-hot-tags';
import { useTagSuggestions } from '../api/tagboxs';
import type { WorkFormValues } from '../lib/work-form-values';
import { EMPTY_WORK_FORM } from '../lib/work-form-values';

export type FormOptions = CallResponse<typeof getChannelsEdit>;

type CascaderOption = { value: number; label: string; children?: CascaderOption[] };

const toCascader = (nodes: readonly CategoryNode[]): CascaderOption[] =>
  nodes.map((n) => ({
    value: n.kid,
    label: n.title,
    ...(n.children.length > 0 ? { children: toCascader(n.children) } : {}),
  }));

/** The path [top, leaf] of a leaf kid, for the cascader. */
function pathOf(nodes: readonly CategoryNode[], kid: number | null): number[] | undefined {
  if (kid === null) return undefined;
  for (const n of nodes) {
    if (n.kid === kid) return [kid];
    const inner = pathOf(n.children, kid);
    if (inner) return [n.kid, ...inner];
  }
  return undefined;
}

type ValueProps<T> = { value?: T; onChange?: (value: T) => void };

/** A leaf category of the tree (§3 kid), chosen through its top category. */
function CategoryInput({
  categories,
  value,
  onChange,
  id,
}: ValueProps<number | null> & { categories: readonly CategoryNode[]; id?: string }) {
  const options = useMemo(() => toCascader(categories), [categories]);
  return (
    <Cascader<CascaderOption>
      id={id}
      options={options}
      value={pathOf(categories, value ?? null)}
      placeholder="选择品类（具体到二级品类）"
      onChange={(path) => onChange?.(path ? (path[path.length - 1] ?? null) : null)}
      showSearch
      allowClear
    />
  );
}

/** The style; an unchosen one ('') shows the placeholder. */
function StyleInput({
  styles,
  value,
  onChange,
  id,
}: ValueProps<string> & { styles: FormOptions['styles']; id?: string }) {
  return (
    <Select
      id={id}
      placeholder="选择风格"
      value={value ? value : undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? '')}
      options={styles.map((s) => ({ value: s.key, label: s.title }))}
    />
  );
}

/** Tags: typed freely, suggested as typed (Tagboxs), or added from hot and market tags. */
function TagsInput({ value = [], onChange, id }: ValueProps<string[]> & { id?: string }) {
  const [keyword, setKeyword] = useState('');
  const suggestions = useTagSuggestions({ keyword, limit: 10 });
  const hot = useHotTags({ limit: 12 });
  const market = useMarketTags();
  const add = (tag: string) => {
    if (value.includes(tag) || value.length >= WORK_LIMITS.tagsMax) return;
    onChange?.([...value, tag]);
  };
  const quick = [
    { title: '热门', tags: hot.data?.list.map((t) => t.tag) ?? [] },
    ...(market.data?.groups ?? []),
  ];
  return (
    <div className="work-tags">
      <Select
        id={id}
        mode="tags"
        value={value}
        onChange={(tags: string[]) =>
          onChange?.(
            tags
              .map((t) => t.trim().slice(0, WORK_LIMITS.tagMax))
              .filter((t, i, all) => t !== '' && all.indexOf(t) === i)
              .slice(0, WORK_LIMITS.tagsMax),
          )
        }
        onSearch={setKeyword}
        options={(suggestions.data?.list ?? []).map((t) => ({ value: t, label: t }))}
        placeholder="输入标签后回车，最多 20 个"
        tokenSeparators={[',', '，', ' ']}
        maxCount={WORK_LIMITS.tagsMax}
      />
      <div className="work-tags__quick">
        {quick
          .filter((g) => g.tags.length > 0)
          .map((group) => (
            <div key={group.title} className="work-tags__group">
              <span className="work-tags__group-title">{group.title}</span>
              {group.tags.map((tag) => (
                <Tag.CheckableTag
                  key={tag}
                  checked={value.includes(tag)}
                  onChange={(checked) =>
                    checked ? add(tag) : onChange?.(value.filter((t) => t !== tag))
                  }
                >
                  {tag}
                </Tag.CheckableTag>
              ))}
            </div>
          ))}
      </div>
    </div>
  );
}

/** Colours of the work, pre-filled from the image; removable, and more can be picked. */
function ColorsInput({ value = [], onChange }: ValueProps<string[]>) {
  const [picked, setPicked] = useState('#1677ff');
  return (
    <Space wrap>
      {value.map((hex) => (
        <Tag
          key={hex}
          closable
          onClose={() => onChange?.(value.filter((c) => c !== hex))}
          className="work-colour-tag"
        >
          <span className="work-colour-tag__swatch" style={{ background: hex }} />
          {hex}
        </Tag>
      ))}
      {value.length < WORK_LIMITS.colorsMax ? (
        <Space.Compact>
          <ColorPicker
            value={picked}
            disabledAlpha
            onChange={(colour) => setPicked(colour.toHexString())}
          />
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              if (!value.includes(picked)) onChange?.([...value, picked]);
            }}
          >
            添加颜色
          </Button>
        </Space.Compact>
      ) : null}
    </Space>
  );
}

/** A select of my series or classifications with an inline "new" row. */
function CreatableSelect({
  value,
  onChange,
  options,
  multiple,
  placeholder,
  newLabel,
  maxLength,
  onCreate,
  id,
}: ValueProps<number | null | number[]> & {
  options: { value: number; label: string }[];
  multiple?: boolean;
  placeholder: string;
  newLabel: string;
  maxLength: number;
  onCreate: (name: string) => Promise<number>;
  id?: string;
}) {
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const create = async () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    setBusy(true);
    try {
      const newId = await onCreate(trimmed);
      setName('');
      if (multiple) onChange?.([...((value as number[] | undefined) ?? []), newId]);
      else onChange?.(newId);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '创建失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Select
      id={id}
      allowClear
      {...(multiple ? { mode: 'multiple' as const } : {})}
      value={value ?? (multiple ? [] : undefined)}
      onChange={(v: number | number[] | undefined) => onChange?.(v ?? (multiple ? [] : null))}
      options={options}
      placeholder={placeholder}
      optionFilterProp="label"
      popupRender={(menu) => (
        <>
          {menu}
          <Divider style={{ margin: '8px 0' }} />
          <Space.Compact style={{ width: '100%', padding: '0 8px 4px' }}>
            <Input
              placeholder={newLabel}
              value={name}
              maxLength={maxLength}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => e.stopPropagation()}
            />
            <Button icon={<PlusOutlined />} loading={busy} onClick={() => void create()}>
              新建
            </Button>
          </Space.Compact>
        </>
      )}
    />
  );
}

/** Empty form values with the default prices of the first listing kind (category exclusive). */
export function formDefaults(options: FormOptions): WorkFormValues {
  const first = options.headerTypes[0];
  const commercial = first?.licences.find((l) => l.kind === 'commercial');
  return {
    ...EMPTY_WORK_FORM,
    priceYuan: first ? first.defaultPriceFen / 100 : null,
    commercialPriceYuan: commercial ? commercial.priceFen / 100 : null,
  };
}

type FieldsProps = {
  options: FormOptions;
  /** In the batch form's shared panel, the title is per file and the colours come from each picture. */
  withTitle?: boolean;
};

/** The publish form's fields (inside an antd Form of WorkFormValues). */
export function WorkFormFields({ options, withTitle = true }: FieldsProps) {
  const saveSeries = useSaveSeries();
  const saveClassify = useSaveClassify();
  const headerType = Form.useWatch<WorkFormValues['headerType'] | undefined>('headerType');
  const kind = options.headerTypes.find((h) => h.value === (headerType ?? 3));
  const mainTitle = kind?.licences[0]?.title ?? '授权';
  const commercial = kind?.licences.find((l) => l.kind === 'commercial');
  return (
    <>
      {withTitle ? (
        <Form.Item
          name="title"
          label="作品标题"
          rules={[{ required: true, whitespace: true, message: '请填写作品标题' }]}
        >
          <Input maxLength={WORK_LIMITS.titleMax} showCount placeholder="如：青花缠枝莲纹" />
        </Form.Item>
      ) : null}
      <Form.Item
        name="categoryKid"
        label="品类"
        rules={[{ required: true, message: '请选择品类' }]}
      >
        <CategoryInput categories={options.categories} />
      </Form.Item>
      <Form.Item name="style" label="风格" rules={[{ required: true, message: '请选择风格' }]}>
        <StyleInput styles={options.styles} />
      </Form.Item>
      <Form.Item name="tags" label="标签" extra="好的标签让买家更容易搜到作品">
        <TagsInput />
      </Form.Item>
      {withTitle ? (
        <Form.Item name="colors" label="颜色" extra="上传后自动从图片中提取主要颜色，可删改">
          <ColorsInput />
        </Form.Item>
      ) : null}
      <Form.Item
        name="isSeamless"
        label="四方连续"
        valuePropName="checked"
        tooltip="可无缝拼接的循环图案；关闭表示定位花"
      >
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
      <Form.Item name="headerType" label="授权方式">
        <Radio.Group
          optionType="button"
          options={options.headerTypes.map((h) => ({
            value: h.value,
            label: <Tooltip title={h.description}>{h.title}</Tooltip>,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="priceYuan"
        label={`${mainTitle}价格`}
        rules={[
          { required: true, message: '请填写价格' },
          {
            type: 'number',
            min: WORK_LIMITS.priceMinFen / 100,
            max: WORK_LIMITS.priceMaxFen / 100,
            message: '价格需在 ¥1 到 ¥1,000,000 之间',
          },
        ]}
      >
        <InputNumber prefix="¥" min={0} precision={2} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="commercialPriceYuan"
        label={`${commercial?.title ?? '商用授权'}价格`}
        extra={commercial ? `${commercial.scope}；填 0 表示不提供` : undefined}
      >
        <InputNumber prefix="¥" min={0} precision={2} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="seriesId" label="系列">
        <CreatableSelect
          options={options.series.map((s) => ({ value: s.id, label: s.title }))}
          placeholder="不加入系列"
          newLabel="新系列名称"
          maxLength={WORK_LIMITS.seriesTitleMax}
          onCreate={async (title) => (await saveSeries.mutateAsync({ title, description: '' })).id}
        />
      </Form.Item>
      <Form.Item name="classifyIds" label="自定义分类" extra="只有您自己能看到，用于管理作品">
        <CreatableSelect
          multiple
          options={options.classifications.map((c) => ({ value: c.id, label: c.name }))}
          placeholder="选择分类"
          newLabel="新分类名称"
          maxLength={WORK_LIMITS.classifyNameMax}
          onCreate={async (name) => (await saveClassify.mutateAsync({ name })).id}
        />
      </Form.Item>
      {withTitle ? (
        <Form.Item name="description" label="作品描述">
          <Input.TextArea
            rows={4}
            maxLength={WORK_LIMITS.descriptionMax}
            showCount
            placeholder="创作灵感、适用场景、工艺建议等"
          />
        </Form.Item>
      ) : null}
    </>
  );
}
