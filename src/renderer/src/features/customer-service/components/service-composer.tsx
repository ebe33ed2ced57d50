import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { SERVICE_MESSAGE_MAX } from '@shared/contract/customer-service';
import { uploadServiceImage } from '../api/upload-service-image';
import { imageProblem, messageProblem, newClientKey } from '../lib/service-message';

type Attached = { fileKey: string; name: string; previewUrl: string };

export type ComposedMessage = { content: string; imageKeys: string[]; clientKey: string };

type ServiceComposerProps = {
  /** Sends the message; a rejection's message is shown and the draft (and its key) kept. */
  onSend: (message: ComposedMessage) => Promise<unknown>;
  placeholder: string;
  sendLabel?: string;
  disabled?: boolean;
};

const previewOf = (file: File): string =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';

/** Text (1–1000 characters) and up to four png/jpg images of at most 2 MB, sent once. */
export function ServiceComposer({
  onSend,
  placeholder,
  sendLabel = '发送',
  disabled = false,
}: ServiceComposerProps) {
  const [content, setContent] = useState('');
  const [images, setImages] = useState<Attached[]>([]);
  const [problem, setProblem] = useState('');
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  // One key per draft: a retry after a failure repeats it, so the server stores the message once.
  const [clientKey, setClientKey] = useState(newClientKey);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      for (const image of images) if (image.previewUrl) URL.revokeObjectURL(image.previewUrl);
    },
    // Only on unmount: removed images are revoked as they go.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const attach = async (files: FileList | null) => {
    const picked = [...(files ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    let count = images.length;
    for (const file of picked) {
      const refusal = imageProblem(file, count);
      if (refusal) {
        setProblem(refusal);
        return;
      }
      count += 1;
    }
    setProblem('');
    setUploading(true);
    try {
      for (const file of picked) {
        const stored = await uploadServiceImage(file);
        setImages((now) => [
          ...now,
          { fileKey: stored.fileKey, name: file.name, previewUrl: previewOf(file) },
        ]);
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : '图片上传失败，请重试');
    } finally {
      setUploading(false);
    }
  };

  const remove = (fileKey: string) =>
    setImages((now) =>
      now.filter((image) => {
        if (image.fileKey === fileKey && image.previewUrl) URL.revokeObjectURL(image.previewUrl);
        return image.fileKey !== fileKey;
      }),
    );

  const send = async () => {
    const refusal = messageProblem(content);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem('');
    setSending(true);
    try {
      await onSend({ content: content.trim(), imageKeys: images.map((i) => i.fileKey), clientKey });
      for (const image of images) if (image.previewUrl) URL.revokeObjectURL(image.previewUrl);
      setContent('');
      setImages([]);
      setClientKey(newClientKey());
    } catch (error) {
      setProblem(error instanceof Error ? error.message : '发送失败，请重试');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="service-composer">
      <Input.TextArea
        aria-label="消息内容"
        value={content}
        placeholder={placeholder}
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={SERVICE_MESSAGE_MAX}
        showCount
        disabled={disabled}
        onChange={(e) => setContent(e.target.value)}
        onPressEnter={(e) => {
          if (e.ctrlKey || e.metaKey) void send();
        }}
      />
      {images.length > 0 ? (
        <ul className="service-composer__images" aria-label="待发送的图片">
          {images.map((image) => (
            <li key={image.fileKey}>
              {image.previewUrl ? <img src={image.previewUrl} alt={image.name} /> : null}
              <span className="service-composer__name">{image.name}</span>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label={`移除 ${image.name}`}
                onClick={() => remove(image.fileKey)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      <Space className="service-composer__actions">
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg"
          multiple
          hidden
          aria-label="添加图片"
          onChange={(e) => void attach(e.target.files)}
        />
        <Button
          icon={<PictureOutlined />}
          loading={uploading}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        >
          图片
        </Button>
        <span className="service-composer__hint">png/jpg，单张不超过 2MB，最多 4 张</span>
        <Button
          type="primary"
          loading={sending}
          disabled={disabled || uploading}
          onClick={() => void send()}
        >
          {sendLabel}
        </Button>
      </Space>
    </div>
  );
}
