import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Cascader,
  Checkbox,
  Empty,
  Form,
  Input,
  Result,
  Select,
  Skeleton,
  Space,
  Tabs,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { HallInfo, HallQualification } from '@shared/contract/enterprise';
import { HALL_RECOMMEND_MAX } from '@shared/contract/enterprise';
import type { AreaNode } from '@shared/contract/works';
import { MSG } from '@shared/messages';
import { LoadError, isNotFoundError } from '../../../components/load-state';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { GridPager } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { useConditionWorks } from '../api/get-creation-condition-info';
import { useHallInfo } from '../api/get-enterprise-hall-basic-info';
import { useSaveHallInfo } from '../api/save-enterprise-hall-info';
import { useSaveQualifications } from '../api/save-qualify-info';
import { useSaveRecommended } from '../api/save-recommend-creation-info';
import './enterprise.css';

type EditProps = { hall: HallInfo; areas: readonly AreaNode[] };

function areaPathOf(areas: readonly AreaNode[], areaId: number | null): number[] | undefined {
  if (areaId === null) return undefined;
  for (const node of areas) {
    if (node.areaId === areaId) return [node.areaId];
    const below = areaPathOf(node.subList, areaId);
    if (below) return [node.areaId, ...below];
  }
  return undefined;
}

type BasicForm = {
  name: string;
  intro: string;
  contact: string;
  area?: number[];
  channels: { id?: number; title: string }[];
};

function BasicInfoForm({ hall, areas }: EditProps) {
  const [form] = Form.useForm<BasicForm>();
  const save = useSaveHallInfo();
  const { message } = App.useApp();
  return (
    <Form<BasicForm>
      form={form}
      layout="vertical"
      initialValues={{
        name: hall.name,
        intro: hall.intro,
        contact: hall.contact,
        area: areaPathOf(areas, hall.areaId),
        channels: hall.channels.map((c) => ({ id: c.id, title: c.title })),
      }}
      onFinish={(values) =>
        save.mutate(
          {
            userId: hall.userId,
            name: values.name,
            intro: values.intro ?? '',
            contact: values.contact ?? '',
            areaId: values.area?.at(-1) ?? null,
            channels: values.channels.map((c) =>
              c.id ? { id: c.id, title: c.title } : { title: c.title },
            ),
          },
          {
            onSuccess: () => void message.success('基本信息已保存'),
            onError: (e) => void message.error(e.message || MSG.operationFailed),
          },
        )
      }
    >
      <Form.Item
        label="展厅名称"
        name="name"
        rules={[
          { required: true, min: 2, max: 30, whitespace: true, message: '展厅名称为 2–30 个字' },
        ]}
      >
        <Input maxLength={30} showCount />
      </Form.Item>
      <Form.Item label="简介" name="intro" rules={[{ max: 500 }]}>
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
      <Form.Item label="联系方式" name="contact" rules={[{ max: 60 }]}>
        <Input maxLength={60} placeholder="电话或微信，展示在展厅页" />
      </Form.Item>
      <Form.Item label="所在地区" name="area">
        <Cascader
          options={[...areas]}
          fieldNames={{ label: 'title', value: 'areaId', children: 'subList' }}
          changeOnSelect
          placeholder="选择省市"
        />
      </Form.Item>
      <Form.Item label="频道（最多 8 个）" required={false}>
        <Form.List name="channels">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'title']}
                    rules={[
                      {
                        required: true,
                        whitespace: true,
                        max: 12,
                        message: '频道名称为 1–12 个字',
                      },
                    ]}
                    style={{ marginBottom: 0 }}
                  >
                    <Input placeholder="频道名称" maxLength={12} style={{ width: 260 }} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label="删除频道"
                  />
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= 8}
                onClick={() => add({ title: '' })}
              >
                添加频道
              </Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存基本信息
      </Button>
    </Form>
  );
}

function QualificationsForm({ hall }: { hall: HallInfo }) {
  const save = useSaveQualifications();
  const { message } = App.useApp();
  return (
    <Form<{ qualifications: HallQualification[] }>
      layout="vertical"
      initialValues={{ qualifications: hall.qualifications }}
      onFinish={(values) =>
        save.mutate(
          { userId: hall.userId, qualifications: values.qualifications ?? [] },
          {
            onSuccess: () => void message.success('资质信息已保存'),
            onError: (e) => void message.error(e.message || MSG.operationFailed),
          },
        )
      }
    >
      <Form.List name="qualifications">
        {(fields, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.map((field) => (
              <Space key={field.key} align="baseline">
                <Form.Item
                  name={[field.name, 'title']}
                  rules={[{ required: true, whitespace: true, max: 30, message: '请填写资质名称' }]}
                >
                  <Input
                    placeholder="资质名称，如 营业执照"
                    maxLength={30}
                    style={{ width: 240 }}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'number']}
                  rules={[{ required: true, whitespace: true, max: 40, message: '请填写证书编号' }]}
                >
                  <Input placeholder="证书编号" maxLength={40} style={{ width: 300 }} />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(field.name)}
                  aria-label="删除资质"
                />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= 10}
              onClick={() => add({ title: '', number: '' })}
            >
              添加资质
            </Button>
          </Space>
        )}
      </Form.List>
      <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginTop: 16 }}>
        保存资质信息
      </Button>
    </Form>
  );
}

const PICK_PAGE_SIZE = 30;

function RecommendPicker({ hall }: { hall: HallInfo }) {
  const [target, setTarget] = useState<number>(0);
  const [page, setPage] = useState(1);
  const channelId = target === 0 ? undefined : target;
  const works = useConditionWorks({
    userId: hall.userId,
    pageIndex: page,
    pageSize: PICK_PAGE_SIZE,
    ...(channelId ? { channelId } : {}),
  });
  const [chosen, setChosen] = useState<number[] | null>(null);
  const save = useSaveRecommended();
  const { message } = App.useApp();
  const selected = chosen ?? works.data?.selectedIds ?? [];
  const toggle = (id: number) => {
    if (selected.includes(id)) setChosen(selected.filter((x) => x !== id));
    else if (selected.length >= HALL_RECOMMEND_MAX)
      void message.warning(`最多选择 ${HALL_RECOMMEND_MAX} 件作品`);
    else setChosen([...selected, id]);
  };
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          style={{ width: 220 }}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setChosen(null);
            setPage(1);
          }}
          options={[
            { value: 0, label: '推荐作品（展厅首页）' },
            ...hall.channels.map((c) => ({ value: c.id, label: `频道：${c.title}` })),
          ]}
        />
        <span style={{ color: 'var(--wy-muted)' }}>
          已选 {selected.length} / {HALL_RECOMMEND_MAX} 件，按选择顺序展示
        </span>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { userId: hall.userId, workIds: selected, ...(channelId ? { channelId } : {}) },
              {
                onSuccess: () => void message.success('已保存'),
                onError: (e) => void message.error(e.message || MSG.operationFailed),
              },
            )
          }
        >
          保存
        </Button>
      </Space>
      {works.isPending ? <Skeleton active /> : null}
      {works.data && works.data.list.length === 0 ? (
        <Empty description="还没有已发布的作品" />
      ) : null}
      <div className="pick-grid">
        {works.data?.list.map((w) => {
          const on = selected.includes(w.id);
          return (
            <button
              key={w.id}
              type="button"
              className={on ? 'pick-item pick-item--on' : 'pick-item'}
              onClick={() => toggle(w.id)}
              aria-pressed={on}
            >
              <img src={serverUrl(w.thumbUrl)} alt={w.title} loading="lazy" />
              <Checkbox checked={on} tabIndex={-1} />
              <div className="pick-item__title">{w.title}</div>
            </button>
          );
        })}
      </div>
      <GridPager
        page={page}
        pageSize={PICK_PAGE_SIZE}
        total={works.data?.total ?? 0}
        onChange={setPage}
      />
    </>
  );
}

/** /enterprise/edit/{userId}.html: the owner edits basic info and channels, qualifications and recommended works. */
export function HallEditView({ hall, areas }: EditProps) {
  if (!hall.isOwner) {
    return (
      <Result
        status="403"
        title={MSG.ownHallOnly}
        extra={
          <Link to={paths.enterpriseHall(hall.userId)}>
            <Button type="primary">返回展厅</Button>
          </Link>
        }
      />
    );
  }
  return (
    <div className="page-container hall-edit">
      <PageHeader
        title="编辑展厅"
        subtitle={hall.name}
        extra={
          <Link to={paths.enterpriseHall(hall.userId)}>
            <Button>查看展厅</Button>
          </Link>
        }
      />
      <div className="page-panel">
        <Tabs
          items={[
            {
              key: 'basic',
              label: '基本信息',
              children: <BasicInfoForm hall={hall} areas={areas} />,
            },
            { key: 'qualify', label: '企业资质', children: <QualificationsForm hall={hall} /> },
            {
              key: 'recommend',
              label: '推荐作品与频道作品',
              children: <RecommendPicker hall={hall} />,
            },
          ]}
        />
      </div>
    </div>
  );
}

/** Loads the hall, then the editor (404 for a user without a hall). */
export function HallEdit({ userId, areas }: { userId: number; areas: readonly AreaNode[] }) {
  const { data, isPending, isError, error } = useHallInfo(userId);
  if (isError && isNotFoundError(error)) return <NotFoundPage />;
  if (isError) return <LoadError title="展厅加载失败" error={error} />;
  if (isPending) return <Skeleton active className="page-container" />;
  return <HallEditView hall={data} areas={areas} />;
}
