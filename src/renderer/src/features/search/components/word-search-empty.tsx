import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useThemeTagTree } from '../api/get-theme-tag-tree';

type WordSearchEmptyProps = {
  /** What was searched; empty when nothing has been searched yet. */
  keyword: string;
  /** Whether filters narrow the results (then clearing them is the first tip). */
  filtered: boolean;
  onClearFilters: () => void;
  onSearch: (keyword: string) => void;
};

/** No results (or no keyword yet): why, what to try, and hot keywords to search with one click. */
export function WordSearchEmpty({
  keyword,
  filtered,
  onClearFilters,
  onSearch,
}: WordSearchEmptyProps) {
  const tree = useThemeTagTree();
  const groups = tree.data?.groups ?? [];
  return (
    <section className="word-empty" data-testid="word-search-empty">
      {keyword ? (
        <>
          <h3 className="word-empty__title">
            没有找到与“<span className="word-empty__keyword">{keyword}</span>”相关的作品
          </h3>
          <ul className="word-empty__tips">
            {filtered ? (
              <li>
                当前筛选条件较多，
                <Button type="link" size="small" onClick={onClearFilters}>
                  清除筛选
                </Button>
                后再看看
              </li>
            ) : null}
            <li>检查是否有错别字，或换一个更常用、更短的词，如“花卉”“几何”</li>
            <li>多个词之间用空格分开时，作品需同时包含每个词，试着去掉一个</li>
            <li>
              有参考图？试试<Link to={paths.aiSearchImg}>以图搜图</Link>
            </li>
          </ul>
        </>
      ) : (
        <h3 className="word-empty__title">输入图案、风格、颜色或设计师，开始搜索</h3>
      )}
      {groups.map((group) =>
        group.tags.length > 0 ? (
          <div key={group.key} className="word-empty__group">
            <span className="word-empty__group-title">{group.title}</span>
            <div className="word-empty__tags">
              {group.tags.map((tag) => (
                <button
                  key={tag.keyword}
                  type="button"
                  className={group.key === 'hot' ? 'word-empty__tag is-hot' : 'word-empty__tag'}
                  onClick={() => onSearch(tag.keyword)}
                >
                  {tag.title}
                </button>
              ))}
            </div>
          </div>
        ) : null,
      )}
    </section>
  );
}
