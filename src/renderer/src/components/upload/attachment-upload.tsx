import { DeleteOutlined, InboxOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import type { Attachment } from '@shared/contract/complaints';
import { UPLOAD_CHECK, checkUploadDimensions, checkUploadFile } from '@shared/rules/upload-check';
import { measureImage, uploadAttachment } from './upload-attachment';
import type { MeasureImage, UploadAttachment } from './upload-attachment';
import './upload.css';

type Item = {
  key: string;
  name: string;
  status: 'uploading' | 'done';
  /** A local preview while uploading (object URL), then the stored file's signed URL. */
  previewUrl: string;
  attachment?: Attachment;
};

export type AttachmentUploadProps = {
  /** Called with the stored attachments whenever the list changes (uploads done, removals). */
  onChange?: (attachments: Attachment[]) => void;
  /** Shown on the drop area. */
  label?: string;
  /** Most files (at most the check's 9). */
  maxFiles?: number;
  /** Injected in tests; the real upload and measurement otherwise. */
  upload?: UploadAttachment;
  measure?: MeasureImage;
};

const objectUrl = (file: File): string =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';

let nextKey = 0;

/**
 * The generic upload of §5 ("another upload check"): choose or drop png/jpg pictures under 2 MB;
 * each is checked (a repeat name gives '{name} 已添加！', wrong format, size or dimensions are said
 * by name), previewed, uploaded, and can be removed.
 */
export function AttachmentUpload({
  onChange,
  label = '点击选择或将图片拖到此处',
  maxFiles = UPLOAD_CHECK.maxFiles,
  upload = uploadAttachment,
  measure = measureImage,
}: AttachmentUploadProps) {
  const [items, setItems] = useState<Item[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const itemsRef = useRef<Item[]>([]);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const commit = (next: Item[]) => {
    itemsRef.current = next;
    setItems(next);
    onChangeRef.current?.(
      next.flatMap((i) => (i.status === 'done' && i.attachment ? [i.attachment] : [])),
    );
  };

  useEffect(
    () => () => {
      for (const i of itemsRef.current) {
        if (i.previewUrl.startsWith('blob:')) URL.revokeObjectURL(i.previewUrl);
      }
    },
    [],
  );

  const add = async (files: File[]) => {
    const found: string[] = [];
    const accepted: { file: File; item: Item }[] = [];
    for (const file of files) {
      const names = [...itemsRef.current, ...accepted.map((a) => a.item)].map((i) => i.name);
      const refusal =
        names.length >= maxFiles && !names.includes(file.name)
          ? `最多只能添加 ${maxFiles} 张图片`
          : checkUploadFile({ name: file.name, size: file.size }, names);
      if (refusal) {
        found.push(refusal);
        continue;
      }
      const size = await measure(file);
      const wrongSize = size ? checkUploadDimensions(file.name, size.width, size.height) : null;
      if (wrongSize) {
        found.push(wrongSize);
        continue;
      }
      const item: Item = {
        key: `u${++nextKey}`,
        name: file.name,
        status: 'uploading',
        previewUrl: objectUrl(file),
      };
      accepted.push({ file, item });
    }
    setProblems(found);
    if (accepted.length === 0) return;
    commit([...itemsRef.current, ...accepted.map((a) => a.item)]);
    await Promise.all(
      accepted.map(async ({ file, item }) => {
        try {
          const attachment = await upload(file);
          if (!itemsRef.current.some((i) => i.key === item.key)) return; // removed meanwhile
          commit(
            itemsRef.current.map((i) =>
              i.key === item.key
                ? { ...i, status: 'done', attachment, previewUrl: i.previewUrl || attachment.url }
                : i,
            ),
          );
        } catch (err) {
          commit(itemsRef.current.filter((i) => i.key !== item.key));
          const reason =
            err instanceof Error && err.message ? err.message : `${file.name} 上传失败`;
          setProblems((p) => [...p, reason]);
        }
      }),
    );
  };

  const remove = (key: string) => {
    const gone = itemsRef.current.find((i) => i.key === key);
    if (gone?.previewUrl.startsWith('blob:')) URL.revokeObjectURL(gone.previewUrl);
    commit(itemsRef.current.filter((i) => i.key !== key));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void add([...event.dataTransfer.files]);
  };

  return (
    <div className="attachment-upload">
      <div
        role="button"
        tabIndex={0}
        aria-label="选择图片"
        className={`attachment-upload__drop${dragging ? ' attachment-upload__drop--over' : ''}`}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <InboxOutlined className="attachment-upload__icon" />
        <div>{label}</div>
        <div className="attachment-upload__hint">
          仅支持 png、jpg 格式，单张小于 2M，最多 {maxFiles} 张
        </div>
      </div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="attachment-upload-input"
        accept={UPLOAD_CHECK.accept}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void add(files);
        }}
      />
      {problems.length > 0 ? (
        <ul className="attachment-upload__problems" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {items.length > 0 ? (
        <ul className="attachment-upload__list" aria-label="已添加的图片">
          {items.map((item) => (
            <li key={item.key} className="attachment-upload__item">
              {item.previewUrl ? (
                <img src={item.previewUrl} alt={item.name} className="attachment-upload__thumb" />
              ) : (
                <div className="attachment-upload__thumb attachment-upload__thumb--empty" />
              )}
              <span className="attachment-upload__name" title={item.name}>
                {item.name}
              </span>
              <span className="attachment-upload__state">
                {item.status === 'uploading' ? (
                  <>
                    <LoadingOutlined /> 上传中
                  </>
                ) : (
                  '已上传'
                )}
              </span>
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`删除 ${item.name}`}
                onClick={() => remove(item.key)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
