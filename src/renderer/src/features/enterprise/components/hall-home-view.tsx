import { RightOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import type { HallInfo } from '@shared/contract/enterprise';
import { WorkGrid } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { useHallDetail } from '../api/get-enterprise-hall-detail';
import './enterprise.css';

/** /enterprise/{userId}.html body: recommended works, a row per channel, and the company's qualifications. */
export function HallHomeView({ hall }: { hall: HallInfo }) {
  const detail = useHallDetail(hall.userId);
  return (
    <>
      <section className="home-section" data-testid="hall-recommended">
        <div className="home-section__header">
          <div>
            <h2>推荐作品</h2>
            <p>展厅精选</p>
          </div>
          <Link to={paths.enterpriseWorks(hall.userId)} className="home-section__more">
            全部作品 <RightOutlined />
          </Link>
        </div>
        {detail.isPending ? (
          <Skeleton active />
        ) : (
          <WorkGrid works={detail.data?.recommended} emptyText="暂无推荐作品" />
        )}
      </section>
      {detail.data?.channels
        .filter((c) => c.works.length > 0)
        .map((c) => (
          <section key={c.id} className="home-section">
            <div className="home-section__header">
              <div>
                <h2>{c.title}</h2>
                <p>{c.workCount} 件作品</p>
              </div>
              <Link to={paths.enterpriseChannel(hall.userId, c.id)} className="home-section__more">
                查看更多 <RightOutlined />
              </Link>
            </div>
            <WorkGrid works={c.works} />
          </section>
        ))}
      {hall.qualifications.length > 0 ? (
        <section className="home-section">
          <div className="home-section__header">
            <div>
              <h2>企业资质</h2>
            </div>
          </div>
          <div className="hall-quals">
            {hall.qualifications.map((q) => (
              <div key={`${q.title}-${q.number}`} className="hall-qual">
                <SafetyCertificateOutlined style={{ color: 'var(--wy-primary)' }} /> {q.title}
                <span>证书编号：{q.number}</span>
              </div>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
