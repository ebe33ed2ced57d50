import { BulbOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import type { MergeCategory } from '@shared/contract/image-search';
import { IMAGE_SEARCH_TEXT as TEXT } from '../lib/image-search-text';

const ALL = 'all';

/** What pattern/recognize made of the image: its category and the tab that holds it. */
export type CategorySuggestion = { title: string; entry: MergeCategory };

type ImageCategoryTabsProps = {
  categories: readonly MergeCategory[];
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  /** Shown as a hint the visitor may follow; never chosen for them. */
  suggestion?: CategorySuggestion | undefined;
};

/** 品类筛选: 全部, then the vector-search merge categories (采购目录 last), and the recognised one. */
export function ImageCategoryTabs({
  categories,
  selectedId,
  onSelect,
  suggestion,
}: ImageCategoryTabsProps) {
  const hint = suggestion && suggestion.entry.id !== selectedId ? suggestion : undefined;
  return (
    <div className="image-categories" aria-label={TEXT.categoryFilter} role="region">
      <Tabs
        size="small"
        activeKey={selectedId === undefined ? ALL : String(selectedId)}
        onChange={(key) => onSelect(key === ALL ? undefined : Number(key))}
        items={[
          { key: ALL, label: TEXT.allCategories },
          ...categories.map((c) => ({ key: String(c.id), label: c.name })),
        ]}
      />
      {hint ? (
        <p className="image-categories__hint" data-testid="image-category-hint">
          <BulbOutlined aria-hidden="true" />
          <span>{TEXT.suggestedCategory(hint.title)}</span>
          <Button type="link" size="small" onClick={() => onSelect(hint.entry.id)}>
            {TEXT.filterBySuggestion(hint.entry.name)}
          </Button>
        </p>
      ) : null}
    </div>
  );
}
