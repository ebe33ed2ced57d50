import {
  Alert,
  App,
  Button,
  Input,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  HELP_ALIAS_PATTERN,
  HELP_ARTICLE_TITLE_MAX,
  HELP_BODY_MAX,
  HELP_BODY_MIN,
  HELP_CATEGORY_TITLE_MAX,
} from '@shared/contract/help';
import type { HelpAdminCategory, HelpAudience } from '@shared/contract/help';
import { LoadError } from '../../../components/load-state';
import {
  useHelpSource,
  useHelpTree,
  useMoveHelpItem,
  usePreviewHelpMarkdown,
  useSaveHelpArticle,
  useSaveHelpCategory,
  useSetHelpPublished,
} from '../api/help-desk';
import { HELP_TITLE, helpArticleHref } from '../lib/help-location';
import './help.css';

const chars = (s: string) => [...s.trim()].length;

/** The checks the server makes too, said the same way. */
export function categoryProblem(alias: string, title: string): string {
  if (!new RegExp(HELP_ALIAS_PATTERN).test(alias.trim())) {
    return '分类别名须以小写字母开头，由 2-32 位小写字母、数字或连字符组成';
  }
  if (title.trim() === '') return '请填写分类名称';
  if (chars(title) > HELP_CATEGORY_TITLE_MAX) {
    return `分类名称不能超过 ${HELP_CATEGORY_TITLE_MAX} 个字`;
  }
  return '';
}

export function articleProblem(title: string, markdown: string): string {
  if (title.trim() === '') return '请填写文章标题';
  if (chars(title) > HELP_ARTICLE_TITLE_MAX) {
    return `文章标题不能超过 ${HELP_ARTICLE_TITLE_MAX} 个字`;
  }
  if (markdown.trim() === '') return '请填写文章正文';
  if (chars(markdown) < HELP_BODY_MIN) return `文章正文过短，至少需要 ${HELP_BODY_MIN} 个字`;
  if (chars(markdown) > HELP_BODY_MAX) return `文章正文不能超过 ${HELP_BODY_MAX} 个字`;
  return '';
}

type Editing =
  { kind: 'category'; id?: number } | { kind: 'article'; id?: number; categoryId: number } | null;

/** /admin/help 帮助管理: categories and articles of both help centres, ordered, published or not. */
export function HelpDesk() {
  const [audience, setAudience] = useState<HelpAudience>('buyer');
  const [editing, setEditing] = useState<Editing>(null);
  const tree = useHelpTree(audience);
  return (
    <section className="help-desk">
      <Typography.Title level={3}>帮助管理</Typography.Title>
      <Typography.Paragraph type="secondary">
        新建的分类和文章默认不发布，预览确认后再发布。正文使用 Markdown，展示前由服务端转换为安全的
        HTML。
      </Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Segmented<HelpAudience>
          aria-label="帮助中心"
          value={audience}
          options={[
            { value: 'buyer', label: HELP_TITLE.buyer },
            { value: 'designer', label: HELP_TITLE.designer },
          ]}
          onChange={(value) => {
            setAudience(value);
            setEditing(null);
          }}
        />
        <Button onClick={() => setEditing({ kind: 'category' })}>新建分类</Button>
      </Space>
      {tree.isError ? <LoadError title="帮助目录加载失败" error={tree.error} /> : null}
      <div className="help-desk__columns">
        <div>
          {tree.isPending ? <Skeleton active /> : null}
          {(tree.data ?? []).map((category, index, all) => (
            <CategoryRow
              key={category.id}
              audience={audience}
              category={category}
              first={index === 0}
              last={index === all.length - 1}
              onEdit={setEditing}
            />
          ))}
        </div>
        <div>
          {editing?.kind === 'category' ? (
            <CategoryEditor
              key={`c${editing.id ?? 'new'}`}
              audience={audience}
              category={tree.data?.find((c) => c.id === editing.id)}
              onSaved={(id) => setEditing({ kind: 'category', id })}
            />
          ) : null}
          {editing?.kind === 'article' ? (
            <ArticleEditor
              key={`a${editing.id ?? 'new'}-${editing.categoryId}`}
              audience={audience}
              id={editing.id}
              categoryId={editing.categoryId}
              categories={tree.data ?? []}
              onSaved={(id, categoryId) => setEditing({ kind: 'article', id, categoryId })}
            />
          ) : null}
          {editing === null ? (
            <Typography.Paragraph type="secondary">
              在左侧选择要编辑的分类或文章，或新建一个。
            </Typography.Paragraph>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function ItemTools({
  kind,
  id,
  published,
  first,
  last,
  name,
}: {
  kind: 'category' | 'article';
  id: number;
  published: boolean;
  first: boolean;
  last: boolean;
  name: string;
}) {
  const { message } = App.useApp();
  const move = useMoveHelpItem();
  const publish = useSetHelpPublished();
  const onError = (error: Error) => void message.error(error.message);
  return (
    <>
      <Button
        size="small"
        type="text"
        aria-label={`上移 ${name}`}
        disabled={first || move.isPending}
        onClick={() => move.mutate({ kind, id, direction: 'up' }, { onError })}
      >
        ↑
      </Button>
      <Button
        size="small"
        type="text"
        aria-label={`下移 ${name}`}
        disabled={last || move.isPending}
        onClick={() => move.mutate({ kind, id, direction: 'down' }, { onError })}
      >
        ↓
      </Button>
      <Button
        size="small"
        type="link"
        aria-label={`${published ? '下线' : '发布'} ${name}`}
        loading={publish.isPending}
        onClick={() =>
          publish.mutate(
            { kind, id, published: !published },
            {
              onSuccess: (done) => void message.success(done.published ? '已发布' : '已下线'),
              onError,
            },
          )
        }
      >
        {published ? '下线' : '发布'}
      </Button>
    </>
  );
}

function CategoryRow({
  audience,
  category,
  first,
  last,
  onEdit,
}: {
  audience: HelpAudience;
  category: HelpAdminCategory;
  first: boolean;
  last: boolean;
  onEdit: (editing: Editing) => void;
}) {
  return (
    <section className="help-desk__tree" aria-label={`分类 ${category.title}`}>
      <Space wrap>
        <Button type="link" onClick={() => onEdit({ kind: 'category', id: category.id })}>
          <strong>{category.title}</strong>
        </Button>
        <Tag color={category.published ? 'green' : 'default'}>
          {category.published ? '已发布' : '未发布'}
        </Tag>
        <ItemTools
          kind="category"
          id={category.id}
          published={category.published}
          first={first}
          last={last}
          name={category.title}
        />
        <Button size="small" onClick={() => onEdit({ kind: 'article', categoryId: category.id })}>
          新建文章
        </Button>
      </Space>
      <ul>
        {category.articles.map((article, index) => (
          <li key={article.id}>
            <Button
              type="link"
              size="small"
              onClick={() => onEdit({ kind: 'article', id: article.id, categoryId: category.id })}
            >
              {article.title}
            </Button>
            {article.published ? (
              <Link to={helpArticleHref(audience, category.alias, article.id)} target="_blank">
                查看
              </Link>
            ) : (
              <Tag>未发布</Tag>
            )}
            <ItemTools
              kind="article"
              id={article.id}
              published={article.published}
              first={index === 0}
              last={index === category.articles.length - 1}
              name={article.title}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CategoryEditor({
  audience,
  category,
  onSaved,
}: {
  audience: HelpAudience;
  category: HelpAdminCategory | undefined;
  onSaved: (id: number) => void;
}) {
  const { message } = App.useApp();
  const save = useSaveHelpCategory();
  const [alias, setAlias] = useState(category?.alias ?? '');
  const [title, setTitle] = useState(category?.title ?? '');
  const [refusal, setRefusal] = useState('');
  const submit = () => {
    const problem = categoryProblem(alias, title);
    setRefusal(problem);
    if (problem) return;
    save.mutate(
      {
        ...(category ? { id: category.id } : {}),
        audience,
        alias: alias.trim(),
        title: title.trim(),
      },
      {
        onSuccess: (done) => {
          void message.success(category ? '分类已保存' : '分类已新建（未发布）');
          onSaved(done.id);
        },
        onError: (error) => setRefusal(error.message),
      },
    );
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={4}>{category ? '编辑分类' : '新建分类'}</Typography.Title>
      <Input
        aria-label="分类名称"
        placeholder="例如：支付与发票"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <Input
        aria-label="分类别名"
        placeholder="地址中的英文别名，例如 payment"
        value={alias}
        onChange={(e) => setAlias(e.target.value)}
      />
      {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
      <Button type="primary" loading={save.isPending} onClick={submit}>
        保存分类
      </Button>
    </Space>
  );
}

function ArticleEditor({
  audience,
  id,
  categoryId,
  categories,
  onSaved,
}: {
  audience: HelpAudience;
  id: number | undefined;
  categoryId: number;
  categories: readonly HelpAdminCategory[];
  onSaved: (id: number, categoryId: number) => void;
}) {
  const source = useHelpSource(id);
  if (id !== undefined && source.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (source.isError) return <LoadError title="文章原文加载失败" error={source.error} />;
  return (
    <ArticleForm
      audience={audience}
      id={id}
      initial={{
        categoryId: source.data?.categoryId ?? categoryId,
        title: source.data?.title ?? '',
        markdown: source.data?.markdown ?? '',
      }}
      categories={categories}
      onSaved={onSaved}
    />
  );
}

function ArticleForm({
  audience,
  id,
  initial,
  categories,
  onSaved,
}: {
  audience: HelpAudience;
  id: number | undefined;
  initial: { categoryId: number; title: string; markdown: string };
  categories: readonly HelpAdminCategory[];
  onSaved: (id: number, categoryId: number) => void;
}) {
  const { message } = App.useApp();
  const save = useSaveHelpArticle();
  const preview = usePreviewHelpMarkdown();
  const [categoryId, setCategoryId] = useState(initial.categoryId);
  const [title, setTitle] = useState(initial.title);
  const [markdown, setMarkdown] = useState(initial.markdown);
  const [refusal, setRefusal] = useState('');
  const submit = () => {
    const problem = articleProblem(title, markdown);
    setRefusal(problem);
    if (problem) return;
    save.mutate(
      { ...(id !== undefined ? { id } : {}), categoryId, title: title.trim(), markdown },
      {
        onSuccess: (done) => {
          void message.success(id !== undefined ? '文章已保存' : '文章已新建（未发布）');
          onSaved(done.id, categoryId);
        },
        onError: (error) => setRefusal(error.message),
      },
    );
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={4}>{id !== undefined ? '编辑文章' : '新建文章'}</Typography.Title>
      <Select<number>
        aria-label="所属分类"
        value={categoryId}
        onChange={setCategoryId}
        options={categories.map((c) => ({ value: c.id, label: c.title }))}
        style={{ width: 240 }}
      />
      <Input
        aria-label="文章标题"
        placeholder={audience === 'buyer' ? '例如：如何申请发票' : '例如：如何入驻成为设计师'}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <Input.TextArea
        aria-label="文章正文"
        rows={16}
        value={markdown}
        onChange={(e) => setMarkdown(e.target.value)}
      />
      {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
      <Space>
        <Button
          loading={preview.isPending}
          onClick={() =>
            preview.mutate(markdown, { onError: (error) => void message.error(error.message) })
          }
        >
          预览
        </Button>
        <Button type="primary" loading={save.isPending} onClick={submit}>
          保存文章
        </Button>
      </Space>
      {preview.data ? (
        <section className="help-desk__preview" aria-label="预览">
          {/* Rendered and sanitised by the server, as readers will see it. */}
          <div className="help-html" dangerouslySetInnerHTML={{ __html: preview.data.html }} />
        </section>
      ) : null}
    </Space>
  );
}
