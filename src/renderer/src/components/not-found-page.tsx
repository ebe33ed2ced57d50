import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { paths } from '../config/paths';

/** §2/§8 Unknown route: a picture, the message and a 返回首页 button. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="not-found-page" data-testid="not-found-page">
      <svg width="240" height="160" viewBox="0 0 240 160" role="img" aria-label="404">
        <rect x="20" y="20" width="200" height="120" rx="12" fill="#eef4ff" />
        <path d="M60 110 l30 -40 l25 28 l20 -22 l45 34z" fill="#9dbdff" />
        <circle cx="170" cy="55" r="14" fill="#ffd66b" />
        <text x="120" y="150" textAnchor="middle" fontSize="28" fontWeight="700" fill="#1677ff">
          404
        </text>
      </svg>
      <h1>{MSG.notFound}</h1>
      <Button type="primary" size="large" onClick={() => void navigate(paths.home)}>
        {MSG.backHome}
      </Button>
    </main>
  );
}
