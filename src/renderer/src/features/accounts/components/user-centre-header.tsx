import { App, Avatar, Button, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { isEnterprise, memberStatus } from '@shared/rules/roles';
import { paths } from '../../../config/paths';
import { copyText } from '../../../lib/clipboard';
import { membershipText } from '../../../lib/member-status';
import { serverUrl } from '../../../lib/platform';
import { useSessionStore } from '../../../stores/session-store';
import { useMyInfo } from '../api/get-my-info';
import { useOrgAvatar } from '../api/get-org-avatar';
import { useUserInfo } from '../../../api/get-user-info';
import { useVipInfo } from '../api/get-vip-info';
import './accounts.css';

/** §4 Member status text (one wording for the side menu and the header). */
export { membershipText };

/**
 * §2 Top of the user-centre side menu: avatar, name, the copyable rainbow number, the enterprise or
 * personal badge, the membership text and 开通会员.
 */
export function UserCentreHeader() {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const { data: info } = useUserInfo();
  const { data: vip } = useVipInfo();
  const { data: my } = useMyInfo();
  const enterprise = isEnterprise(my?.orgInfo.orgFlag);
  const { data: org } = useOrgAvatar(enterprise);
  const navigate = useNavigate();
  const { message } = App.useApp();

  if (!signedIn || !info) return null;

  const name = info.userName || info.caiHongID;
  const avatar = (enterprise ? org?.avatar : undefined) || info.headImg || info.smallHeadImg;
  const copy = () =>
    copyText(info.caiHongID).then(
      () => void message.success(MSG.copySuccess),
      () => void message.error(MSG.operationFailed),
    );

  return (
    <div className="user-centre-header" data-testid="user-centre-header">
      <Avatar size={64} src={avatar ? serverUrl(avatar) : undefined} alt={name}>
        {Array.from(name)[0]}
      </Avatar>
      <div className="user-centre-header__name">
        <span>{name}</span>
        {my ? (
          <Tag color={enterprise ? 'gold' : 'blue'} className="user-centre-header__badge">
            {enterprise ? MSG.enterpriseBadge : MSG.personalBadge}
          </Tag>
        ) : null}
      </div>
      <div className="user-centre-header__rainbow">
        <span>
          {MSG.rainbowNumber}：{info.caiHongID}
        </span>
        <Button type="link" size="small" autoInsertSpace={false} onClick={() => void copy()}>
          {MSG.copy}
        </Button>
      </div>
      {vip ? (
        <div className="user-centre-header__member">{membershipText(memberStatus(vip))}</div>
      ) : null}
      <Button type="primary" size="small" onClick={() => void navigate(paths.openMember)}>
        {MSG.openMember}
      </Button>
    </div>
  );
}
