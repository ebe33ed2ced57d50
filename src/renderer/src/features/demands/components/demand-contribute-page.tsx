import { Alert, App, Button, Empty, Form, Input, Select, Skeleton, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { UploadedFile } from '@shared/contract/uploads';
import { DEMAND_MANUSCRIPTS_PER_DESIGNER, DEMAND_NOTE_MAX } from '@shared/rules/demand';
import { formatYuan } from '@shared/rules/money';
import { uploadPatternFile } from '../../../api/upload-pattern-file';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useApplyDemand, useDemandBase, useMySignUps, useSubmitManuscript } from '../api/demands';
import './demands.css';

/**
 * /demand/contribute 我要投稿: a designer picks one of the demands they signed up for (or the one
 * in ?demandId=, signing up on the spot), uploads a manuscript and adds a short note.
 */
export function DemandContributePage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const fromUrl = Number(query.get('demandId'));
  const [chosen, setChosen] = useState<number | null>(
    Number.isSafeInteger(fromUrl) && fromUrl > 0 ? fromUrl : null,
  );
  const signUps = useMySignUps(1, 50);
  const base = useDemandBase(chosen ?? 0);
  const apply = useApplyDemand();
  const submit = useSubmitManuscript();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [note, setNote] = useState('');
  const open = (signUps.data?.list ?? []).filter((d) => d.state === 'open');
  const viewer = chosen ? base.data?.viewer : undefined;
  const uploaded =
    file?.status === 'done' ? (file.response as UploadedFile | undefined) : undefined;

  if (signUps.isError) {
    return (
      <div className="demand-page">
        <LoadError
          title="我报名的需求加载失败"
          error={signUps.error}
          onRetry={() => void signUps.refetch()}
        />
      </div>
    );
  }
  const send = () => {
    if (!chosen || !uploaded) return;
    submit.mutate(
      { demandId: chosen, fileKey: uploaded.fileKey, note: note.trim() },
      {
        onSuccess: () => {
          void message.success('投稿成功，等待发布者处理');
          void navigate(`${paths.demand}/Mine/${chosen}.html`);
        },
        onError: (err) => void message.error(err instanceof Error ? err.message : '操作失败！'),
      },
    );
  };
  return (
    <div className="demand-page">
      <h1>我要投稿</h1>
      <p className="demand-muted">
        先在需求详情页报名，再在征稿期内投稿；每个需求最多投 {DEMAND_MANUSCRIPTS_PER_DESIGNER}{' '}
        稿。稿件图片只有需求发布者和你本人可见，被采用时赏金（扣除平台服务费）计入你的可提现收入。
      </p>
      {signUps.isLoading ? (
        <Skeleton active />
      ) : (
        <Form layout="vertical" className="demand-form">
          <Form.Item label="投稿的需求">
            <Select
              aria-label="投稿的需求"
              placeholder={open.length ? '选择你报名的需求' : '你还没有报名征集中的需求'}
              value={chosen ?? undefined}
              onChange={(id: number) => setChosen(id)}
              options={[
                ...open.map((d) => ({
                  value: d.id,
                  label: `${d.title}（单稿 ${formatYuan(d.rewardFen)}，已投 ${d.myManuscriptCount} 稿）`,
                })),
                ...(chosen && !open.some((d) => d.id === chosen) && base.data
                  ? [{ value: chosen, label: base.data.demand.title }]
                  : []),
              ]}
            />
          </Form.Item>
          {!chosen && open.length === 0 ? (
            <Empty description={<Link to={`${paths.demand}/list`}>去需求列表看看</Link>} />
          ) : null}
          {chosen && base.isError ? (
            <Alert
              type="error"
              showIcon
              message={base.error instanceof Error ? base.error.message : '需求不存在'}
            />
          ) : null}
          {chosen &&
          viewer &&
          !viewer.signedUp &&
          base.data?.demand.state === 'open' &&
          !viewer.isOwner ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message="你还没有报名这个需求"
              action={
                <Button
                  size="small"
                  type="primary"
                  loading={apply.isPending}
                  onClick={() =>
                    apply.mutate(chosen, {
                      onError: (err) =>
                        void message.error(err instanceof Error ? err.message : '操作失败！'),
                    })
                  }
                >
                  报名
                </Button>
              }
            />
          ) : null}
          {chosen && viewer && base.data && viewer.signedUp && !viewer.canSubmit ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={
                base.data.demand.state !== 'open'
                  ? '需求已截止或已关闭，不再接受报名和投稿'
                  : `每个需求最多投 ${DEMAND_MANUSCRIPTS_PER_DESIGNER} 份稿件`
              }
            />
          ) : null}
          <Form.Item label="稿件文件" extra="PNG 或 JPG，服务端按内容检查">
            <Upload
              listType="picture"
              accept="image/png,image/jpeg"
              maxCount={1}
              fileList={file ? [file] : []}
              onChange={({ file: f }) => setFile(f.status === 'removed' ? null : f)}
              customRequest={({ file: raw, onSuccess, onError, onProgress }) => {
                uploadPatternFile(raw as Blob, {
                  onProgress: (fraction) => onProgress?.({ percent: Math.round(fraction * 100) }),
                }).then(
                  (done) => onSuccess?.(done),
                  (err: unknown) => {
                    void message.error(err instanceof Error ? err.message : '上传失败');
                    onError?.(err instanceof Error ? err : new Error('上传失败'));
                  },
                );
              }}
            >
              <Button disabled={!viewer?.canSubmit}>选择文件</Button>
            </Upload>
          </Form.Item>
          <Form.Item label="稿件说明（选填）">
            <Input.TextArea
              aria-label="稿件说明"
              rows={3}
              maxLength={DEMAND_NOTE_MAX}
              showCount
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="配色、循环尺寸、可修改之处等"
            />
          </Form.Item>
          <Button
            type="primary"
            onClick={send}
            loading={submit.isPending}
            disabled={!viewer?.canSubmit || !uploaded}
          >
            提交稿件
          </Button>
        </Form>
      )}
    </div>
  );
}
