import {
  DosingPacketPage,
  OpenMemberPage,
  RechargeVipPage,
  VipPage,
} from '../../features/membership/components/membership-pages';
import { AGREEMENT_ALIASES } from '@shared/contract/agreements';
import { AgreementPage } from '../../features/agreements/components/agreement-page';

// Membership (issue 12): its pages share one chunk (docs/membership.md).

/** /vip 会员续费. */
export const VipRoute = () => <VipPage />;
/** /openMember 开通会员. */
export const OpenMemberRoute = () => <OpenMemberPage />;
/** /recharge/vip 会员充值. */
export const RechargeVipRoute = () => <RechargeVipPage />;
/** /openMember/DosingPacket 加量包. */
export const DosingPacketRoute = () => <DosingPacketPage />;
/** /agreement/memberService 会员服务协议: the version in force, as stored (issue 13). */
export const MemberAgreementRoute = () => <AgreementPage alias={AGREEMENT_ALIASES.memberService} />;
