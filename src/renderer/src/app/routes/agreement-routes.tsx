import { useParams } from 'react-router-dom';
import { AGREEMENT_ALIASES } from '@shared/contract/agreements';
import { AgreementListPage } from '../../features/agreements/components/agreement-list-page';
import { AgreementPage } from '../../features/agreements/components/agreement-page';

// Agreements and privacy (issue 13): the list, one agreement by alias, the copyright statement.

/** /agreement 平台协议. */
export const AgreementListRoute = () => <AgreementListPage />;

/** /agreement/:alias: the version in force; an unknown alias gets the server's message. */
export function AgreementDetailRoute() {
  const { alias = '' } = useParams();
  return <AgreementPage key={alias} alias={alias} />;
}

/** /help/bqshengming/1 版权声明. */
export const CopyrightStatementRoute = () => (
  <AgreementPage alias={AGREEMENT_ALIASES.copyrightStatement} />
);
