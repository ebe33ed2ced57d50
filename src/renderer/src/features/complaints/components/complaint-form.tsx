import { Alert, Button, Input, Radio, Result, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  COMPLAINT_LIMITS,
  COMPLAINT_RIGHTS,
  checkComplaintForm,
} from '@shared/contract/complaints';
import type { Attachment } from '@shared/contract/complaints';
import { AttachmentUpload } from '../../../components/upload/attachment-upload';
import type { MeasureImage, UploadAttachment } from '../../../components/upload/upload-attachment';
import { paths } from '../../../config/paths';
import { useAddComplaint } from '../api/add-complaint';
import './complaints.css';

/** A one-time key per form: a double click or a retry of the same form makes one complaint. */
function newRequestKey(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return random.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
}

export type ComplaintFormProps = {
  workId: number;
  workTitle: string;
  /** Injected in tests; the real upload otherwise. */
  upload?: UploadAttachment;
  measure?: MeasureImage;
};

/** 侵权投诉: the rights infringed, what happened, evidence, a link to one's own work, a contact. */
export function ComplaintForm({ workId, workTitle, upload, measure }: ComplaintFormProps) {
  const add = useAddComplaint();
  const [requestKey] = useState(newRequestKey);
  const [rights, setRights] = useState('');
  const [description, setDescription] = useState('');
  const [ownWorkUrl, setOwnWorkUrl] = useState('');
  const [contact, setContact] = useState('');
  const [files, setFiles] = useState<Attachment[]>([]);
  const [refusal, setRefusal] = useState('');

  if (add.isSuccess) {
    return (
      <Result
        status="success"
        title="投诉已提交"
        subTitle={`投诉编号 ${add.data.refNo}。平台会尽快核实，处理进度会通过消息通知你。`}
        extra={<Link to={paths.user.complaints}>查看我的投诉</Link>}
      />
    );
  }

  const submit = () => {
    const problem = checkComplaintForm({
      rights,
      description,
      ownWorkUrl,
      contact,
      attachmentCount: files.length,
    });
    if (problem) {
      setRefusal(problem);
      return;
    }
    setRefusal('');
    add.mutate(
      {
        workId,
        rights,
        description: description.trim(),
        ownWorkUrl: ownWorkUrl.trim(),
        contact: contact.trim(),
        attachmentIds: files.map((f) => f.id),
        requestKey,
      },
      { onError: (error) => setRefusal(error.message) },
    );
  };

  return (
    <Space orientation="vertical" size="middle" className="complaint-form">
      <div>
        投诉作品：<strong>《{workTitle}》</strong>
      </div>
      <div role="group" aria-label="被侵犯的权利">
        <div className="complaint-form__label">被侵犯的权利</div>
        <Radio.Group
          value={rights}
          onChange={(e) => setRights(String(e.target.value))}
          options={COMPLAINT_RIGHTS.map((r) => ({ value: r, label: r }))}
        />
      </div>
      <label>
        <div className="complaint-form__label">侵权说明</div>
        <Input.TextArea
          aria-label="侵权说明"
          rows={4}
          value={description}
          maxLength={COMPLAINT_LIMITS.descriptionMax}
          placeholder="请说明你的作品与该作品的相同之处、你的创作或首发时间等"
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <div>
        <div className="complaint-form__label">证据材料</div>
        <AttachmentUpload
          label="上传原稿、首发截图、登记证书等证据图片"
          onChange={setFiles}
          {...(upload ? { upload } : {})}
          {...(measure ? { measure } : {})}
        />
      </div>
      <label>
        <div className="complaint-form__label">你的原作品链接（选填）</div>
        <Input
          aria-label="原作品链接"
          value={ownWorkUrl}
          maxLength={COMPLAINT_LIMITS.urlMax}
          placeholder="https://… 或本站作品页地址"
          onChange={(e) => setOwnWorkUrl(e.target.value)}
        />
      </label>
      <label>
        <div className="complaint-form__label">联系方式</div>
        <Input
          aria-label="联系方式"
          value={contact}
          maxLength={COMPLAINT_LIMITS.contactMax}
          placeholder="手机号或邮箱，仅平台可见"
          onChange={(e) => setContact(e.target.value)}
        />
      </label>
      {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
      <Button type="primary" loading={add.isPending} onClick={submit}>
        提交投诉
      </Button>
    </Space>
  );
}
