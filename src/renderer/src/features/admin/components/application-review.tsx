import { Button, Descriptions, Image, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import type { AdminApplicationRow } from '@shared/contract/admin';
import type { ApplicationState } from '@shared/contract/settle-in';
import { LoadError } from '../../../components/load-state';
import { useApplicationDetail } from '../api/get-application-detail';
import { useApplicationList } from '../api/get-application-list';
import { useReviewApplicationCall } from '../api/review-application';
import { ReasonDialog } from './reason-dialog';
import { REVIEW_PAGE_SIZE, ReviewQueue, reviewTime as time, useDecision } from './review-queue';

const STATE_TABS: { key: ApplicationState; title: string }[] = [
  { key: 'submitted', title: '待审核' },
  { key: 'approved', title: '已通过' },
  { key: 'rejected', title: '未通过' },
];

const REJECT_PRESETS = [
  '作品样例数量不足，请补充至少 3 张原创作品',
  '样例疑似非原创，请上传本人原创作品',
  '昵称不符合规范，请修改后重新申请',
  '营业执照信息与填写的公司不一致',
];

function ApplicationDetail({ id, onDone }: { id: number; onDone: () => void }) {
  const detail = useApplicationDetail({ id });
  const review = useReviewApplicationCall();
  const decision = useDecision();
  const [rejecting, setRejecting] = useState(false);

  const decide = async (approve: boolean, reason = '') => {
    const done = await decision(
      () => review.mutateAsync({ id, approve, reason }),
      approve ? '已通过，申请人已成为入驻设计师' : '已驳回，申请人会看到原因',
    );
    if (!done) return;
    setRejecting(false);
    onDone();
  };

  if (detail.isError)
    return (
      <LoadError title="申请加载失败" error={detail.error} onRetry={() => void detail.refetch()} />
    );
  if (!detail.data) return <Spin />;
  const { application: a, applicant, verification, history } = detail.data;
  return (
    <>
      <Descriptions
        size="small"
        column={2}
        items={[
          {
            key: 'kind',
            label: '身份',
            children: a.kind === 'enterprise' ? '设计公司' : '个人设计师',
          },
          { key: 'nick', label: '昵称', children: a.nickName },
          { key: 'type', label: '入驻类型', children: a.settledInType === 2 ? '图库' : '店铺' },
          {
            key: 'state',
            label: '状态',
            children: STATE_TABS.find((t) => t.key === a.state)?.title,
          },
          ...(a.kind === 'enterprise'
            ? [
                { key: 'company', label: '公司', children: a.companyName },
                { key: 'code', label: '信用代码', children: a.creditCode },
                { key: 'contact', label: '联系人', children: a.realName },
              ]
            : [
                { key: 'name', label: '实名', children: a.realName },
                { key: 'id', label: '身份证号', children: a.idNumberMasked },
              ]),
          {
            key: 'verify',
            label: '实名认证',
            children: verification ? (
              <Tag color={verification.status === 'verified' ? 'success' : 'error'}>
                {verification.status === 'verified' ? '通过' : '未通过'}（{verification.provider}）
              </Tag>
            ) : (
              '—'
            ),
          },
          { key: 'phone', label: '联系电话', children: a.contactPhone },
          { key: 'email', label: '邮箱', children: a.contactEmail || '—' },
          { key: 'industries', label: '行业', children: a.industryTitles.join('、') },
          {
            key: 'account',
            label: '账号',
            children: `${applicant.userName}（彩虹号 ${applicant.caiHongID}，${applicant.phoneMasked}）`,
          },
          { key: 'registered', label: '注册时间', children: time(applicant.registeredAt) },
          { key: 'submitted', label: '提交时间', children: time(a.createdAt) },
          { key: 'intro', label: '简介', span: 2, children: a.intro || '—' },
          ...(a.rejectReason
            ? [{ key: 'reason', label: '驳回原因', span: 2, children: a.rejectReason }]
            : []),
        ]}
      />
      <h3 className="admin-section-title">作品样例（{a.samples.length}）</h3>
      <Image.PreviewGroup>
        <div className="admin-samples">
          {a.samples.map((s) => (
            <Image
              key={s.fileKey}
              width={160}
              height={160}
              src={s.thumbUrl}
              preview={{ src: s.url }}
              alt="作品样例"
            />
          ))}
        </div>
      </Image.PreviewGroup>
      {a.licence ? (
        <>
          <h3 className="admin-section-title">营业执照</h3>
          <Image
            width={220}
            src={a.licence.thumbUrl}
            preview={{ src: a.licence.url }}
            alt="营业执照"
          />
        </>
      ) : null}
      {history.length > 0 ? (
        <>
          <h3 className="admin-section-title">历史申请</h3>
          <ul className="admin-history">
            {history.map((h) => (
              <li key={h.id}>
                {time(h.createdAt)} · {STATE_TABS.find((t) => t.key === h.state)?.title}
                {h.rejectReason ? ` · ${h.rejectReason}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {a.state === 'submitted' ? (
        <Space className="admin-decision">
          <Button type="primary" loading={review.isPending} onClick={() => void decide(true)}>
            通过
          </Button>
          <Button danger onClick={() => setRejecting(true)}>
            驳回
          </Button>
        </Space>
      ) : null}
      <ReasonDialog
        open={rejecting}
        title="驳回入驻申请"
        placeholder="写明原因，申请人会看到并据此修改"
        presets={REJECT_PRESETS}
        confirmLoading={review.isPending}
        onCancel={() => setRejecting(false)}
        onConfirm={(reason) => void decide(false, reason)}
      />
    </>
  );
}

/** /admin/applications: settle-in applications, their samples, approve or reject with a reason. */
export function ApplicationReview() {
  const [state, setState] = useState<ApplicationState>('submitted');
  const [pageIndex, setPageIndex] = useState(1);
  const list = useApplicationList({ pageIndex, pageSize: REVIEW_PAGE_SIZE, state });
  return (
    <ReviewQueue<AdminApplicationRow, ApplicationState>
      title="入驻审核"
      noun="申请"
      tabs={STATE_TABS}
      state={state}
      onStateChange={(next) => {
        setState(next);
        setPageIndex(1);
      }}
      list={list}
      pageIndex={pageIndex}
      onPageChange={setPageIndex}
      awaitsDecision={(r) => r.state === 'submitted'}
      columns={[
        {
          title: '昵称',
          key: 'nickName',
          render: (_, r) => (
            <>
              {r.nickName}
              {r.invited ? <Tag color="gold">受邀</Tag> : null}
            </>
          ),
        },
        {
          title: '身份',
          key: 'kind',
          render: (_, r) => (r.kind === 'enterprise' ? '设计公司' : '个人设计师'),
        },
        { title: '实名/公司', dataIndex: 'applicantName' },
        { title: '手机', dataIndex: 'phoneMasked' },
        { title: '样例', dataIndex: 'sampleCount', width: 70 },
        { title: '提交时间', key: 'createdAt', render: (_, r) => time(r.createdAt) },
      ]}
      drawerTitle="入驻申请"
      drawerSize={760}
      renderDetail={(id, close) => <ApplicationDetail id={id} onDone={close} />}
    />
  );
}
