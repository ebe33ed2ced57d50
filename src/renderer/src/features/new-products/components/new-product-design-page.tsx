import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Input,
  InputNumber,
  Radio,
  Skeleton,
  Slider,
  Space,
  Upload,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  NEW_PRODUCT_OFFSET_MAX,
  NEW_PRODUCT_OFFSET_MIN,
  NEW_PRODUCT_ROTATION_MAX,
  NEW_PRODUCT_ROTATION_MIN,
  NEW_PRODUCT_SCALE_MAX,
  NEW_PRODUCT_SCALE_MIN,
  NEW_PRODUCT_TITLE_MAX,
} from '@shared/contract/new-products';
import type { NewProduct, NewProductSettings } from '@shared/contract/new-products';
import { uploadPatternFile } from '../../../api/upload-pattern-file';
import { Pager } from '../../../components/grid-pager';
import { PageHeader } from '../../../components/page-header';
import { useRequireLogin } from '../../../components/use-require-login';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import {
  type SourceChoice,
  useGenerateNewProduct,
  useMyPatternFiles,
  useNewProductSource,
  useNewProductTemplates,
} from '../api/new-products';
import { parseDesignQuery } from '../lib/design-query';
import { MockupPreview } from './mockup-preview';
import './new-products.css';

type SourceTab = 'work' | 'pattern' | 'upload';

const newKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().replace(/-/g, '')
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

function MyPatternPicker({
  selected,
  onPick,
}: {
  selected: string | null;
  onPick: (fileKey: string) => void;
}) {
  const [page, setPage] = useState(1);
  const files = useMyPatternFiles(page, true);
  if (files.isPending) return <Skeleton active />;
  if (files.isError) return <Alert type="error" showIcon title="花型加载失败" />;
  if (files.data.total === 0) {
    return <Empty description="你还没有上传过花型，可以在「上传图片」里上传一张" />;
  }
  return (
    <>
      <ul className="np-patterns" aria-label="我的花型">
        {files.data.list.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className={
                p.fileKey === selected ? 'np-patterns__item is-active' : 'np-patterns__item'
              }
              aria-pressed={p.fileKey === selected}
              aria-label={`花型 ${p.id}`}
              onClick={() => onPick(p.fileKey)}
            >
              {p.thumbUrl ? <img src={p.thumbUrl} alt="" /> : null}
            </button>
          </li>
        ))}
      </ul>
      <Pager current={page} pageSize={12} total={files.data.total} onChange={setPage} />
    </>
  );
}

function WorkPicker({ onPick }: { onPick: (workId: number) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <Space.Compact>
      <InputNumber
        aria-label="作品编号"
        placeholder="作品编号"
        min={1}
        precision={0}
        value={value}
        onChange={(v) => setValue(typeof v === 'number' ? v : null)}
      />
      <Button disabled={!value} onClick={() => value && onPick(value)}>
        使用
      </Button>
    </Space.Compact>
  );
}

type SliderRowProps = {
  label: string;
  unit: string;
  min: number;
  max: number;
  value: number;
  onChange: (v: number) => void;
};

function SliderRow({ label, unit, min, max, value, onChange }: SliderRowProps) {
  return (
    <div className="np-slider">
      <span className="np-slider__label">{label}</span>
      <Slider
        min={min}
        max={max}
        value={value}
        onChange={onChange}
        ariaLabelForHandle={label}
        tooltip={{ formatter: (v) => `${v ?? ''}${unit}` }}
      />
      <InputNumber
        size="small"
        min={min}
        max={max}
        precision={0}
        value={value}
        aria-label={`${label}数值`}
        onChange={(v) => typeof v === 'number' && onChange(v)}
      />
    </div>
  );
}

function Result({ made }: { made: NewProduct }) {
  return (
    <div className="np-result">
      <img src={made.imageUrl} alt={made.title} />
      <div>
        <p className="np-result__title">已生成：{made.title}</p>
        {made.watermarked ? (
          <p className="np-muted">
            未授权作品的新品带「纹样预览」水印，购买授权后即可下载无水印图。
          </p>
        ) : null}
        <Space wrap>
          <Link to={paths.user.myNewProducts}>查看我的新品</Link>
          {made.watermarked ? <Link to={paths.user.pushBeforeBuy}>去先推后买</Link> : null}
        </Space>
      </div>
    </div>
  );
}

/** /design/index 新品生成: pick a pattern and a product, set the repeat, preview live, generate. */
export function NewProductDesignPage() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const initial = useMemo(() => parseDesignQuery(params), [params]);
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const requireLogin = useRequireLogin();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<SourceTab>(initial.fileKey ? 'pattern' : 'work');
  const [choice, setChoice] = useState<SourceChoice | null>(
    initial.workId
      ? { workId: initial.workId }
      : initial.fileKey
        ? { fileKey: initial.fileKey }
        : null,
  );
  const [settings, setSettings] = useState<NewProductSettings>(initial.settings);
  const [title, setTitle] = useState('');
  const [uploading, setUploading] = useState(false);
  const [made, setMade] = useState<NewProduct | null>(null);
  const templates = useNewProductTemplates();
  const source = useNewProductSource(choice, signedIn);
  const generate = useGenerateNewProduct();
  // One key per set of choices (renewed on every change): a double click or a retry makes one 新品.
  const [idemKey, setIdemKey] = useState(newKey);
  const choose = (next: SourceChoice) => {
    setChoice(next);
    setIdemKey(newKey());
  };
  const set = (patch: Partial<NewProductSettings>) => {
    setSettings((s) => ({ ...s, ...patch }));
    setIdemKey(newKey());
  };
  const template = templates.data?.find((t) => t.id === settings.templateId) ?? templates.data?.[0];

  const onGenerate = () => {
    if (!requireLogin()) return;
    if (!choice) {
      void message.warning('请先选择一件作品或一个花型');
      return;
    }
    generate.mutate(
      {
        source: choice,
        ...settings,
        ...(title.trim() ? { title: title.trim() } : {}),
        idemKey,
      },
      {
        onSuccess: (p) => {
          setMade(p);
          void message.success('新品已生成');
        },
        onError: (err) => void message.error(err.message),
      },
    );
  };

  const onUpload = async (file: File) => {
    if (!requireLogin()) return;
    setUploading(true);
    try {
      const up = await uploadPatternFile(file);
      choose({ fileKey: up.fileKey });
      void queryClient.invalidateQueries({ queryKey: ['new-products', 'patterns'] });
    } catch (err) {
      void message.error(err instanceof Error ? err.message : '上传失败');
    } finally {
      setUploading(false);
    }
  };

  const pattern = source.data
    ? { url: source.data.imageUrl, width: source.data.width, height: source.data.height }
    : null;

  return (
    <div className="page-container np-page">
      <PageHeader
        title="新品生成"
        subtitle="把花型铺到 T恤、抱枕、手机壳等产品上，实时预览，一键生成可推广的新品效果图"
      />
      <div className="np-design">
        <section className="np-design__controls">
          <h3>1. 选择花型</h3>
          <Radio.Group
            optionType="button"
            value={tab}
            onChange={(e) => setTab(e.target.value as SourceTab)}
            options={[
              { value: 'work', label: '平台作品' },
              { value: 'pattern', label: '我的花型' },
              { value: 'upload', label: '上传图片' },
            ]}
          />
          <div className="np-design__source">
            {!signedIn ? (
              <Alert
                type="info"
                showIcon
                title="登录后即可选择花型并生成新品"
                action={
                  <Button size="small" onClick={() => requireLogin()}>
                    登录
                  </Button>
                }
              />
            ) : tab === 'work' ? (
              <>
                <p className="np-muted">
                  在作品详情页点「生成新品」即可带入作品，也可以输入作品编号。
                </p>
                <WorkPicker onPick={(workId) => choose({ workId })} />
              </>
            ) : tab === 'pattern' ? (
              <MyPatternPicker
                selected={choice && 'fileKey' in choice ? choice.fileKey : null}
                onPick={(fileKey) => choose({ fileKey })}
              />
            ) : (
              <Upload
                accept="image/png,image/jpeg,image/webp,image/tiff"
                showUploadList={false}
                beforeUpload={(file) => {
                  void onUpload(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={uploading}>
                  上传花型图片
                </Button>
              </Upload>
            )}
            {source.isError ? (
              <Alert type="error" showIcon title={source.error.message} />
            ) : source.data ? (
              <p className="np-source">
                当前花型：<strong>{source.data.title}</strong>
                {source.data.workId ? (
                  <Link to={paths.workDetail(source.data.workId)}>（作品详情）</Link>
                ) : null}
                {source.data.licensed ? null : (
                  <span className="np-muted">
                    {' '}
                    · 未授权：生成图带「纹样预览」水印，购买授权后可下载无水印图
                  </span>
                )}
              </p>
            ) : null}
          </div>

          <h3>2. 选择产品</h3>
          {templates.isPending ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : (
            <Radio.Group
              value={settings.templateId}
              onChange={(e) => set({ templateId: String(e.target.value) })}
              options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.title }))}
            />
          )}

          <h3>3. 调整花回</h3>
          <SliderRow
            label="花回大小"
            unit="%"
            min={NEW_PRODUCT_SCALE_MIN}
            max={NEW_PRODUCT_SCALE_MAX}
            value={settings.scale}
            onChange={(scale) => set({ scale })}
          />
          <SliderRow
            label="旋转"
            unit="°"
            min={NEW_PRODUCT_ROTATION_MIN}
            max={NEW_PRODUCT_ROTATION_MAX}
            value={settings.rotation}
            onChange={(rotation) => set({ rotation })}
          />
          <SliderRow
            label="横向偏移"
            unit="%"
            min={NEW_PRODUCT_OFFSET_MIN}
            max={NEW_PRODUCT_OFFSET_MAX}
            value={settings.offsetX}
            onChange={(offsetX) => set({ offsetX })}
          />
          <SliderRow
            label="纵向偏移"
            unit="%"
            min={NEW_PRODUCT_OFFSET_MIN}
            max={NEW_PRODUCT_OFFSET_MAX}
            value={settings.offsetY}
            onChange={(offsetY) => set({ offsetY })}
          />
          <Input
            aria-label="新品名称"
            placeholder="新品名称（可不填，默认为「花型 · 产品」）"
            maxLength={NEW_PRODUCT_TITLE_MAX}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setIdemKey(newKey());
            }}
          />
          <Button
            type="primary"
            size="large"
            className="np-design__go"
            loading={generate.isPending}
            onClick={onGenerate}
          >
            生成
          </Button>
        </section>
        <section className="np-design__preview" aria-label="实时预览">
          {template ? (
            <MockupPreview template={template} settings={settings} pattern={pattern} />
          ) : (
            <Skeleton.Image active />
          )}
          {made ? <Result made={made} /> : null}
        </section>
      </div>
    </div>
  );
}
