import { PlusOutlined } from '@ant-design/icons';
import { App, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useState } from 'react';
import { PATTERN_FILE, checkPatternFile } from '@shared/rules/publishing';
import { uploadPatternFile } from '../../../api/upload-pattern-file';

type ImageKeysInputProps = {
  value?: string[];
  onChange?: (keys: string[]) => void;
  max: number;
  label: string;
  id?: string;
};

/** Images for a form (application samples, a business licence): uploaded at once, the value is their fileKeys. */
export function ImageKeysInput({ value = [], onChange, max, label, id }: ImageKeysInputProps) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const keysOf = (list: UploadFile[]) =>
    list
      .filter((f) => f.status === 'done' && typeof f.response === 'string')
      .map((f) => f.response as string);

  const update = (next: UploadFile[]) => {
    setFiles(next);
    const keys = keysOf(next);
    if (keys.join('\n') !== value.join('\n')) onChange?.(keys);
  };

  return (
    <Upload
      id={id}
      accept={PATTERN_FILE.accept}
      listType="picture-card"
      multiple={max > 1}
      maxCount={max}
      fileList={files}
      beforeUpload={(file) => {
        const problem = checkPatternFile(file);
        if (problem) {
          message.error(`${file.name}：${problem}`);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onProgress, onSuccess, onError }) => {
        uploadPatternFile(file as File, {
          onProgress: (fraction) => onProgress?.({ percent: Math.round(fraction * 100) }),
        })
          .then((stored) => onSuccess?.(stored.fileKey))
          .catch((err: unknown) => {
            const text = err instanceof Error ? err.message : '上传失败';
            message.error(`${(file as File).name}：${text}`);
            onError?.(err instanceof Error ? err : new Error(text));
          });
      }}
      onChange={({ fileList }) => {
        // A failed file shows its error and is left out of the value.
        update(
          fileList.map((f) =>
            f.status === 'done' &&
            !f.url &&
            f.originFileObj &&
            typeof URL.createObjectURL === 'function'
              ? { ...f, url: URL.createObjectURL(f.originFileObj) }
              : f,
          ),
        );
      }}
    >
      {files.length >= max ? null : (
        <button type="button" className="image-keys__add" aria-label={label}>
          <PlusOutlined />
          <div>{label}</div>
        </button>
      )}
    </Upload>
  );
}
