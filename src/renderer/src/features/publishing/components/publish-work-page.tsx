import { Alert, App, Button, Form, Image, Result, Segmented, Space, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { EditableWork } from '@shared/contract/publishing';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useChannelsEdit } from '../api/get-channels-edit';
import { useDetailByEdit } from '../api/get-detail-by-edit';
import { saveDraft } from '../api/perfect-creation-pic';
import { usePublishWorks } from '../api/publish-creation';
import type { AutosaveStatus } from '../hooks/use-draft-autosave';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { readLocalDraft, removeLocalDraft, writeLocalDraft } from '../lib/draft-storage';
import type { WorkFormValues } from '../lib/work-form-values';
import {
  EMPTY_WORK_FORM,
  formValuesOf,
  perfectInputOf,
  titleFromFileName,
} from '../lib/work-form-values';
import { PatternDrop } from './pattern-drop';
import type { FormOptions } from './work-form-fields';
import { WorkFormFields, formDefaults } from './work-form-fields';
import './publishing.css';

function AutosaveLine({ status }: { status: AutosaveStatus }) {
  if (status.kind === 'saving') return <span className="autosave">正在保存…</span>;
  if (status.kind === 'saved') {
    const time = new Date(status.at).toLocaleTimeString('zh-CN', { hour12: false });
    return <span className="autosave autosave--ok">草稿已自动保存 {time}</span>;
  }
  if (status.kind === 'local')
    return <span className="autosave autosave--local">{status.message}</span>;
  return <span className="autosave">修改会自动保存为草稿</span>;
}

/** Switches between the single form and the batch upload (§2 /publishWork, /publishWork/index2). */
export function PublishModeSwitch({ mode }: { mode: 'single' | 'batch' }) {
  const navigate = useNavigate();
  return (
    <Segmented
      value={mode}
      onChange={(value) =>
        void navigate(value === 'single' ? paths.publishWork : paths.publishWorkBatch)
      }
      options={[
        { value: 'single', label: '单张发布' },
        { value: 'batch', label: '批量发布' },
      ]}
    />
  );
}

type EditorProps = {
  options: FormOptions;
  workId: number | null;
  work: EditableWork | null;
  onCreated: (work: EditableWork) => void;
};

function Editor({ options, workId, work, onCreated }: EditorProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<WorkFormValues>();
  const publish = usePublishWorks();
  const [current, setCurrent] = useState<EditableWork | null>(work);
  const [submitted, setSubmitted] = useState<EditableWork | null>(null);
  const autosave = useDraftAutosave(workId, setCurrent);
  const { schedule } = autosave;
  // The first values: the server's draft, unless this browser holds newer, unsaved typing.
  const [initial] = useState(() => {
    const local = readLocalDraft(workId ?? 'new');
    const serverValues = work ? formValuesOf(work) : formDefaults(options);
    const newer =
      local !== null && !local.synced && (!work || local.savedAt > Date.parse(work.updatedAt));
    return {
      values: newer && local ? { ...serverValues, ...local.values } : serverValues,
      restored: newer,
    };
  });
  const restored = initial.restored;
  const resent = useRef(false);
  useEffect(() => {
    // Restored typing the server does not have yet is sent again.
    if (!initial.restored || resent.current) return;
    resent.current = true;
    schedule(initial.values);
  }, [initial, schedule]);

  const editable = current ? current.editable : true;

  const onFile = async (file: { fileKey: string }, name: string) => {
    const values = form.getFieldsValue(true) as WorkFormValues;
    if (workId === null) {
      const title = values.title.trim() ? values.title : titleFromFileName(name);
      const result = await saveDraft({
        fileKey: file.fileKey,
        ...perfectInputOf({ ...values, title }),
      });
      // The typing now belongs to the draft: keep it under its id until the server has it.
      writeLocalDraft(result.work.id, {
        values: formValuesOf(result.work),
        savedAt: Date.now(),
        synced: true,
      });
      removeLocalDraft('new');
      onCreated(result.work);
      return;
    }
    const result = await saveDraft({ id: workId, fileKey: file.fileKey });
    setCurrent(result.work);
    form.setFieldValue('colors', result.work.colors);
    message.success('图片已更换');
  };

  const submit = async () => {
    if (workId === null) {
      message.warning('请先上传作品图片');
      return;
    }
    try {
      await form.validateFields();
    } catch {
      message.warning('请先完善必填项');
      return;
    }
    try {
      await autosave.flush();
      const { results } = await publish.mutateAsync({ ids: [workId] });
      const result = results[0];
      if (!result?.ok) {
        message.error(result?.msg || '提交失败');
        return;
      }
      removeLocalDraft(workId);
      setSubmitted(current);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '提交失败');
    }
  };

  if (submitted || current?.status === 'review') {
    return (
      <Result
        status="success"
        title={submitted ? '已提交审核' : '作品正在审核中'}
        subTitle="审核通过后作品会公开展示，审核结果可在作品管理中查看"
        extra={[
          <Button
            type="primary"
            key="next"
            onClick={() => window.location.assign(paths.publishWork)}
          >
            继续发布
          </Button>,
          <Link key="mine" to={paths.user.myworkTab(1)}>
            <Button>查看作品管理</Button>
          </Link>,
        ]}
      />
    );
  }
  return (
    <div className="publish-editor">
      <section className="publish-editor__image" aria-label="作品图片">
        {current ? (
          <>
            <Image src={current.thumbUrl} alt={current.title} preview={{ src: current.imageUrl }} />
            <p className="publish-editor__meta">
              {current.width} × {current.height} 像素 <Tag>{current.statusTitle}</Tag>
            </p>
            {editable ? <PatternDrop onUploaded={onFile} hint="拖入新文件可更换图片" /> : null}
          </>
        ) : (
          <PatternDrop onUploaded={onFile} />
        )}
      </section>
      <section className="publish-editor__form" aria-label="作品信息">
        {current?.rejectReason ? (
          <Alert
            type="error"
            showIcon
            title={current.status === 'offline' ? '作品已下架' : '审核未通过'}
            description={current.rejectReason}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        {restored ? (
          <Alert
            type="info"
            showIcon
            title="已恢复本机未保存的内容"
            style={{ marginBottom: 16 }}
            closable
          />
        ) : null}
        {current && !editable ? (
          <Alert
            type="warning"
            showIcon
            title={
              current.status === 'published' ? '已发布的作品请先下架再修改' : '作品当前不能修改'
            }
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Form<WorkFormValues>
          form={form}
          layout="vertical"
          disabled={!editable}
          initialValues={initial.values}
          onValuesChange={(_changed, all) => autosave.schedule({ ...EMPTY_WORK_FORM, ...all })}
          requiredMark
        >
          <WorkFormFields options={options} />
        </Form>
        <div className="publish-editor__actions">
          <AutosaveLine status={autosave.status} />
          <Space>
            <Button
              onClick={() =>
                void autosave
                  .flush()
                  .then(() => message.success('草稿已保存'))
                  .catch(() => undefined)
              }
              disabled={workId === null || !editable}
            >
              保存草稿
            </Button>
            <Button
              type="primary"
              onClick={() => void submit()}
              loading={publish.isPending}
              disabled={!editable}
            >
              提交审核
            </Button>
          </Space>
        </div>
      </section>
    </div>
  );
}

/** /publishWork: one work, from an upload (or ?fileKey= of an earlier one) or a draft (?id=). */
export function PublishWorkPage() {
  const [params, setParams] = useSearchParams();
  const idParam = params.get('id');
  const workId = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const fileKey = params.get('fileKey');
  const detail = useDetailByEdit({ id: workId ?? 0 }, workId !== null);
  const options = useChannelsEdit();
  const [fromFileError, setFromFileError] = useState<string | null>(null);

  // ?fileKey=: make (or find) the draft of that file, then edit it by id.
  useEffect(() => {
    if (workId !== null || !fileKey) return;
    saveDraft({ fileKey })
      .then((result) => setParams({ id: String(result.work.id) }, { replace: true }))
      .catch((err: unknown) =>
        setFromFileError(err instanceof Error ? err.message : '创建草稿失败'),
      );
  }, [fileKey, workId, setParams]);

  let body;
  if (fromFileError) body = <Alert type="error" showIcon title={fromFileError} />;
  else if (workId === null && fileKey) body = <Spin size="large" className="route-spinner" />;
  else if (workId !== null && detail.isError) {
    body = (
      <LoadError title="作品加载失败" error={detail.error} onRetry={() => void detail.refetch()} />
    );
  } else if (options.isError) {
    body = (
      <LoadError
        title="发布选项加载失败"
        error={options.error}
        onRetry={() => void options.refetch()}
      />
    );
  } else if ((workId !== null && !detail.data) || !options.data) {
    body = <Spin size="large" className="route-spinner" />;
  } else {
    body = (
      <Editor
        key={workId ?? 'new'}
        options={options.data}
        workId={workId}
        work={workId !== null ? (detail.data ?? null) : null}
        onCreated={(work) => setParams({ id: String(work.id) }, { replace: true })}
      />
    );
  }
  return (
    <div className="page-container publish-page">
      <header className="publish-page__header">
        <h2>发布作品</h2>
        <PublishModeSwitch mode="single" />
      </header>
      {body}
    </div>
  );
}
