import { Button } from 'antd';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { paths } from '../../../config/paths';
import './accounts.css';

/** §6/§8 Guests on user pages: 提示 游客请先登录, and a button that leaves the page (back, or home). */
export function GuestNotice() {
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  // The first entry of the history has the key 'default': there is nothing to go back to.
  const leave = () =>
    void (location.key === 'default' ? navigate(paths.home, { replace: true }) : navigate(-1));
  return (
    <section className="guest-notice" aria-labelledby={titleId} data-testid="guest-notice">
      <h3 id={titleId} className="guest-notice__title">
        {MSG.tip}
      </h3>
      <p className="guest-notice__text">{MSG.guestPleaseLogin}</p>
      <Button type="primary" onClick={leave}>
        {MSG.leavePage}
      </Button>
    </section>
  );
}
