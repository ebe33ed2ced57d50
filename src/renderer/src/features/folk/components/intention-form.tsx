import { Alert, Button, Input, Result, Select, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FolkIntention, FolkIntentionState } from '@shared/contract/folk';
import {
  FOLK_INTENTION_LIMITS,
  FOLK_INTENTION_STATE_TITLES,
  folkIntentionProblem,
} from '@shared/contract/folk';
import { LoadError } from '../../../components/load-state';
import { chinaDateText } from '../../../lib/china-date';
import { useMyFolkIntentions, useSubmitFolkIntention } from '../api/folk-intentions';
import { useFolkIndustries, useFolkList } from '../api/folk-works';

const STATE_COLOURS: Record<FolkIntentionState, string> = {
  received: 'blue',
  contacted: 'gold',
  contracted: 'green',
  declined: 'default',
};

export const StateTag = ({ state }: { state: FolkIntentionState }) => (
  <Tag color={STATE_COLOURS[state]}>{FOLK_INTENTION_STATE_TITLES[state]}</Tag>
);

const newKey = () => crypto.randomUUID();

type Fields = {
  company: string;
  contact: string;
  phone: string;
  industry: string;
  purpose: string;
  products: string;
  quantity: string;
  territory: string;
};
const EMPTY: Fields = {
  company: '',
  contact: '',
  phone: '',
  industry: '',
  purpose: '',
  products: '',
  quantity: '',
  territory: '',
};

const preselected = (params: URLSearchParams): number[] =>
  (params.get('workIds') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .slice(0, FOLK_INTENTION_LIMITS.works);

/** /southwestFolk/southwestParent/authorizationForm: the licensing-intention form and my intentions. */
export function IntentionPage() {
  const [params] = useSearchParams();
  const [done, setDone] = useState<FolkIntention | null>(null);
  return (
    <div className="folk-intention">
      {done ? (
        <Result
          status="success"
          title="授权意向已提交"
          subTitle={`受理编号 ${done.refNo}。平台将在 2 个工作日内与 ${done.contact} 联系，跟进进度会通过消息通知您。`}
          extra={<Button onClick={() => setDone(null)}>再提交一份</Button>}
        />
      ) : (
        <IntentionForm initialWorks={preselected(params)} onDone={setDone} />
      )}
      <MyIntentions />
    </div>
  );
}

function IntentionForm({
  initialWorks,
  onDone,
}: {
  initialWorks: number[];
  onDone: (intention: FolkIntention) => void;
}) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [workIds, setWorkIds] = useState<number[]>(initialWorks);
  const [problem, setProblem] = useState('');
  // One key per filled form: a double click or a retry files the intention once.
  const [requestKey] = useState(newKey);
  const industries = useFolkIndustries();
  const works = useFolkList({ keyword: '', people: '', craft: '', pageIndex: 1, pageSize: 60 });
  const submit = useSubmitFolkIntention();
  const workOptions = useMemo(
    () => (works.data?.list ?? []).map((w) => ({ value: w.id, label: w.title })),
    [works.data],
  );
  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const send = () => {
    const trimmed = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v.trim()]),
    ) as Fields;
    const found = folkIntentionProblem({ ...trimmed, workIds });
    if (found) return setProblem(found);
    setProblem('');
    submit.mutate(
      { requestKey, ...trimmed, workIds },
      { onSuccess: onDone, onError: (error) => setProblem(error.message) },
    );
  };

  const text = (key: keyof Fields, label: string, max: number, placeholder = '') => (
    <label className="folk-form__row">
      <span>{label}</span>
      <Input
        aria-label={label}
        maxLength={max}
        placeholder={placeholder}
        value={fields[key]}
        onChange={(e) => set(key)(e.target.value)}
      />
    </label>
  );

  return (
    <section className="folk-form" aria-label="授权意向">
      <h1>授权意向</h1>
      <p className="folk-form__lead">
        填写单位与用途，选择希望授权的作品，平台与传承人确认后与您联系签约。
      </p>
      {text('company', '单位名称', FOLK_INTENTION_LIMITS.company)}
      {text('contact', '联系人', FOLK_INTENTION_LIMITS.contact)}
      {text('phone', '手机号', 11, '11 位手机号')}
      <label className="folk-form__row">
        <span>所属行业</span>
        <Select
          aria-label="所属行业"
          placeholder="请选择"
          loading={industries.isPending}
          value={fields.industry || undefined}
          options={(industries.data ?? []).map((i) => ({ value: i, label: i }))}
          onChange={(value: string) => set('industry')(value)}
        />
      </label>
      <label className="folk-form__row">
        <span>授权用途</span>
        <Input.TextArea
          aria-label="授权用途"
          rows={3}
          maxLength={FOLK_INTENTION_LIMITS.purpose}
          placeholder="例如：用于景区文创丝巾与帆布包的印花"
          value={fields.purpose}
          onChange={(e) => set('purpose')(e.target.value)}
        />
      </label>
      {text('products', '拟使用的产品', FOLK_INTENTION_LIMITS.products, '例如：丝巾、帆布包')}
      <label className="folk-form__row">
        <span>意向作品</span>
        <Select
          aria-label="意向作品"
          mode="multiple"
          placeholder="选择作品，可多选"
          loading={works.isPending}
          optionFilterProp="label"
          value={workIds}
          options={workOptions}
          onChange={(ids: number[]) => setWorkIds(ids)}
        />
      </label>
      {text('quantity', '预计数量', FOLK_INTENTION_LIMITS.quantity, '例如：首批 5000 件')}
      {text('territory', '使用地域', FOLK_INTENTION_LIMITS.territory, '例如：中国大陆')}
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      <Button type="primary" loading={submit.isPending} onClick={send}>
        提交授权意向
      </Button>
    </section>
  );
}

function MyIntentions() {
  const mine = useMyFolkIntentions();
  if (mine.isError) return <LoadError title="我的授权意向加载失败" error={mine.error} />;
  return (
    <section aria-label="我的授权意向" className="folk-mine">
      <h2>我的授权意向</h2>
      <Table<FolkIntention>
        rowKey="id"
        size="small"
        loading={mine.isPending}
        dataSource={mine.data ?? []}
        pagination={false}
        locale={{ emptyText: '还没有提交过授权意向' }}
        columns={[
          { title: '受理编号', dataIndex: 'refNo' },
          {
            title: '作品',
            render: (_, r) => r.works.map((w) => w.title).join('、'),
          },
          { title: '提交日期', render: (_, r) => chinaDateText(r.createdAt) },
          { title: '状态', render: (_, r) => <StateTag state={r.status} /> },
          {
            title: '跟进说明',
            render: (_, r) => r.followUps.at(-1)?.note ?? '',
          },
        ]}
      />
    </section>
  );
}
