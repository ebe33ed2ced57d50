import { Alert, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useAgreement } from '../api/get-agreements';
import { agreementMetaText } from './agreement-meta';
import './agreements.css';

/**
 * /agreement/{alias}, /help/bqshengming/1 (copyright statement), /agreement/memberService: the
 * version in force of one agreement, its title, version and date. The HTML comes from the server,
 * which renders the Markdown and filters it through an allow-list (docs/agreements.md).
 */
export function AgreementPage({ alias }: { alias: string }) {
  const agreement = useAgreement(alias);
  if (agreement.isPending) {
    return (
      <article className="agreement-page" aria-busy="true">
        <Skeleton active paragraph={{ rows: 12 }} />
      </article>
    );
  }
  if (agreement.isError) {
    return (
      <article className="agreement-page">
        <LoadError
          title="协议加载失败"
          error={agreement.error}
          onRetry={() => void agreement.refetch()}
        />
        <p>
          <Link to={paths.agreement}>查看全部平台协议</Link>
        </p>
      </article>
    );
  }
  const { title, version, publishedAt, note, html } = agreement.data;
  return (
    <article className="agreement-page">
      <h1>{title}</h1>
      <p className="agreement-page__meta">{agreementMetaText(version, publishedAt)}</p>
      {note ? (
        <Alert className="agreement-page__note" type="info" showIcon title={`本版更新：${note}`} />
      ) : null}
      {/* Sanitised on the server (markdown-it + sanitize-html): no script or handler survives. */}
      <div className="agreement-html" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
