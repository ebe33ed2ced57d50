import { Alert, App, Button, Input, Popconfirm, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  AGREEMENT_ALIASES,
  AGREEMENT_BODY_MAX,
  AGREEMENT_BODY_MIN,
  AGREEMENT_NOTE_MAX,
} from '@shared/contract/agreements';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useAgreementSource, usePublishAgreement } from '../api/agreement-desk';
import { useAgreementList } from '../api/get-agreements';
import { agreementMetaText } from './agreement-meta';
import './agreements.css';

/** The check the server makes too, said the same way. */
export function bodyProblem(markdown: string): string {
  const body = markdown.trim();
  if (body === '') return '请填写协议正文';
  if ([...body].length < AGREEMENT_BODY_MIN)
    return `协议正文过短，至少需要 ${AGREEMENT_BODY_MIN} 个字`;
  if ([...body].length > AGREEMENT_BODY_MAX) return `协议正文不能超过 ${AGREEMENT_BODY_MAX} 个字`;
  return '';
}

/** /admin/agreements 协议管理: publish a new version of an agreement from its Markdown. */
export function AgreementDesk() {
  const list = useAgreementList();
  const [alias, setAlias] = useState<string>(AGREEMENT_ALIASES.userAgreement);
  return (
    <section className="agreement-desk">
      <Typography.Title level={3}>协议管理</Typography.Title>
      <Typography.Paragraph type="secondary">
        每次发布都会生成新版本，旧版本保留备查。正文使用 Markdown，展示前由服务端转换为安全的
        HTML（脚本、事件属性与外部框架会被去除）。
      </Typography.Paragraph>
      {list.isError ? <LoadError title="协议列表加载失败" error={list.error} /> : null}
      <Select<string>
        aria-label="选择协议"
        style={{ width: 320, marginBottom: 16 }}
        value={alias}
        onChange={setAlias}
        loading={list.isPending}
        options={(list.data ?? []).map((a) => ({ value: a.alias, label: `《${a.title}》` }))}
      />
      <AgreementEditor key={alias} alias={alias} />
    </section>
  );
}

function AgreementEditor({ alias }: { alias: string }) {
  const source = useAgreementSource(alias);
  if (source.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (source.isError) return <LoadError title="协议原文加载失败" error={source.error} />;
  // Re-mounted per published version, so the draft starts from the text in force.
  return <AgreementDraft key={source.data.version} source={source.data} />;
}

type Source = {
  alias: string;
  title: string;
  version: number;
  publishedAt: string;
  markdown: string;
};

function AgreementDraft({ source }: { source: Source }) {
  const { message } = App.useApp();
  const publish = usePublishAgreement();
  const [markdown, setMarkdown] = useState(source.markdown);
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState('');
  const isUserAgreement = source.alias === AGREEMENT_ALIASES.userAgreement;

  const submit = () => {
    const problem = bodyProblem(markdown);
    if (problem) {
      setRefusal(problem);
      return;
    }
    setRefusal('');
    publish.mutate(
      { alias: source.alias, markdown, note: note.trim() },
      {
        onSuccess: (done) => void message.success(`已发布《${done.title}》第 ${done.version} 版`),
        onError: (error) => setRefusal(error.message),
      },
    );
  };

  return (
    <Space orientation="vertical" size="middle" className="agreement-desk__form">
      <div>
        现行版本：{agreementMetaText(source.version, source.publishedAt)}{' '}
        <Link to={paths.agreementAlias(source.alias)} target="_blank" rel="noopener">
          查看现行版本
        </Link>
      </div>
      <label className="agreement-desk__editor">
        <span>正文（Markdown）</span>
        <Input.TextArea
          aria-label="协议正文"
          value={markdown}
          rows={18}
          onChange={(e) => setMarkdown(e.target.value)}
        />
      </label>
      <label>
        <span>更新说明</span>
        <Input
          aria-label="更新说明"
          value={note}
          maxLength={AGREEMENT_NOTE_MAX}
          showCount
          placeholder="例如：新增侵权投诉的处理流程"
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
      <Popconfirm
        title={`发布第 ${source.version + 1} 版？`}
        description={
          isUserAgreement
            ? '发布后，已同意旧版本的用户再次访问时须重新阅读并同意。'
            : '发布后立即生效，旧版本保留备查。'
        }
        okText="发布"
        cancelText="取消"
        onConfirm={submit}
      >
        <Button type="primary" loading={publish.isPending}>
          发布新版本
        </Button>
      </Popconfirm>
    </Space>
  );
}
