import { AgreementArticle } from '../../../components/agreement-article';
import { LICENCE_AGREEMENT, LICENCE_AGREEMENT_TITLE } from '../lib/licence-agreement';

/** /materialOrder/agreement: the licence agreement of both order kinds. */
export function LicenceAgreementPage() {
  return <AgreementArticle title={LICENCE_AGREEMENT_TITLE} sections={LICENCE_AGREEMENT} />;
}
