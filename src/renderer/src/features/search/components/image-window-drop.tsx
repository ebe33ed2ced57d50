import { useEffect, useEffectEvent } from 'react';
import { useImageSearchUpload } from '../hooks/use-image-search-upload';
import { dragHasFiles, filesOf } from '../lib/image-upload-files';

/**
 * Desktop only (mounted by the app shell when isDesktop()): files dropped anywhere on the window
 * search by image — one file opens its results, several the batch search. A drop that a drop zone
 * of the page already took (publishing, folder upload) is left alone.
 */
export function ImageWindowDrop() {
  const { upload } = useImageSearchUpload();
  const take = useEffectEvent((files: File[]) => void upload(files, 'multi'));
  useEffect(() => {
    const onDragOver = (event: DragEvent) => {
      if (event.defaultPrevented || !dragHasFiles(event.dataTransfer)) return;
      // Without this the window would open the file itself.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      if (event.defaultPrevented) return;
      const files = filesOf(event.dataTransfer?.files);
      if (files.length === 0) return;
      event.preventDefault();
      take(files);
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
  return null;
}
