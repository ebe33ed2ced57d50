import { Alert, Empty, Spin, Tag } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { LoadError } from '../../../components/load-state';
import { NotFoundPage } from '../../../components/not-found-page';
import { paths } from '../../../config/paths';
import { useHotTags } from '../api/get-hot-tags';
import { useMyCreations } from '../api/get-my-creations';
import type { PublishPart } from '../lib/publish-parts';
import { PUBLISH_PARTS, isPublishPart } from '../lib/publish-parts';
import { ClassifyPanel } from './classify-panel';
import { MaterialView } from './material-view';
import { PagedList } from './paged-list';
import { SeriesTable } from './series-manager';
import './publishing.css';

const CLASSIFY_PAGE_SIZE = 20;
const HOT_TAG_LIMIT = 50;

/** A part's card: its title, a line on what it is for, a link to the full 作品管理, then the part. */
function PartCard({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <div className="my-work-page">
      <header className="my-work-page__header">
        <h2>{title}</h2>
        <Link to={paths.user.mywork} target="_blank">
          作品管理
        </Link>
      </header>
      <p className="publish-part__hint">{hint}</p>
      {children}
    </div>
  );
}

/** Custom classifications beside the works in the chosen one. */
function ClassifyPart() {
  const [classifyId, setClassifyId] = useState<number | null>(null);
  const [pageIndex, setPageIndex] = useState(1);
  const works = useMyCreations({
    pageIndex,
    pageSize: CLASSIFY_PAGE_SIZE,
    ...(classifyId !== null ? { classifyId } : {}),
  });
  return (
    <PartCard
      title="自定义分类"
      hint="分类只有你自己看得到，用来整理作品；拖动分类可以排序，在作品管理中把作品移入分类。"
    >
      <div className="my-work-page__layout">
        <ClassifyPanel
          selected={classifyId}
          total={works.data?.counts.all ?? 0}
          onSelect={(id) => {
            setClassifyId(id);
            setPageIndex(1);
          }}
        />
        <section className="my-work-page__main">
          <PagedList
            query={works}
            errorTitle="作品加载失败"
            empty={
              <Empty description={classifyId === null ? '还没有作品' : '这个分类里还没有作品'} />
            }
            pageIndex={pageIndex}
            pageSize={CLASSIFY_PAGE_SIZE}
            onPageChange={setPageIndex}
          >
            <ul className="publish-part__works" aria-label="分类中的作品">
              {works.data?.list.map((w) => (
                <li key={w.id}>
                  <span className="publish-part__thumb">
                    {w.thumbUrl ? <img src={w.thumbUrl} alt={w.title} loading="lazy" /> : null}
                  </span>
                  <span className="publish-part__title">{w.title}</span>
                  <Tag>{w.statusTitle}</Tag>
                </li>
              ))}
            </ul>
          </PagedList>
        </section>
      </div>
    </PartCard>
  );
}

/** The tags most used by popular works, each opening a search for the works that carry it. */
function HotTagsPart() {
  const tags = useHotTags({ limit: HOT_TAG_LIMIT });
  const list = tags.data?.list ?? [];
  return (
    <PartCard
      title="热门标签"
      hint="人气作品最常用的标签。给作品加上贴切的热门标签，买家更容易搜到；点击标签看看用它的作品。"
    >
      {tags.isError ? (
        <LoadError
          title="热门标签加载失败"
          error={tags.error}
          onRetry={() => void tags.refetch()}
        />
      ) : tags.isLoading ? (
        <Spin className="route-spinner" />
      ) : list.length === 0 ? (
        <Empty description="还没有热门标签" />
      ) : (
        <ol className="publish-part__tags" aria-label="热门标签">
          {list.map((t) => (
            <li key={t.tag}>
              <Link to={paths.wordSearchFor(t.tag)} target="_blank">
                {t.tag}
              </Link>
              <span className="publish-part__tag-count">{t.count} 件作品</span>
            </li>
          ))}
        </ol>
      )}
    </PartCard>
  );
}

function PartContent({ part }: { part: PublishPart }) {
  switch (part) {
    case 'series':
      return (
        <PartCard
          title="管理系列"
          hint="系列把作品成组展示在你的图库中；新建系列后，在发布或作品管理时把作品放进系列。"
        >
          <SeriesTable />
        </PartCard>
      );
    case 'classify':
      return <ClassifyPart />;
    case 'price':
      return (
        <>
          <MaterialView standalone />
          <Alert
            className="publish-part__note"
            type="info"
            showIcon
            title="品类独家与商用授权的价格在作品的编辑页设置：草稿、未通过和已下架的作品可以编辑。"
            action={
              <Link to={paths.user.mywork} target="_blank">
                去作品管理
              </Link>
            }
          />
        </>
      );
    case 'tags':
      return <HotTagsPart />;
  }
}

/**
 * /publishWork/conponents/{part}: one part of the publish flow on its own page, for the desktop client
 * and embedded pages to open directly. An unknown part is the 404 page.
 */
export function PublishPartPage({ part }: { part: string | undefined }) {
  if (!isPublishPart(part)) return <NotFoundPage />;
  return (
    <div className="page-container publish-part">
      <nav className="publish-part__nav" aria-label="发布工具">
        {PUBLISH_PARTS.map((p) => (
          <NavLink key={p.part} to={paths.publishPart(p.part)}>
            {p.title}
          </NavLink>
        ))}
      </nav>
      <PartContent part={part} />
    </div>
  );
}
