import { Input, InputNumber, Radio, Select } from 'antd';
import { useState } from 'react';
import { TOPIC_LIMITS } from '@shared/contract/topics';
import type { TopicBlockInput, WorkGridQuery } from '@shared/contract/topics';
import { useCategoryOptions } from '../api/get-category-options';
import { parseIds } from '../lib/topic-blocks';
import { ImageField } from './image-field';

// The fields of one block, by type. Each change hands the whole new block up.

type FieldsProps<T extends TopicBlockInput['type']> = {
  block: Extract<TopicBlockInput, { type: T }>;
  onChange: (block: TopicBlockInput) => void;
  onError: (message: string) => void;
  label: string;
};

function TitleField({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
}) {
  return (
    <label>
      <span>标题</span>
      <Input
        aria-label={`${label}标题`}
        value={value}
        maxLength={TOPIC_LIMITS.blockTitleMax}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** Ids typed as text ("12, 15"), kept as text while typing and handed up as numbers. */
function IdsField({
  ids,
  onChange,
  label,
  hint,
}: {
  ids: number[];
  onChange: (ids: number[]) => void;
  label: string;
  hint: string;
}) {
  const [text, setText] = useState(ids.join(', '));
  return (
    <label>
      <span>{label}</span>
      <Input
        aria-label={label}
        value={text}
        placeholder={hint}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseIds(e.target.value));
        }}
      />
    </label>
  );
}

function BannerFields({ block, onChange, onError, label }: FieldsProps<'banner'>) {
  return (
    <div className="topic-desk__fields">
      <TitleField
        label={label}
        value={block.title}
        onChange={(title) => onChange({ ...block, title })}
      />
      <label>
        <span>图片</span>
        <ImageField
          label={`${label}图片`}
          value={block.imageKey}
          onChange={(imageKey) => onChange({ ...block, imageKey })}
          onError={onError}
        />
      </label>
      <label>
        <span>链接（本站路径如 /work，或 https:// 网址）</span>
        <Input
          aria-label={`${label}链接`}
          value={block.link}
          maxLength={TOPIC_LIMITS.linkMax}
          onChange={(e) => onChange({ ...block, link: e.target.value })}
        />
      </label>
    </div>
  );
}

function TextFields({ block, onChange, label }: FieldsProps<'text'>) {
  return (
    <label className="topic-desk__fields">
      <span>正文（Markdown，展示前由服务端转换为安全的 HTML）</span>
      <Input.TextArea
        aria-label={`${label}正文`}
        value={block.markdown}
        rows={8}
        maxLength={TOPIC_LIMITS.markdownMax}
        onChange={(e) => onChange({ ...block, markdown: e.target.value })}
      />
    </label>
  );
}

const SORT_OPTIONS = [
  { value: 'newest', label: '最新发布' },
  { value: 'popular', label: '收藏最多' },
  { value: 'bestselling', label: '授权最多' },
];
const SEAMLESS_OPTIONS = [
  { value: 'any', label: '不限' },
  { value: 'yes', label: '仅四方连续' },
  { value: 'no', label: '仅定位花' },
];

function WorksFields({ block, onChange, label }: FieldsProps<'works'>) {
  const categories = useCategoryOptions();
  const setQuery = (patch: Partial<WorkGridQuery>) => {
    const query: WorkGridQuery = { ...block.query, ...patch };
    for (const key of ['kid', 'tag', 'keyword', 'seamless'] as const) {
      if (query[key] === undefined || query[key] === '') delete query[key];
    }
    onChange({ ...block, query });
  };
  const seamless = block.query.seamless === undefined ? 'any' : block.query.seamless ? 'yes' : 'no';
  return (
    <div className="topic-desk__fields">
      <TitleField
        label={label}
        value={block.title}
        onChange={(title) => onChange({ ...block, title })}
      />
      <Radio.Group
        aria-label={`${label}来源`}
        value={block.source}
        onChange={(e) => onChange({ ...block, source: e.target.value as 'query' | 'list' })}
        options={[
          { value: 'query', label: '按条件（随作品更新）' },
          { value: 'list', label: '指定作品' },
        ]}
      />
      {block.source === 'list' ? (
        <IdsField
          label="作品编号"
          hint="作品详情地址中的 id，多个用逗号分隔，按顺序展示"
          ids={block.workIds}
          onChange={(workIds) => onChange({ ...block, workIds })}
        />
      ) : (
        <>
          <label>
            <span>品类</span>
            <Select<number>
              aria-label="品类"
              allowClear
              placeholder="不限品类"
              loading={categories.loading}
              options={categories.options}
              value={block.query.kid}
              onChange={(kid) => setQuery({ kid })}
            />
          </label>
          <label>
            <span>标签（完全一致，如 四方连续、春夏）</span>
            <Input
              aria-label="标签"
              value={block.query.tag ?? ''}
              maxLength={TOPIC_LIMITS.tagMax}
              onChange={(e) => setQuery({ tag: e.target.value })}
            />
          </label>
          <label>
            <span>关键词（标题或标签中包含）</span>
            <Input
              aria-label="关键词"
              value={block.query.keyword ?? ''}
              maxLength={TOPIC_LIMITS.keywordMax}
              onChange={(e) => setQuery({ keyword: e.target.value })}
            />
          </label>
          <label>
            <span>四方连续</span>
            <Select
              aria-label="四方连续"
              value={seamless}
              options={SEAMLESS_OPTIONS}
              onChange={(v) => setQuery({ seamless: v === 'any' ? undefined : v === 'yes' })}
            />
          </label>
          <label>
            <span>排序</span>
            <Select
              aria-label="排序"
              value={block.query.sort}
              options={SORT_OPTIONS}
              onChange={(sort) => setQuery({ sort })}
            />
          </label>
          <label>
            <span>展示数量</span>
            <InputNumber
              aria-label="展示数量"
              min={1}
              max={TOPIC_LIMITS.gridLimitMax}
              value={block.limit}
              onChange={(limit) => onChange({ ...block, limit: limit ?? 10 })}
            />
          </label>
        </>
      )}
    </div>
  );
}

function DesignersFields({ block, onChange, label }: FieldsProps<'designers'>) {
  return (
    <div className="topic-desk__fields">
      <TitleField
        label={label}
        value={block.title}
        onChange={(title) => onChange({ ...block, title })}
      />
      <IdsField
        label="设计师编号"
        hint="设计师主页地址中的用户 ID，多个用逗号分隔，按顺序展示"
        ids={block.designerIds}
        onChange={(designerIds) => onChange({ ...block, designerIds })}
      />
    </div>
  );
}

function VideoFields({ block, onChange, onError, label }: FieldsProps<'video'>) {
  return (
    <div className="topic-desk__fields">
      <TitleField
        label={label}
        value={block.title}
        onChange={(title) => onChange({ ...block, title })}
      />
      <label>
        <span>视频地址（mp4/webm 文件：本站 /files/public/… 或 https://…）</span>
        <Input
          aria-label="视频地址"
          value={block.src}
          maxLength={TOPIC_LIMITS.linkMax}
          onChange={(e) => onChange({ ...block, src: e.target.value })}
        />
      </label>
      <label>
        <span>封面（可选）</span>
        <ImageField
          label="视频封面"
          value={block.posterKey}
          onChange={(posterKey) => onChange({ ...block, posterKey })}
          onError={onError}
        />
      </label>
    </div>
  );
}

/** The fields of a block of any type. */
export function BlockFields(props: {
  block: TopicBlockInput;
  onChange: (block: TopicBlockInput) => void;
  onError: (message: string) => void;
  label: string;
}) {
  const { block, ...rest } = props;
  switch (block.type) {
    case 'banner':
      return <BannerFields block={block} {...rest} />;
    case 'text':
      return <TextFields block={block} {...rest} />;
    case 'works':
      return <WorksFields block={block} {...rest} />;
    case 'designers':
      return <DesignersFields block={block} {...rest} />;
    case 'video':
      return <VideoFields block={block} {...rest} />;
  }
}
