import { Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useAgreementList } from '../api/get-agreements';
import { agreementMetaText } from './agreement-meta';
import './agreements.css';

/** /agreement 平台协议: every agreement in force, its version and date, each linking to its text. */
export function AgreementListPage() {
  const list = useAgreementList();
  return (
    <section className="agreement-list">
      <Typography.Title level={2}>平台协议</Typography.Title>
      {list.isPending ? <Skeleton active /> : null}
      {list.isError ? (
        <LoadError
          title="协议列表加载失败"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data ? (
        <ul className="agreement-list__items">
          {list.data.map((a) => (
            <li key={a.alias}>
              <Link to={paths.agreementAlias(a.alias)}>《{a.title}》</Link>
              <span className="agreement-list__meta">
                {agreementMetaText(a.version, a.publishedAt)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
