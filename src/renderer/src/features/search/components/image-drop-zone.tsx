import { CloudUploadOutlined, LoadingOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent, ReactNode } from 'react';
import { useImagePaste } from '../hooks/use-image-paste';
import { IMAGE_SEARCH_TEXT as TEXT } from '../lib/image-search-text';
import { SEARCH_ACCEPT_ATTRIBUTE, dragHasFiles, filesOf } from '../lib/image-upload-files';
import type { SearchUploadMode } from '../lib/image-upload-files';

type ImageDropZoneProps = {
  /** 'multi' lets the picker choose several files; the checks are the caller's. */
  mode: SearchUploadMode;
  onFiles: (files: File[]) => void;
  busy?: boolean;
  /** Ctrl+V anywhere on the page hands pasted images here too. */
  pasteAnywhere?: boolean;
  size?: 'large' | 'small';
  /** Shown above the prompt (e.g. 请先上传一张图片). */
  title?: ReactNode;
};

/** Where an image for search comes in: click to pick, drop, or paste. */
export function ImageDropZone({
  mode,
  onFiles,
  busy = false,
  pasteAnywhere = false,
  size = 'large',
  title,
}: ImageDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  useImagePaste(onFiles, pasteAnywhere && !busy);

  const pick = () => {
    if (!busy) inputRef.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick();
    }
  };
  const onDragOver = (event: DragEvent) => {
    if (!dragHasFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    setOver(false);
    const files = filesOf(event.dataTransfer?.files);
    if (files.length === 0) return;
    event.preventDefault();
    if (!busy) onFiles(files);
  };

  return (
    <div className={`image-drop image-drop--${size}`}>
      <div
        className={`image-drop__zone${over ? ' is-over' : ''}${busy ? ' is-busy' : ''}`}
        role="button"
        tabIndex={0}
        aria-label={TEXT.dropZoneLabel}
        aria-busy={busy}
        aria-disabled={busy}
        data-testid="image-drop-zone"
        onClick={pick}
        onKeyDown={onKeyDown}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span className="image-drop__icon" aria-hidden="true">
          {busy ? <LoadingOutlined /> : <CloudUploadOutlined />}
        </span>
        {title ? <p className="image-drop__title">{title}</p> : null}
        <p className="image-drop__prompt">
          {busy ? TEXT.searching : mode === 'multi' ? TEXT.dropPrompt : TEXT.dropPromptSingle}
        </p>
        <p className="image-drop__hint">
          {mode === 'multi' ? TEXT.acceptHint : TEXT.acceptHintSingle}
        </p>
      </div>
      <input
        ref={inputRef}
        type="file"
        hidden
        multiple={mode === 'multi'}
        accept={SEARCH_ACCEPT_ATTRIBUTE}
        data-testid="image-file-input"
        onChange={(event) => {
          const files = filesOf(event.target.files);
          // Choosing the same file again must fire again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
