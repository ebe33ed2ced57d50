import { Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Attachment } from '@shared/contract/complaints';
import { PageHeader } from '../../components/page-header';
import { AttachmentUpload } from '../../components/upload/attachment-upload';
import type { MeasureImage, UploadAttachment } from '../../components/upload/upload-attachment';
import { paths } from '../../config/paths';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))}KB`;

/**
 * /components/upload 上传: the generic upload (§5 "another upload check") on its own page. What is
 * uploaded here is kept as the user's attachments, which complaints and activities take by id.
 */
export function UploadRoute({
  upload,
  measure,
}: {
  upload?: UploadAttachment;
  measure?: MeasureImage;
}) {
  const [done, setDone] = useState<Attachment[]>([]);
  return (
    <div className="page-container upload-page">
      <PageHeader title="上传" subtitle="上传 png、jpg 图片作为证据或报名材料，单张小于 2M" />
      <AttachmentUpload
        onChange={setDone}
        {...(upload ? { upload } : {})}
        {...(measure ? { measure } : {})}
      />
      <section aria-label="上传结果" style={{ marginTop: 24 }}>
        <Typography.Title level={5}>已上传 {done.length} 张</Typography.Title>
        {done.length === 0 ? (
          <Typography.Paragraph type="secondary">
            还没有上传图片。图片会先在浏览器中检查格式、大小和尺寸，上传后服务器会按内容再检查一次。
          </Typography.Paragraph>
        ) : (
          <ul>
            {done.map((a) => (
              <li key={a.id}>
                {a.name}（{a.width}×{a.height}，{kb(a.size)}，附件编号 {a.id}）
              </li>
            ))}
          </ul>
        )}
        <Typography.Paragraph type="secondary">
          发现作品侵犯你的权利？在作品详情页点击“侵权投诉”提交证据，进度可在
          <Link to={paths.user.complaints}>我的投诉</Link>中查看。
        </Typography.Paragraph>
      </section>
    </div>
  );
}
