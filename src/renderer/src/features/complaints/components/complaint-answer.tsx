import { Alert, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { COMPLAINT_LIMITS, checkComplaintAnswer } from '@shared/contract/complaints';
import type { Attachment, ComplaintDetail } from '@shared/contract/complaints';
import { AttachmentUpload } from '../../../components/upload/attachment-upload';
import type { MeasureImage, UploadAttachment } from '../../../components/upload/upload-attachment';
import { useAnswerComplaint } from '../api/answer-complaint';

type ComplaintAnswerProps = {
  detail: ComplaintDetail;
  upload?: UploadAttachment;
  measure?: MeasureImage;
};

/** The party's next step: the designer's counter-notice (申诉) or the complainant's supplement. */
export function ComplaintAnswer({ detail, upload, measure }: ComplaintAnswerProps) {
  const answer = useAnswerComplaint();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Attachment[]>([]);
  const [refusal, setRefusal] = useState('');
  const [formKey, setFormKey] = useState(0);
  const designer = detail.viewerRole === 'designer';
  const title = designer ? '提交申诉' : '补充材料';

  const submit = () => {
    const problem = checkComplaintAnswer(text);
    if (problem) {
      setRefusal(problem);
      return;
    }
    setRefusal('');
    answer.mutate(
      { id: detail.id, text: text.trim(), attachmentIds: files.map((f) => f.id) },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          setFormKey((k) => k + 1);
        },
        onError: (error) => setRefusal(error.message),
      },
    );
  };

  return (
    <section className="complaint-answer" aria-label={title}>
      <h4>{title}</h4>
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <Input.TextArea
          aria-label={`${title}说明`}
          rows={3}
          value={text}
          maxLength={COMPLAINT_LIMITS.answerMax}
          placeholder={
            designer
              ? '说明作品为你原创的理由，并附上手稿、源文件截图、首发记录等证据'
              : '补充平台要求的材料，例如原作的创作时间证明'
          }
          onChange={(e) => setText(e.target.value)}
        />
        <AttachmentUpload
          key={formKey}
          label="上传证据图片（选填）"
          onChange={setFiles}
          {...(upload ? { upload } : {})}
          {...(measure ? { measure } : {})}
        />
        {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
        <Button type="primary" loading={answer.isPending} onClick={submit}>
          {title}
        </Button>
      </Space>
    </section>
  );
}
