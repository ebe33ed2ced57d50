import { useParams, useSearchParams } from 'react-router-dom';
import { FolkDetail } from '../../features/folk/components/folk-detail';
import { FolkFrame } from '../../features/folk/components/folk-frame';
import { FolkHome } from '../../features/folk/components/folk-home';
import { FolkSearch } from '../../features/folk/components/folk-search';
import { IntentionPage } from '../../features/folk/components/intention-form';

// The south-west folk base (issue 14): every page inside the frame whose gate admits entitled
// users only (the server checks every call as well).

/** /southwestFolk/southwestParent. */
export const FolkHomeRoute = () => (
  <FolkFrame>
    <FolkHome />
  </FolkFrame>
);

/** /southwestFolk/southwestParent/searchWorks. */
export const FolkSearchRoute = () => (
  <FolkFrame>
    <FolkSearch />
  </FolkFrame>
);

/** /southwestFolk/southwestParent/authorizationForm. */
export const FolkAuthorizationRoute = () => (
  <FolkFrame>
    <IntentionPage />
  </FolkFrame>
);

/** /southwestFolk/southwestParent/worksDetailPage?id=…. */
export function FolkWorksDetailRoute() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <FolkFrame>
      <FolkDetail key={id} id={Number.isInteger(id) ? id : 0} />
    </FolkFrame>
  );
}

/** /southwestFolk/southwestParent/{id}. */
export function FolkDetailRoute() {
  const { id = '' } = useParams();
  return (
    <FolkFrame>
      <FolkDetail key={id} id={Number(id)} />
    </FolkFrame>
  );
}
