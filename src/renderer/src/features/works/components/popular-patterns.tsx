import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { CoverMosaic } from '../../../components/avatar-initial';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { usePopular } from '../api/get-popular';
import './works.css';

/** /popularPatterns: styles, categories and colours that sell best, each leading to /work filtered by it. */
export function PopularPatterns() {
  const { data, isPending, isError, error, refetch } = usePopular();
  return (
    <div className="page-container popular-patterns">
      <PageHeader title="流行花型" subtitle="按授权销量统计的热门风格、品类与颜色" />
      {isPending ? <Skeleton active paragraph={{ rows: 10 }} /> : null}
      {isError ? (
        <LoadError title="流行花型加载失败" error={error} onRetry={() => void refetch()} />
      ) : null}
      {data ? (
        <>
          <section className="home-section">
            <div className="home-section__header">
              <div>
                <h2>流行风格</h2>
                <p>点击查看该风格的全部作品</p>
              </div>
            </div>
            <div className="popular-grid">
              {data.styles.map((s, i) => (
                <Link
                  key={s.style}
                  to={paths.workFiltered({ style: s.style })}
                  className="popular-card"
                >
                  <div className="popular-card__head">
                    <strong>
                      {i < 3 ? `TOP${i + 1} · ` : ''}
                      {s.title}
                    </strong>
                    <span>
                      {s.workCount} 件 · 销量 {s.saleCount}
                    </span>
                  </div>
                  <CoverMosaic covers={s.covers} alt={s.title} />
                </Link>
              ))}
            </div>
          </section>
          <section className="home-section">
            <div className="home-section__header">
              <div>
                <h2>热门品类</h2>
                <p>工厂与品牌授权最多的用途</p>
              </div>
            </div>
            <div className="popular-grid">
              {data.categories.map((c) => (
                <Link key={c.kid} to={paths.workFiltered({ kid: c.kid })} className="popular-card">
                  <div className="popular-card__head">
                    <strong>{c.title}</strong>
                    <span>
                      {c.workCount} 件 · 销量 {c.saleCount}
                    </span>
                  </div>
                  <CoverMosaic covers={c.covers} alt={c.title} />
                </Link>
              ))}
            </div>
          </section>
          <section className="home-section">
            <div className="home-section__header">
              <div>
                <h2>流行色</h2>
                <p>作品中出现最多的颜色</p>
              </div>
            </div>
            <div className="colour-cloud">
              {data.colors.map((c) => (
                <Link key={c.color} to={paths.workFiltered({ color: c.color })}>
                  <span className="swatch__dot" style={{ background: c.hex }} />
                  {c.name} · {c.workCount} 件
                </Link>
              ))}
            </div>
          </section>
        </>
      ) : null}
    </div>
  );
}
