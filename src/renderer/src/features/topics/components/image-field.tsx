import { Button, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { uploadPatternFile } from '../../../api/upload-pattern-file';
import { serverUrl } from '../../../lib/platform';

// An editorial image: chosen here, uploaded through the usual upload permission (the server reads
// the bytes), and published under a public key when the topic or banner is saved.

const ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

type ImageFieldProps = {
  label: string;
  value: string;
  onChange: (key: string) => void;
  onError: (message: string) => void;
};

/** What a stored key looks like: public keys are served as files; a fresh upload shows its local copy. */
const publicPreview = (key: string): string =>
  key.startsWith('public/') ? serverUrl(`/files/${key}`) : '';

export function ImageField({ label, value, onChange, onError }: ImageFieldProps) {
  const [local, setLocal] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => () => (local ? URL.revokeObjectURL(local) : undefined), [local]);
  const preview = publicPreview(value) || (value ? local : '');

  const choose = async (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      onError(`${file.name} 格式不正确，只能上传 PNG、JPG 或 WebP 格式的图片`);
      return;
    }
    setBusy(true);
    try {
      const uploaded = await uploadPatternFile(file);
      setLocal(URL.createObjectURL(file));
      onChange(uploaded.fileKey);
      onError('');
    } catch (err) {
      onError(err instanceof Error ? err.message : '图片上传失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="image-field">
      {preview ? <img src={preview} alt={`${label}预览`} /> : null}
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
      >
        <Button loading={busy} aria-label={`上传${label}`}>
          {value ? '更换图片' : '上传图片'}
        </Button>
      </Upload>
    </div>
  );
}
