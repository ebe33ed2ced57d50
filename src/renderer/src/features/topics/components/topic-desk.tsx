import {
  Alert,
  App,
  Button,
  Card,
  Input,
  Menu,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { TOPIC_BLOCK_TYPES, TOPIC_LIMITS } from '@shared/contract/topics';
import type {
  TopicBlockInput,
  TopicBlockType,
  TopicSlug,
  TopicSource,
  TopicView as TopicData,
} from '@shared/contract/topics';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import {
  usePreviewTopic,
  usePublishTopic,
  useSaveTopic,
  useTopicList,
  useTopicSource,
} from '../api/topic-desk';
import { BLOCK_LABELS, blankBlock, blockName, blockProblem, moveItem } from '../lib/topic-blocks';
import { BlockFields } from './block-fields';
import { TopicView } from './topic-view';
import './topics.css';

/** /admin/topics 专题管理: pick a /pageChild page, edit its blocks, preview, save and publish. */
export function TopicDesk() {
  const list = useTopicList();
  const [slug, setSlug] = useState<TopicSlug>('case');
  return (
    <section>
      <Typography.Title level={3}>专题管理</Typography.Title>
      <Typography.Paragraph type="secondary">
        每个专题页由若干区块按顺序组成：横幅、图文（Markdown）、作品（按条件或指定作品）、设计师、视频。
        保存的是草稿，发布后读者才会看到。
      </Typography.Paragraph>
      {list.isError ? <LoadError title="专题列表加载失败" error={list.error} /> : null}
      <div className="topic-desk">
        <Menu
          aria-label="专题列表"
          mode="inline"
          selectedKeys={[slug]}
          onClick={({ key }) => setSlug(key as TopicSlug)}
          items={(list.data ?? []).map((t) => ({
            key: t.slug,
            label: (
              <span>
                {t.title}{' '}
                {t.publishedAt === '' ? (
                  <Tag>未发布</Tag>
                ) : t.unpublishedChanges ? (
                  <Tag color="orange">有修改</Tag>
                ) : null}
              </span>
            ),
          }))}
        />
        <TopicEditor key={slug} slug={slug} />
      </div>
    </section>
  );
}

function TopicEditor({ slug }: { slug: TopicSlug }) {
  const source = useTopicSource(slug);
  if (source.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (source.isError) return <LoadError title="专题加载失败" error={source.error} />;
  // Re-mounted per saved revision, so the editor starts from what the server holds.
  return <TopicDraft key={source.data.revision} source={source.data} />;
}

type Item = { key: number; block: TopicBlockInput };

export function TopicDraft({ source }: { source: TopicSource }) {
  const { message } = App.useApp();
  const nextKey = useRef(source.blocks.length);
  const [title, setTitle] = useState(source.title);
  const [summary, setSummary] = useState(source.summary);
  const [items, setItems] = useState<Item[]>(() =>
    source.blocks.map((block, key) => ({ key, block })),
  );
  const [dirty, setDirty] = useState(false);
  const [addType, setAddType] = useState<TopicBlockType>('text');
  const [refusal, setRefusal] = useState('');
  const [preview, setPreview] = useState<TopicData | null>(null);
  const save = useSaveTopic();
  const publish = usePublishTopic();
  const previewCall = usePreviewTopic();

  const edit = (next: Item[]) => {
    setItems(next);
    setDirty(true);
  };
  const blocks = items.map((i) => i.block);
  const draft = { slug: source.slug as TopicSlug, title, summary, blocks };

  /** The first thing the server would refuse, said the same way, or ''. */
  const problem = (): string => {
    if (title.trim() === '') return '请填写专题标题';
    if (blocks.length === 0) return '专题至少需要一个区块';
    for (const [i, block] of blocks.entries()) {
      const p = blockProblem(block, i);
      if (p) return p;
    }
    return '';
  };
  const checked = (): boolean => {
    const p = problem();
    setRefusal(p);
    return p === '';
  };

  const saveDraft = async (): Promise<TopicSource | null> => {
    if (!checked()) return null;
    try {
      return await save.mutateAsync({ ...draft, revision: source.revision });
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : '保存失败，请重试');
      return null;
    }
  };

  const onSave = async () => {
    const saved = await saveDraft();
    if (saved) void message.success('草稿已保存');
  };

  const onPublish = async () => {
    const saved = dirty ? await saveDraft() : source;
    if (!saved) return;
    try {
      await publish.mutateAsync({ slug: saved.slug as TopicSlug, revision: saved.revision });
      void message.success(`已发布专题“${saved.title}”`);
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : '发布失败，请重试');
    }
  };

  const onPreview = () => {
    if (!checked()) return;
    previewCall.mutate(draft, {
      onSuccess: (view) => setPreview(view),
      onError: (err) => setRefusal(err.message),
    });
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        {source.publishedAt ? '已发布' : '尚未发布'}
        {source.unpublishedChanges ? '，草稿有未发布的修改' : ''} ·{' '}
        <Link to={paths.topicPage(source.slug)} target="_blank" rel="noopener">
          查看页面
        </Link>
      </div>
      <label>
        <span>专题标题</span>
        <Input
          aria-label="专题标题"
          value={title}
          maxLength={TOPIC_LIMITS.titleMax}
          onChange={(e) => {
            setTitle(e.target.value);
            setDirty(true);
          }}
        />
      </label>
      <label>
        <span>简介</span>
        <Input.TextArea
          aria-label="专题简介"
          value={summary}
          rows={2}
          maxLength={TOPIC_LIMITS.summaryMax}
          onChange={(e) => {
            setSummary(e.target.value);
            setDirty(true);
          }}
        />
      </label>
      <ol aria-label="区块列表" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item, index) => {
          const name = blockName(index, item.block.type);
          return (
            <li key={item.key} className="topic-desk__block">
              <Card
                size="small"
                title={name}
                extra={
                  <Space size={4}>
                    <Button
                      size="small"
                      aria-label={`上移${name}`}
                      disabled={index === 0}
                      onClick={() => edit(moveItem(items, index, -1))}
                    >
                      上移
                    </Button>
                    <Button
                      size="small"
                      aria-label={`下移${name}`}
                      disabled={index === items.length - 1}
                      onClick={() => edit(moveItem(items, index, 1))}
                    >
                      下移
                    </Button>
                    <Button
                      size="small"
                      danger
                      aria-label={`删除${name}`}
                      onClick={() => edit(items.filter((i) => i.key !== item.key))}
                    >
                      删除
                    </Button>
                  </Space>
                }
              >
                <BlockFields
                  block={item.block}
                  label={name}
                  onError={setRefusal}
                  onChange={(block) =>
                    edit(items.map((i) => (i.key === item.key ? { ...i, block } : i)))
                  }
                />
              </Card>
            </li>
          );
        })}
      </ol>
      <Space>
        <Select<TopicBlockType>
          aria-label="区块类型"
          style={{ width: 140 }}
          value={addType}
          onChange={setAddType}
          options={TOPIC_BLOCK_TYPES.map((t) => ({ value: t, label: BLOCK_LABELS[t] }))}
        />
        <Button
          disabled={items.length >= TOPIC_LIMITS.blocksMax}
          onClick={() => {
            nextKey.current += 1;
            edit([...items, { key: nextKey.current, block: blankBlock(addType) }]);
          }}
        >
          添加区块
        </Button>
      </Space>
      {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
      <Space>
        <Button onClick={onPreview} loading={previewCall.isPending}>
          预览
        </Button>
        <Button onClick={() => void onSave()} loading={save.isPending} disabled={!dirty}>
          保存草稿
        </Button>
        <Popconfirm
          title="发布这个专题？"
          description="发布后读者立即看到当前内容（未保存的修改会先保存）。"
          okText="发布"
          cancelText="取消"
          onConfirm={() => void onPublish()}
        >
          <Button
            type="primary"
            loading={publish.isPending}
            disabled={!dirty && !source.unpublishedChanges && source.publishedAt !== ''}
          >
            发布
          </Button>
        </Popconfirm>
      </Space>
      {preview ? (
        <section className="topic-desk__preview" aria-label="预览">
          <TopicView topic={preview} />
        </section>
      ) : null}
    </Space>
  );
}
