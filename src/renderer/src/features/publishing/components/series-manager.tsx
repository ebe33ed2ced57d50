import { App, Button, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import type { MySeries } from '@shared/contract/series';
import { WORK_LIMITS } from '@shared/rules/publishing';
import { useSaveSeries } from '../api/add-or-edit-series';
import { useDeleteSeries } from '../api/del-series';
import { useMySeriesList } from '../api/get-my-series-list';

type SeriesForm = { title: string; description: string };

/** Series CRUD: a series groups works publicly on the designer's gallery. */
export function SeriesManager({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      title="管理系列"
      open={open}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <SeriesTable />
    </Modal>
  );
}

/** My series with their work counts: create, edit and delete (in the dialog above, or a page of its own). */
export function SeriesTable() {
  const { message } = App.useApp();
  const list = useMySeriesList();
  const save = useSaveSeries();
  const remove = useDeleteSeries();
  const [editing, setEditing] = useState<MySeries | 'new' | null>(null);
  const [form] = Form.useForm<SeriesForm>();

  const start = (target: MySeries | 'new') => {
    setEditing(target);
    form.setFieldsValue(
      target === 'new'
        ? { title: '', description: '' }
        : { title: target.title, description: target.description },
    );
  };
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({
        ...(editing && editing !== 'new' ? { id: editing.id } : {}),
        title: values.title.trim(),
        description: values.description ?? '',
      });
      setEditing(null);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '保存失败');
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => start('new')}>
          新建系列
        </Button>
      </Space>
      <Table<MySeries>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: '还没有系列' }}
        columns={[
          { title: '系列', dataIndex: 'title' },
          { title: '简介', dataIndex: 'description', ellipsis: true },
          { title: '作品', dataIndex: 'workCount', width: 70 },
          { title: '已发布', dataIndex: 'publishedCount', width: 80 },
          {
            title: '操作',
            key: 'actions',
            width: 140,
            render: (_, s) => (
              <Space>
                <Button type="link" size="small" onClick={() => start(s)}>
                  编辑
                </Button>
                <Popconfirm
                  title="删除该系列？"
                  description="系列中的作品保留，不再属于任何系列。"
                  onConfirm={() => void remove.mutateAsync({ id: s.id })}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={editing === 'new' ? '新建系列' : '编辑系列'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form<SeriesForm> form={form} layout="vertical">
          <Form.Item
            name="title"
            label="系列名称"
            rules={[{ required: true, whitespace: true, message: '请填写系列名称' }]}
          >
            <Input maxLength={WORK_LIMITS.seriesTitleMax} showCount />
          </Form.Item>
          <Form.Item name="description" label="系列简介">
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
