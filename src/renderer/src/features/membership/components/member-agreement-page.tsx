import { AgreementArticle } from '../../../components/agreement-article';
import { MEMBER_AGREEMENT, MEMBER_AGREEMENT_TITLE } from '../lib/member-agreement';

/** /agreement/memberService: the member service agreement a member accepts by paying. */
export function MemberAgreementPage() {
  return <AgreementArticle title={MEMBER_AGREEMENT_TITLE} sections={MEMBER_AGREEMENT} />;
}
