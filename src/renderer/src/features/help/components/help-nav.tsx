import { Skeleton } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import type { HelpAudience } from '@shared/contract/help';
import { paths } from '../../../config/paths';
import { useHelpList } from '../api/get-help';
import {
  HELP_HOME,
  HELP_TITLE,
  articleToShow,
  helpArticleHref,
  helpPlaceOf,
} from '../lib/help-location';
import './help.css';

/**
 * The personal layout's left navigation on help pages: the audience's published categories, each
 * with its articles; the one being read is marked. Buyers also reach the copyright statement.
 */
export function HelpNav({ audience }: { audience: HelpAudience }) {
  const { pathname, search } = useLocation();
  const list = useHelpList(audience);
  const categories = list.data?.categories ?? [];
  const current = articleToShow(helpPlaceOf(pathname, search), categories);
  const other: HelpAudience = audience === 'buyer' ? 'designer' : 'buyer';
  return (
    <nav className="help-nav" aria-label="帮助目录">
      <Link className="help-nav__home" to={HELP_HOME[audience]}>
        {HELP_TITLE[audience]}
      </Link>
      {list.isPending ? <Skeleton active paragraph={{ rows: 6 }} title={false} /> : null}
      {categories.map((category) => (
        <section key={category.alias} className="help-nav__group">
          <h3 className="help-nav__category">{category.title}</h3>
          <ul>
            {category.articles.map((article) => (
              <li key={article.id}>
                <Link
                  className="help-nav__link"
                  to={helpArticleHref(audience, category.alias, article.id)}
                  aria-current={article.id === current ? 'page' : undefined}
                >
                  {article.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="help-nav__more">
        {audience === 'buyer' ? (
          <Link
            className="help-nav__link"
            to={paths.copyrightStatement}
            aria-current={pathname === paths.copyrightStatement ? 'page' : undefined}
          >
            版权声明
          </Link>
        ) : null}
        <Link className="help-nav__link" to={HELP_HOME[other]}>
          {other === 'designer' ? '我是设计师：设计师帮助中心' : '我是买家：买家帮助中心'}
        </Link>
      </div>
    </nav>
  );
}
