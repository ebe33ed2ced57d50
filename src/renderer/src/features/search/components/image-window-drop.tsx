import { App } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import type { PrepareSearchImageResult } from '@shared/bridge';
import { UPLOAD } from '@shared/constants';
import { desktopImageSearch } from '../../../lib/platform';
import { useImageSearchUpload } from '../hooks/use-image-search-upload';
import { dragHasFiles, filesOf } from '../lib/image-upload-files';

/**
 * The image of a `wenyang://search?image=…` link, which the main process has already read and made
 * a ≤1000 px JPEG of, as a File for the same upload path as a drop.
 */
export function linkedImageFile(image: { name: string; data: string }): File {
  const bytes = Uint8Array.from(atob(image.data), (char) => char.charCodeAt(0));
  const name = `${image.name.replace(/\.[^.]*$/, '') || '链接图片'}.jpg`;
  return new File([bytes], name, { type: 'image/jpeg' });
}

/**
 * Desktop only (mounted by the app shell when isDesktop()): files dropped anywhere on the window
 * search by image — one file opens its results, several the batch search. A drop that a drop zone
 * of the page already took (publishing, folder upload) is left alone. While files are dragged over
 * the window a hint says what a drop will do; it lets events through to the page's own drop zones.
 */
export function ImageWindowDrop() {
  const { upload } = useImageSearchUpload();
  const { message } = App.useApp();
  const [over, setOver] = useState(false);
  const take = useEffectEvent((files: File[]) => void upload(files, 'multi'));
  const takeLinked = useEffectEvent((result: PrepareSearchImageResult) => {
    if (result.ok) void upload([linkedImageFile(result.image)], 'single');
    else message.error(result.message);
  });
  // A search link opened the app (wenyang://search?image=…): its image searches like a drop.
  useEffect(() => {
    const bridge = desktopImageSearch();
    if (typeof bridge?.takeLinkedImage !== 'function') return;
    const takeWaiting = () =>
      void bridge.takeLinkedImage().then(
        (result) => {
          if (result) takeLinked(result);
        },
        // The main process could not hand it over: the link simply opens nothing.
        () => undefined,
      );
    takeWaiting();
    return bridge.onLinkedImage(takeWaiting);
  }, []);
  useEffect(() => {
    // dragenter/dragleave fire for every element crossed: count them to know when the drag left.
    let depth = 0;
    const onDragEnter = (event: DragEvent) => {
      if (!dragHasFiles(event.dataTransfer)) return;
      depth += 1;
      setOver(true);
    };
    const onDragLeave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const onDragOver = (event: DragEvent) => {
      if (event.defaultPrevented || !dragHasFiles(event.dataTransfer)) return;
      // Without this the window would open the file itself.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      depth = 0;
      setOver(false);
      if (event.defaultPrevented) return;
      const files = filesOf(event.dataTransfer?.files);
      if (files.length === 0) return;
      event.preventDefault();
      take(files);
    };
    window.addEventListener('dragenter', onDragEnter);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onDragEnter);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
  return over ? (
    <div className="image-window-drop" role="status" data-testid="image-window-drop">
      <strong>松开鼠标，以图搜图</strong>
      <span>一张图片查看同款与相似作品；多张（最多 {UPLOAD.maxFiles} 张）批量搜图</span>
    </div>
  ) : null;
}
