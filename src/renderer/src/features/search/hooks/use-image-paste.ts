import { useEffect, useEffectEvent } from 'react';
import { filesOf } from '../lib/image-upload-files';

/**
 * Ctrl+V anywhere on the page hands pasted files over (a screenshot, an image copied from a
 * folder). A paste that something else already took (the header's box) is left alone, and so is
 * a paste of text.
 */
export function useImagePaste(onFiles: (files: File[]) => void, enabled = true): void {
  const take = useEffectEvent(onFiles);
  useEffect(() => {
    if (!enabled) return undefined;
    const onPaste = (event: ClipboardEvent) => {
      if (event.defaultPrevented) return;
      const files = filesOf(event.clipboardData?.files);
      if (files.length === 0) return;
      event.preventDefault();
      take(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [enabled]);
}
