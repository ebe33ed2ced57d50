import { Alert, Button, Slider, Space, message } from 'antd';
import { useRef, useState } from 'react';
import { checkAvatarFile } from '@shared/rules/profile';
import { useUploadAvatar } from '../api/upload-avatar';
import { CENTRE_CROP, previewStyle, toAvatarCrop } from '../lib/avatar-crop';
import type { CropChoice } from '../lib/avatar-crop';

type Picked = { name: string; dataUrl: string; width: number; height: number };

const PREVIEW_BOX = 160;

const readDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

const imageSize = (url: string): Promise<{ width: number; height: number }> =>
  new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('not an image'));
    image.src = url;
  });

/**
 * 头像: pick a PNG or JPG under 2 MB, choose the square (size and position, previewed as it will
 * look), save; the server checks the bytes and cuts the final sizes.
 */
export function AvatarEditor({ current }: { current: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [choice, setChoice] = useState<CropChoice>(CENTRE_CROP);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useUploadAvatar();

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const refused = checkAvatarFile(file);
    setRefusal(refused);
    if (refused) return;
    try {
      const dataUrl = await readDataUrl(file);
      const size = await imageSize(dataUrl);
      setPicked({ name: file.name, dataUrl, ...size });
      setChoice(CENTRE_CROP);
    } catch {
      setRefusal('头像文件不是可识别的 PNG 或 JPG 图片，或文件已损坏');
    }
  };

  const save = async () => {
    if (!picked) return;
    try {
      await upload.mutateAsync({
        name: picked.name,
        data: picked.dataUrl,
        crop: toAvatarCrop(picked.width, picked.height, choice),
      });
      setPicked(null);
      void message.success('头像已更新');
    } catch {
      // The server's refusal shows below.
    }
  };

  return (
    <div className="profile-avatar">
      {picked ? (
        <div
          className="profile-avatar-crop"
          role="img"
          aria-label="头像预览"
          style={{
            width: PREVIEW_BOX,
            height: PREVIEW_BOX,
            backgroundImage: `url(${picked.dataUrl})`,
            ...previewStyle(picked.width, picked.height, choice, PREVIEW_BOX),
          }}
        />
      ) : (
        <img className="profile-avatar-current" src={current} alt="当前头像" />
      )}
      <div className="profile-avatar-controls">
        {picked ? (
          <>
            <label className="profile-slider">
              <span>裁剪大小</span>
              <Slider
                min={0.3}
                max={1}
                step={0.01}
                value={choice.size}
                onChange={(size) => setChoice({ ...choice, size })}
              />
            </label>
            <label className="profile-slider">
              <span>水平位置</span>
              <Slider
                min={0}
                max={1}
                step={0.01}
                value={choice.x}
                onChange={(x) => setChoice({ ...choice, x })}
              />
            </label>
            <label className="profile-slider">
              <span>垂直位置</span>
              <Slider
                min={0}
                max={1}
                step={0.01}
                value={choice.y}
                onChange={(y) => setChoice({ ...choice, y })}
              />
            </label>
          </>
        ) : (
          <p className="profile-hint">支持 PNG、JPG 格式，小于 2MB；上传后可选择裁剪区域。</p>
        )}
        <Space>
          <Button onClick={() => input.current?.click()}>{picked ? '重新选择' : '上传头像'}</Button>
          {picked ? (
            <>
              <Button type="primary" loading={upload.isPending} onClick={() => void save()}>
                保存头像
              </Button>
              <Button type="link" onClick={() => setPicked(null)}>
                取消
              </Button>
            </>
          ) : null}
        </Space>
        <input
          ref={input}
          type="file"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          aria-label="选择头像图片"
          hidden
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
        {upload.isError ? <Alert type="error" showIcon title={upload.error.message} /> : null}
      </div>
    </div>
  );
}
