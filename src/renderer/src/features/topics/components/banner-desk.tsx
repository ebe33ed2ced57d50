import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Input,
  Radio,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { HOME_TOP_ZONE } from '@shared/contract/home';
import { BANNER_LIMITS } from '@shared/contract/topics';
import type { AdminBanner } from '@shared/contract/topics';
import { isAllowedLink } from '@shared/rules/editorial-links';
import { LoadError } from '../../../components/load-state';
import { serverUrl } from '../../../lib/platform';
import {
  useBannerList,
  useSaveBanner,
  useSetBannerEnabled,
  useSortBanners,
} from '../api/banner-desk';
import { moveItem } from '../lib/topic-blocks';
import { ImageField } from './image-field';
import './topics.css';

/** 投放中 / 已停用 / 未开始 / 已结束, as of `now`. */
export function bannerState(b: AdminBanner, now = new Date().toISOString()): string {
  if (b.live) return '投放中';
  if (!b.enabled) return '已停用';
  if (b.startsAt && b.startsAt > now) return '未开始';
  return '已结束';
}

const windowText = (b: AdminBanner): string => {
  const f = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
  if (!b.startsAt && !b.endsAt) return '长期';
  return `${b.startsAt ? f(b.startsAt) : '即日起'} 至 ${b.endsAt ? f(b.endsAt) : '长期'}`;
};

type Form = {
  bannerId?: number;
  title: string;
  imageKey: string;
  linkUrl: string;
  linkTarget: '_self' | '_blank';
  enabled: boolean;
  window: [Dayjs | null, Dayjs | null];
};

const blankForm = (): Form => ({
  title: '',
  imageKey: '',
  linkUrl: '',
  linkTarget: '_self',
  enabled: true,
  window: [null, null],
});

const formOf = (b: AdminBanner): Form => ({
  bannerId: b.bannerId,
  title: b.title,
  imageKey: b.imageKey,
  linkUrl: b.linkUrl,
  linkTarget: b.linkTarget,
  enabled: b.enabled,
  window: [b.startsAt ? dayjs(b.startsAt) : null, b.endsAt ? dayjs(b.endsAt) : null],
});

/** The check the server makes too, said the same way. */
export function bannerProblem(form: Form): string {
  const title = form.title.trim();
  if (title === '') return '请填写横幅标题';
  if ([...title].length > BANNER_LIMITS.titleMax) {
    return `横幅标题不能超过 ${BANNER_LIMITS.titleMax} 个字`;
  }
  if (form.imageKey === '') return '请上传横幅图片';
  if (!isAllowedLink(form.linkUrl.trim())) {
    return '横幅链接只能是本站路径（以 / 开头）或 https:// 开头的网址';
  }
  const [start, end] = form.window;
  if (start && end && !end.isAfter(start)) return '结束时间须晚于开始时间';
  return '';
}

/** /admin/banners 横幅管理: the home-top carousel (saas.Advertise zone home-top). */
export function BannerDesk() {
  const { message } = App.useApp();
  const list = useBannerList(HOME_TOP_ZONE);
  const sort = useSortBanners();
  const toggle = useSetBannerEnabled();
  const [form, setForm] = useState<Form | null>(null);
  const [refusal, setRefusal] = useState('');
  const banners = list.data ?? [];

  const move = (index: number, delta: -1 | 1) => {
    const order = moveItem(banners, index, delta).map((b) => b.bannerId);
    sort.mutate(
      { zoneName: HOME_TOP_ZONE, bannerIds: order },
      { onError: (err) => setRefusal(err.message) },
    );
  };

  return (
    <section>
      <Typography.Title level={3}>横幅管理</Typography.Title>
      <Typography.Paragraph type="secondary">
        首页顶部轮播（广告位
        home-top）。只有已启用且在投放时间内的横幅会展示，按列表顺序轮播；访客的浏览器按自然日缓存横幅，修改最迟次日生效。
      </Typography.Paragraph>
      {list.isError ? <LoadError title="横幅列表加载失败" error={list.error} /> : null}
      <Table<AdminBanner>
        rowKey="bannerId"
        loading={list.isPending}
        dataSource={banners}
        pagination={false}
        columns={[
          {
            title: '图片',
            key: 'image',
            render: (_, b) => (
              <img className="banner-desk__thumb" src={serverUrl(b.bannerUrl)} alt={b.title} />
            ),
          },
          { title: '标题', dataIndex: 'title' },
          { title: '链接', dataIndex: 'linkUrl', render: (v: string) => v || '无' },
          { title: '投放时间', key: 'window', render: (_, b) => windowText(b) },
          {
            title: '状态',
            key: 'state',
            render: (_, b) => {
              const state = bannerState(b);
              return <Tag color={state === '投放中' ? 'green' : 'default'}>{state}</Tag>;
            },
          },
          {
            title: '启用',
            key: 'enabled',
            render: (_, b) => (
              <Switch
                aria-label={`启用${b.title}`}
                checked={b.enabled}
                loading={toggle.isPending && toggle.variables.bannerId === b.bannerId}
                onChange={(enabled) =>
                  toggle.mutate(
                    { bannerId: b.bannerId, enabled },
                    { onError: (err) => setRefusal(err.message) },
                  )
                }
              />
            ),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, b, index) => (
              <Space size={4}>
                <Button
                  size="small"
                  aria-label={`上移${b.title}`}
                  disabled={index === 0 || sort.isPending}
                  onClick={() => move(index, -1)}
                >
                  上移
                </Button>
                <Button
                  size="small"
                  aria-label={`下移${b.title}`}
                  disabled={index === banners.length - 1 || sort.isPending}
                  onClick={() => move(index, 1)}
                >
                  下移
                </Button>
                <Button
                  size="small"
                  aria-label={`编辑${b.title}`}
                  onClick={() => setForm(formOf(b))}
                >
                  编辑
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {refusal && !form ? <Alert type="error" showIcon title={refusal} /> : null}
      {form ? (
        <BannerForm
          key={form.bannerId ?? 'new'}
          initial={form}
          onDone={(saved) => {
            setForm(null);
            setRefusal('');
            void message.success(`已保存横幅“${saved.title}”`);
          }}
          onCancel={() => setForm(null)}
        />
      ) : (
        <Button type="primary" style={{ marginTop: 16 }} onClick={() => setForm(blankForm())}>
          新增横幅
        </Button>
      )}
    </section>
  );
}

function BannerForm({
  initial,
  onDone,
  onCancel,
}: {
  initial: Form;
  onDone: (saved: AdminBanner) => void;
  onCancel: () => void;
}) {
  const save = useSaveBanner();
  const [form, setForm] = useState(initial);
  const [refusal, setRefusal] = useState('');
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });

  const submit = () => {
    const problem = bannerProblem(form);
    setRefusal(problem);
    if (problem) return;
    const [start, end] = form.window;
    save.mutate(
      {
        ...(form.bannerId !== undefined ? { bannerId: form.bannerId } : {}),
        zoneName: HOME_TOP_ZONE,
        title: form.title.trim(),
        imageKey: form.imageKey,
        linkUrl: form.linkUrl.trim(),
        linkTarget: form.linkTarget,
        enabled: form.enabled,
        startsAt: start ? start.toISOString() : '',
        endsAt: end ? end.toISOString() : '',
      },
      { onSuccess: onDone, onError: (err) => setRefusal(err.message) },
    );
  };

  return (
    <Card title={form.bannerId ? '编辑横幅' : '新增横幅'} style={{ marginTop: 16 }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <label>
          <span>标题（显示在图片上）</span>
          <Input
            aria-label="横幅标题"
            value={form.title}
            maxLength={BANNER_LIMITS.titleMax}
            onChange={(e) => set({ title: e.target.value })}
          />
        </label>
        <label>
          <span>图片（PNG、JPG 或 WebP，建议 1920×120）</span>
          <ImageField
            label="横幅图片"
            value={form.imageKey}
            onChange={(imageKey) => set({ imageKey })}
            onError={setRefusal}
          />
        </label>
        <label>
          <span>链接（本站路径如 /pageChild/four，或 https:// 网址）</span>
          <Input
            aria-label="横幅链接"
            value={form.linkUrl}
            maxLength={BANNER_LIMITS.linkMax}
            onChange={(e) => set({ linkUrl: e.target.value })}
          />
        </label>
        <Radio.Group
          aria-label="打开方式"
          value={form.linkTarget}
          onChange={(e) => set({ linkTarget: e.target.value as '_self' | '_blank' })}
          options={[
            { value: '_self', label: '本页打开' },
            { value: '_blank', label: '新窗口打开' },
          ]}
        />
        <label>
          <span>投放时间（留空为长期）</span>
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            value={form.window}
            onChange={(v) => set({ window: [v?.[0] ?? null, v?.[1] ?? null] })}
          />
        </label>
        <label>
          <Switch
            aria-label="启用"
            checked={form.enabled}
            onChange={(enabled) => set({ enabled })}
          />{' '}
          启用
        </label>
        {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
        <Space>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            保存
          </Button>
          <Button onClick={onCancel}>取消</Button>
        </Space>
      </Space>
    </Card>
  );
}
