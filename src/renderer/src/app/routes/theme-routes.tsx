import { useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { NotFoundPage } from '../../components/not-found-page';
import { CollectToggle } from '../../features/collections/components/collect-toggle';
import { ThemeDetailView } from '../../features/themes/components/theme-detail-view';
import { ThemeListView } from '../../features/themes/components/theme-list-view';
import { ThemeWorksView } from '../../features/themes/components/theme-works-view';
import { positiveId } from './route-params';

/** /theme. */
export function ThemeListRoute() {
  return <ThemeListView />;
}

/** /theme/detail?id= and /theme/detail/{id}: the theme with a 收藏 button. */
export function ThemeDetailRoute() {
  const { id: pathId } = useParams();
  const [params] = useSearchParams();
  const id = positiveId(pathId ?? params.get('id'));
  const queryClient = useQueryClient();
  if (id === null) return <NotFoundPage />;
  return (
    <ThemeDetailView
      themeId={id}
      collectAction={(theme) => (
        <CollectToggle
          targetType="theme"
          targetId={theme.id}
          isCollected={theme.isCollected}
          size="large"
          onChanged={() => void queryClient.invalidateQueries({ queryKey: ['themes', 'works'] })}
        />
      )}
    />
  );
}

/** /theme/Work. */
export function ThemeWorksRoute() {
  return <ThemeWorksView />;
}
