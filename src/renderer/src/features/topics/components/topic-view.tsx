import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { DesignerCard } from '@shared/contract/designers';
import type { TopicBlockView, TopicView as TopicData } from '@shared/contract/topics';
import { AvatarInitial, CoverMosaic } from '../../../components/avatar-initial';
import { WorkGrid } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import './topics.css';

// One component renders every topic page (and the back office's preview): its blocks in order.

/** Our files are served by the server (the desktop app needs its address); https stays as is. */
const mediaUrl = (url: string): string => (url.startsWith('/') ? serverUrl(url) : url);

/** A link that stays in the app for our paths and opens a new tab for https addresses. */
function SmartLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: React.ReactNode;
}) {
  if (to.startsWith('/')) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function BannerBlock({ block }: { block: Extract<TopicBlockView, { type: 'banner' }> }) {
  const body = (
    <>
      <img src={mediaUrl(block.imageUrl)} alt="" className="topic-banner__image" />
      <span className="topic-banner__title">{block.title}</span>
    </>
  );
  return block.link ? (
    <SmartLink to={block.link} className="topic-banner">
      {body}
    </SmartLink>
  ) : (
    <div className="topic-banner">{body}</div>
  );
}

function TextBlock({ html }: { html: string }) {
  const navigate = useNavigate();
  // Links to our own pages move inside the app instead of reloading it.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href') ?? '';
    if (href.startsWith('/') && !href.startsWith('//') && !event.metaKey && !event.ctrlKey) {
      event.preventDefault();
      void navigate(href);
    }
  };
  return (
    // Sanitised on the server (markdown-it + sanitize-html): no script or handler survives.
    <div className="topic-text" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

function DesignerItem({ designer }: { designer: DesignerCard }) {
  return (
    <li className="topic-designer">
      <Link to={paths.designerGallery(designer.userId)} className="topic-designer__head">
        <AvatarInitial name={designer.userName} src={designer.headImg} size={56} />
        <span>
          <strong>{designer.userName}</strong>
          <small>
            {designer.workCount} 件作品 · {designer.followerCount} 人关注
          </small>
        </span>
      </Link>
      {designer.intro ? <p className="topic-designer__intro">{designer.intro}</p> : null}
      <CoverMosaic covers={designer.covers} alt={designer.userName} />
    </li>
  );
}

function Block({ block }: { block: TopicBlockView }) {
  switch (block.type) {
    case 'banner':
      return <BannerBlock block={block} />;
    case 'text':
      return <TextBlock html={block.html} />;
    case 'works':
      return (
        <section className="topic-section">
          {block.title ? <h2>{block.title}</h2> : null}
          <WorkGrid works={block.works} emptyText="暂无符合条件的作品" />
        </section>
      );
    case 'designers':
      return (
        <section className="topic-section">
          {block.title ? <h2>{block.title}</h2> : null}
          <ul className="topic-designers">
            {block.designers.map((d) => (
              <DesignerItem key={d.userId} designer={d} />
            ))}
          </ul>
        </section>
      );
    case 'video':
      return (
        <section className="topic-section">
          {block.title ? <h2>{block.title}</h2> : null}
          <video
            className="topic-video"
            controls
            preload="metadata"
            src={mediaUrl(block.src)}
            {...(block.posterUrl ? { poster: mediaUrl(block.posterUrl) } : {})}
            aria-label={block.title || '视频'}
          >
            您的浏览器无法播放该视频
          </video>
        </section>
      );
  }
}

/** A topic's title, summary and blocks. */
export function TopicView({ topic }: { topic: TopicData }) {
  return (
    <article className="topic-page">
      <header className="topic-page__header">
        <h1>{topic.title}</h1>
        {topic.summary ? <p>{topic.summary}</p> : null}
      </header>
      {topic.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </article>
  );
}
