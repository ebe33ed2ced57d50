import { InboxOutlined } from '@ant-design/icons';
import { App, Progress, Upload } from 'antd';
import { useState } from 'react';
import type { UploadedFile } from '@shared/contract/uploads';
import { PATTERN_FILE, checkPatternDimensions, checkPatternFile } from '@shared/rules/publishing';
import { uploadPatternFile } from '../../../api/upload-pattern-file';
import { readImageSize } from '../lib/image-size';

type PatternDropProps = {
  /** Called with the stored file and the chosen file's name. */
  onUploaded: (file: UploadedFile, name: string) => Promise<void> | void;
  hint?: string;
  disabled?: boolean;
};

/** One pattern file: checked here (§5), then uploaded with its progress; the server checks the content. */
export function PatternDrop({ onUploaded, hint, disabled }: PatternDropProps) {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const take = async (file: File) => {
    setError(null);
    const problem = checkPatternFile(file);
    const size = problem ? null : await readImageSize(file);
    const tooSmall = size ? checkPatternDimensions(size.width, size.height) : null;
    if (problem ?? tooSmall) {
      setError(problem ?? tooSmall);
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadPatternFile(file, { onProgress: setProgress });
      await onUploaded(stored, file.name);
    } catch (err) {
      const text = err instanceof Error ? err.message : '上传失败';
      setError(text);
      message.error(text);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="pattern-drop">
      <Upload.Dragger
        accept={PATTERN_FILE.accept}
        multiple={false}
        showUploadList={false}
        disabled={disabled || progress !== null}
        beforeUpload={(file) => {
          void take(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖入图案文件</p>
        <p className="ant-upload-hint">
          {hint ?? 'PNG、JPG、WebP、TIFF，小于 40M，最短边不少于 500 像素'}
        </p>
      </Upload.Dragger>
      {progress !== null ? (
        <Progress percent={Math.round(progress * 100)} size="small" aria-label="上传进度" />
      ) : null}
      {error ? (
        <div className="pattern-drop__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
