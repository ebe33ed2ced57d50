import {
  DeleteOutlined,
  FileImageOutlined,
  InboxOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Cascader,
  Form,
  Input,
  InputNumber,
  Progress,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Upload,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CategoryNode } from '@shared/contract/works';
import { PATTERN_FILE } from '@shared/rules/publishing';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useChannelsEdit } from '../api/get-channels-edit';
import { usePublishWorks } from '../api/publish-creation';
import type { BatchRow, BatchRowState } from '../hooks/use-batch-queue';
import { isReady, useBatchQueue } from '../hooks/use-batch-queue';
import type { WorkFormValues } from '../lib/work-form-values';
import { PublishModeSwitch } from './publish-work-page';
import { WorkFormFields, formDefaults } from './work-form-fields';
import './publishing.css';

const STATE_TAG: Record<BatchRowState, { text: string; color: string }> = {
  invalid: { text: '不可上传', color: 'error' },
  checking: { text: '检查中', color: 'default' },
  queued: { text: '等待上传', color: 'default' },
  uploading: { text: '上传中', color: 'processing' },
  uploaded: { text: '已上传', color: 'blue' },
  'upload-failed': { text: '上传失败', color: 'error' },
  saving: { text: '保存中', color: 'processing' },
  saved: { text: '已存为草稿', color: 'green' },
  'save-failed': { text: '保存失败', color: 'error' },
  sent: { text: '已提交审核', color: 'green' },
};

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

type CategoryOption = { value: number; label: string; children?: CategoryOption[] };
const toOptions = (nodes: readonly CategoryNode[]): CategoryOption[] =>
  nodes.map((n) => ({
    value: n.kid,
    label: n.title,
    ...(n.children.length > 0 ? { children: toOptions(n.children) } : {}),
  }));

type RowsProps = {
  rows: readonly BatchRow[];
  categories: readonly CategoryNode[];
  onEdit: (key: string, patch: Partial<BatchRow>) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
};

/** A row per file: thumbnail, name and size, progress or its error, per-row edits, retry and remove. */
export function BatchRows({ rows, categories, onEdit, onRetry, onRemove }: RowsProps) {
  const options = useMemo(() => toOptions(categories), [categories]);
  const columns: TableColumnsType<BatchRow> = [
    {
      title: '图片',
      key: 'preview',
      width: 84,
      render: (_, row) =>
        row.preview ? (
          <img className="batch-thumb" src={row.preview} alt={row.name} />
        ) : (
          <div className="batch-thumb batch-thumb--none" aria-label="无预览">
            <FileImageOutlined />
          </div>
        ),
    },
    {
      title: '文件',
      key: 'file',
      render: (_, row) => (
        <div className="batch-file">
          <div className="batch-file__name" title={row.name}>
            {row.name}
          </div>
          <div className="batch-file__size">{formatSize(row.size)}</div>
          {row.state === 'uploading' ? (
            <Progress
              percent={Math.round(row.progress * 100)}
              size="small"
              aria-label={`${row.name} 上传进度`}
            />
          ) : null}
          {row.error ? (
            <div className="batch-file__error" role="alert">
              {row.error}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: '状态',
      key: 'state',
      width: 110,
      render: (_, row) => <Tag color={STATE_TAG[row.state].color}>{STATE_TAG[row.state].text}</Tag>,
    },
    {
      title: '标题',
      key: 'title',
      width: 220,
      render: (_, row) => (
        <Input
          aria-label={`${row.name} 的标题`}
          value={row.title}
          maxLength={50}
          disabled={row.state === 'invalid' || row.state === 'sent'}
          onChange={(e) => onEdit(row.key, { title: e.target.value })}
        />
      ),
    },
    {
      title: '单独设置',
      key: 'override',
      width: 300,
      render: (_, row) => (
        <Space.Compact>
          <Cascader<CategoryOption>
            aria-label={`${row.name} 的品类`}
            options={options}
            placeholder="品类同上"
            style={{ width: 160 }}
            disabled={row.state === 'invalid' || row.state === 'sent'}
            onChange={(path) =>
              onEdit(row.key, { categoryKid: path ? (path[path.length - 1] ?? null) : null })
            }
            allowClear
          />
          <InputNumber
            aria-label={`${row.name} 的价格`}
            prefix="¥"
            min={1}
            precision={2}
            placeholder="价格同上"
            style={{ width: 130 }}
            value={row.priceYuan}
            disabled={row.state === 'invalid' || row.state === 'sent'}
            onChange={(value) => onEdit(row.key, { priceYuan: value })}
          />
        </Space.Compact>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_, row) => (
        <Space size={0}>
          {row.state === 'upload-failed' ? (
            <Tooltip title="重试">
              <Button
                type="text"
                icon={<ReloadOutlined />}
                aria-label={`重试 ${row.name}`}
                onClick={() => onRetry(row.key)}
              />
            </Tooltip>
          ) : null}
          {row.workId !== null ? (
            <Link to={paths.publishWorkEdit(row.workId)} target="_blank">
              编辑
            </Link>
          ) : null}
          <Tooltip title="移除">
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`移除 ${row.name}`}
              disabled={row.state === 'uploading' || row.state === 'saving'}
              onClick={() => onRemove(row.key)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];
  return (
    <Table<BatchRow>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={[...rows]}
      pagination={false}
      aria-label="待发布的文件"
      locale={{ emptyText: '还没有选择文件' }}
    />
  );
}

/** /publishWork/index2: select or drop up to 50 files, shared metadata, one submit. */
export function BatchUploadPage() {
  const { message, modal } = App.useApp();
  const options = useChannelsEdit();
  const publish = usePublishWorks();
  const queue = useBatchQueue();
  const [form] = Form.useForm<WorkFormValues>();
  const [busy, setBusy] = useState(false);
  const ready = queue.rows.filter(isReady).length;
  const uploading = queue.rows.some((r) => ['checking', 'queued', 'uploading'].includes(r.state));

  const submit = async (sendToReview: boolean) => {
    let shared: WorkFormValues;
    try {
      shared = sendToReview
        ? await form.validateFields()
        : (form.getFieldsValue(true) as WorkFormValues);
    } catch {
      message.warning('请先完善共同信息中的必填项');
      return;
    }
    const missingTitle = queue.rows.filter(isReady).some((r) => r.title.trim() === '');
    if (sendToReview && missingTitle) {
      message.warning('请为每个文件填写标题');
      return;
    }
    setBusy(true);
    try {
      const result = await queue.submit(
        shared,
        sendToReview,
        async (ids) => (await publish.mutateAsync({ ids })).results,
      );
      const summary = sendToReview
        ? `已提交审核 ${result.sent} 件${result.failed ? `，${result.failed} 件未成功（见各行说明）` : ''}`
        : `已保存草稿 ${result.saved} 件${result.failed ? `，${result.failed} 件未成功（见各行说明）` : ''}`;
      if (result.failed) message.warning(summary);
      else message.success(summary);
    } finally {
      setBusy(false);
    }
  };

  if (options.isError) {
    return (
      <LoadError
        title="发布选项加载失败"
        error={options.error}
        onRetry={() => void options.refetch()}
      />
    );
  }
  return (
    <div className="page-container publish-page">
      <header className="publish-page__header">
        <h2>批量发布</h2>
        <PublishModeSwitch mode="batch" />
      </header>
      <div className="batch-layout">
        <section className="batch-layout__files" aria-label="文件">
          <Upload.Dragger
            accept={PATTERN_FILE.accept}
            multiple
            showUploadList={false}
            beforeUpload={(file, fileList) => {
              // antd calls this once per file; take the whole selection on its first file.
              if (file === fileList[0]) {
                const note = queue.addFiles(fileList);
                if (note) message.warning(note);
              }
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              点击选择或拖入图案文件，一次最多 {PATTERN_FILE.maxFiles} 张
            </p>
            <p className="ant-upload-hint">
              PNG、JPG、WebP、TIFF，单个小于 40M，最短边不少于 500 像素
            </p>
          </Upload.Dragger>
          <div className="batch-layout__toolbar">
            <span>
              共 {queue.rows.length} 个文件，已上传 {ready} 个
            </span>
            <Button
              size="small"
              disabled={queue.rows.length === 0 || busy}
              onClick={() => {
                void modal.confirm({
                  title: '清空列表？',
                  content: '已保存的草稿不受影响，可在作品管理中找到。',
                  onOk: queue.clear,
                });
              }}
            >
              清空列表
            </Button>
          </div>
          <BatchRows
            rows={queue.rows}
            categories={options.data?.categories ?? []}
            onEdit={queue.patch}
            onRetry={queue.retry}
            onRemove={queue.remove}
          />
        </section>
        <Card className="batch-layout__shared" title="共同信息（应用到全部文件，可逐行单独设置）">
          {options.data ? (
            <Form<WorkFormValues>
              form={form}
              layout="vertical"
              initialValues={formDefaults(options.data)}
            >
              <WorkFormFields options={options.data} withTitle={false} />
            </Form>
          ) : (
            <Spin />
          )}
          <Space className="batch-layout__actions">
            <Button disabled={ready === 0 || busy || uploading} onClick={() => void submit(false)}>
              全部存为草稿
            </Button>
            <Button
              type="primary"
              loading={busy}
              disabled={ready === 0 || uploading}
              onClick={() => void submit(true)}
            >
              全部提交审核
            </Button>
          </Space>
          {uploading ? <p className="batch-layout__note">文件上传完成后即可提交</p> : null}
        </Card>
      </div>
    </div>
  );
}
