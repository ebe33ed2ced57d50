import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { FolderUploadPage } from '../../features/uploads/components/folder-upload-page';
import { useCategories } from '../../features/works/api/get-categories';

/** /user/myPattern/localUpload/:groupID?: the desktop's folder upload; groupID picks a watched folder. */
export function FolderUploadRoute() {
  const { groupID } = useParams();
  const navigate = useNavigate();
  const categories = useCategories();
  return (
    <FolderUploadPage
      folderId={groupID ?? null}
      onSelectFolder={(folderId) => void navigate(paths.user.localUpload(folderId ?? undefined))}
      categories={categories.data ?? []}
    />
  );
}
