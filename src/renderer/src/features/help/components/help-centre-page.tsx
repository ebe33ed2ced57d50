import { Breadcrumb, Empty, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { HELP_KEYWORD_MAX } from '@shared/contract/help';
import type { HelpAudience, HelpCategory } from '@shared/contract/help';
import { LoadError } from '../../../components/load-state';
import { chinaDateText } from '../../../lib/china-date';
import { useHelpArticle, useHelpList } from '../api/get-help';
import {
  HELP_HOME,
  HELP_TITLE,
  articleToShow,
  helpArticleHref,
  helpPlaceOf,
  helpSearchHref,
} from '../lib/help-location';
import './help.css';

/**
 * /help, /help/{active}/{page} (buyers), /helpCenter, /helpCenter/{active} (designers): a search
 * box, then the search's hits, one article, or the contents of every category (docs/help.md).
 */
export function HelpCentrePage({ audience }: { audience: HelpAudience }) {
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim().slice(0, HELP_KEYWORD_MAX);
  const place = helpPlaceOf(pathname, search);
  const list = useHelpList(audience);

  let body;
  if (keyword !== '') {
    body = <HelpSearchResults audience={audience} keyword={keyword} />;
  } else if (list.isPending) {
    body = <Skeleton active paragraph={{ rows: 10 }} />;
  } else if (list.isError) {
    body = (
      <LoadError title="帮助目录加载失败" error={list.error} onRetry={() => void list.refetch()} />
    );
  } else {
    const articleId = articleToShow(place, list.data.categories);
    if (articleId !== undefined) {
      body = <HelpArticleView key={articleId} audience={audience} id={articleId} />;
    } else if (place.alias !== undefined) {
      body = (
        <Empty description="这个帮助分类不存在或已下线">
          <Link to={HELP_HOME[audience]}>返回{HELP_TITLE[audience]}</Link>
        </Empty>
      );
    } else {
      body = <HelpContents audience={audience} categories={list.data.categories} />;
    }
  }

  return (
    <div className="help-page">
      <HelpSearchBox key={keyword} audience={audience} initial={keyword} />
      {body}
    </div>
  );
}

function HelpSearchBox({ audience, initial }: { audience: HelpAudience; initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  return (
    <div className="help-page__search">
      <h1 className="help-page__title">{HELP_TITLE[audience]}</h1>
      <Input.Search
        aria-label="搜索帮助"
        placeholder={
          audience === 'buyer' ? '例如：发票、对公转账、独家授权' : '例如：入驻、上传文件夹、提现'
        }
        value={value}
        maxLength={HELP_KEYWORD_MAX}
        enterButton="搜索"
        allowClear
        onChange={(e) => setValue(e.target.value)}
        onSearch={(text) => {
          const words = text.trim();
          void navigate(words === '' ? HELP_HOME[audience] : helpSearchHref(audience, words));
        }}
      />
    </div>
  );
}

function HelpSearchResults({ audience, keyword }: { audience: HelpAudience; keyword: string }) {
  const result = useHelpList(audience, keyword);
  if (result.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (result.isError) {
    return (
      <LoadError title="搜索失败" error={result.error} onRetry={() => void result.refetch()} />
    );
  }
  const { hits } = result.data;
  if (hits.length === 0) {
    return (
      <Empty description={`没有找到与“${keyword}”相关的文章，换个词试试，或拨打客服热线咨询`}>
        <Link to={HELP_HOME[audience]}>查看全部帮助文章</Link>
      </Empty>
    );
  }
  return (
    <section aria-label="搜索结果">
      <p className="help-page__count">
        找到 {hits.length} 篇与“{keyword}”相关的文章
      </p>
      <ol className="help-hits">
        {hits.map((hit) => (
          <li key={hit.id} className="help-hits__item">
            <Link to={helpArticleHref(audience, hit.categoryAlias, hit.id)}>{hit.title}</Link>
            <span className="help-hits__category">{hit.categoryTitle}</span>
            <p className="help-hits__excerpt">{hit.excerpt}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function HelpArticleView({ audience, id }: { audience: HelpAudience; id: number }) {
  const article = useHelpArticle(audience, id);
  if (article.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (article.isError) {
    return (
      <>
        <LoadError title="文章加载失败" error={article.error} />
        <p>
          <Link to={HELP_HOME[audience]}>返回{HELP_TITLE[audience]}</Link>
        </p>
      </>
    );
  }
  const { title, categoryTitle, html, updatedAt } = article.data;
  return (
    <article className="help-article">
      <Breadcrumb
        items={[
          { title: <Link to={HELP_HOME[audience]}>{HELP_TITLE[audience]}</Link> },
          { title: categoryTitle },
        ]}
      />
      <h2 className="help-article__title">{title}</h2>
      <p className="help-article__meta">更新于 {chinaDateText(updatedAt)}</p>
      {/* Sanitised on the server (markdown-it + sanitize-html): no script or handler survives. */}
      <div className="help-html" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

function HelpContents({
  audience,
  categories,
}: {
  audience: HelpAudience;
  categories: readonly HelpCategory[];
}) {
  if (categories.length === 0) return <Empty description="暂无帮助文章" />;
  return (
    <div className="help-contents">
      {categories.map((category) => (
        <section key={category.alias} className="help-contents__card">
          <h2>{category.title}</h2>
          <ul>
            {category.articles.map((article) => (
              <li key={article.id}>
                <Link to={helpArticleHref(audience, category.alias, article.id)}>
                  {article.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
