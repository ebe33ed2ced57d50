import { Button, Skeleton, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useFolkIndex } from '../api/folk-works';
import { folkSearchPath } from '../lib/folk-search-params';
import { FolkWorkGrid } from './folk-work-grid';

/** /southwestFolk/southwestParent: featured collections by people and craft, tags, newest works. */
export function FolkHome() {
  const index = useFolkIndex();
  if (index.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (index.isError) return <LoadError title="基地首页加载失败" error={index.error} />;
  const { collections, tags, newest, total } = index.data;
  return (
    <div className="folk-home">
      <header className="folk-hero">
        <h1>西南民族文化基地</h1>
        <p>
          收录苗族、侗族、彝族与布依族的 {total}{' '}
          件非遗纹样，每件附有产地、民族、工艺、纹样寓意与传承来源的文化说明。授权收益按约定比例返还传承人与合作社。
        </p>
      </header>
      <section aria-label="专题">
        <h2 className="folk-section-title">民族与工艺专题</h2>
        <ul className="folk-collections">
          {collections.map((c) => (
            <li key={c.craft}>
              <Link to={folkSearchPath({ craft: c.craft })} className="folk-collection">
                <img src={c.cover} alt={c.craft} />
                <div>
                  <strong>{c.craft}</strong>
                  <span>
                    {c.people} · {c.count} 件
                  </span>
                  <p>{c.intro}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="标签">
        <h2 className="folk-section-title">标签</h2>
        <div className="folk-tags">
          {tags.map((t) => (
            <Link key={t.id} to={folkSearchPath({ tagId: t.id })}>
              <Tag>{t.name}</Tag>
            </Link>
          ))}
        </div>
      </section>
      <section aria-label="最新作品">
        <h2 className="folk-section-title">最新作品</h2>
        <FolkWorkGrid works={newest} />
        <div className="folk-more">
          <Link to={`${paths.southwestFolk}/searchWorks`}>
            <Button>查看全部作品</Button>
          </Link>
        </div>
      </section>
    </div>
  );
}
