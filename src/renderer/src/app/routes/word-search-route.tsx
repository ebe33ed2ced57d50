import { useCategories } from '../../features/works/api/get-categories';
import { WordSearchPage } from '../../features/search/components/word-search-page';

/** /search/wordSearch: word search, filtered by the catalogue's category tree. */
export function WordSearchRoute() {
  const categories = useCategories();
  return <WordSearchPage categories={categories.data} />;
}
