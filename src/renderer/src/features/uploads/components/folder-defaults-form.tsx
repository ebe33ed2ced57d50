import { App, Button, Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import type { CategoryNode } from '@shared/contract/works';
import { MSG } from '@shared/messages';
import { fenToYuan, yuanToFen } from '@shared/rules/money';
import {
  FOLDER_PRICE_MAX_FEN,
  FOLDER_TAGS_MAX,
  FOLDER_TAG_MAX_LENGTH,
  FOLDER_CLASSIFICATION_MAX_LENGTH,
  FOLDER_SERIES_MAX_LENGTH,
} from '@shared/upload-queue';
import type { WatchedFolder } from '@shared/upload-queue';
import { useUpdateFolder } from '../api/watched-folders';

type TreeOption = { value: number; title: string; children: TreeOption[] };

const toTree = (nodes: readonly CategoryNode[]): TreeOption[] =>
  nodes.map((node) => ({ value: node.kid, title: node.title, children: toTree(node.children) }));

type FormValues = {
  categoryId: number | null;
  series: string;
  classification: string;
  priceYuan: number | null;
  tags: string[];
};

type FolderDefaultsFormProps = {
  folder: WatchedFolder;
  /** The category tree (Support/GetCategory). */
  categories: readonly CategoryNode[];
};

/** Metadata every file of the folder gets as a draft work: category, series, classification, price, tags. */
export function FolderDefaultsForm({ folder, categories }: FolderDefaultsFormProps) {
  const update = useUpdateFolder();
  const { message } = App.useApp();
  const treeData = useMemo(() => toTree(categories), [categories]);
  const { defaults } = folder;
  const initialValues: FormValues = {
    categoryId: defaults.categoryId,
    series: defaults.series,
    classification: defaults.classification,
    priceYuan: defaults.priceFen === null ? null : fenToYuan(defaults.priceFen),
    tags: defaults.tags,
  };
  const save = (values: FormValues) =>
    update.mutate(
      {
        folderId: folder.id,
        defaults: {
          categoryId: values.categoryId ?? null,
          series: values.series ?? '',
          classification: values.classification ?? '',
          // Typed in yuan, kept in fen.
          priceFen:
            values.priceYuan === null || values.priceYuan === undefined
              ? null
              : yuanToFen(values.priceYuan),
          tags: values.tags ?? [],
        },
      },
      {
        onSuccess: () => void message.success('默认信息已保存，之后上传的文件将使用它'),
        onError: (e) => void message.error(e.message || MSG.operationFailed),
      },
    );
  return (
    <section className="folder-upload__defaults" aria-label="默认信息">
      <header className="folder-upload__section-title">
        <h3>“{folder.name}”的默认信息</h3>
      </header>
      <Form<FormValues>
        key={folder.id}
        layout="vertical"
        initialValues={initialValues}
        onFinish={save}
        requiredMark={false}
      >
        <Form.Item label="品类" name="categoryId">
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            placeholder="选择品类"
            treeData={treeData}
          />
        </Form.Item>
        <Form.Item label="系列" name="series">
          <Input maxLength={FOLDER_SERIES_MAX_LENGTH} placeholder="如：2025 春季印花" />
        </Form.Item>
        <Form.Item label="分类" name="classification">
          <Input maxLength={FOLDER_CLASSIFICATION_MAX_LENGTH} placeholder="店铺内的自定义分类" />
        </Form.Item>
        <Form.Item label="授权价格（元）" name="priceYuan">
          <InputNumber
            min={0}
            max={fenToYuan(FOLDER_PRICE_MAX_FEN)}
            precision={2}
            step={10}
            style={{ width: '100%' }}
            placeholder="如：199"
          />
        </Form.Item>
        <Form.Item
          label="标签"
          name="tags"
          rules={[
            {
              validator: async (_rule, tags: string[] | undefined) => {
                if ((tags ?? []).length > FOLDER_TAGS_MAX) {
                  throw new Error(`标签最多 ${FOLDER_TAGS_MAX} 个`);
                }
                if ((tags ?? []).some((t) => t.length > FOLDER_TAG_MAX_LENGTH)) {
                  throw new Error(`每个标签不超过 ${FOLDER_TAG_MAX_LENGTH} 个字`);
                }
              },
            },
          ]}
        >
          <Select
            mode="tags"
            placeholder="输入后回车添加"
            tokenSeparators={[',', '，']}
            open={false}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          保存默认信息
        </Button>
      </Form>
    </section>
  );
}
