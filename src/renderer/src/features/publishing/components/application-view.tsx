import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Image,
  Input,
  Radio,
  Result,
  Segmented,
  Spin,
  Steps,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PHONE_PATTERN } from '@shared/contract/accounts';
import type { ApplicationKind, DesignerApplication } from '@shared/contract/settle-in';
import { checkCreditCode, checkIdNumber, checkRealName } from '@shared/rules/identity';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useIndustryInfo } from '../api/get-industry-info';
import { useShopApplyInfo } from '../api/get-shop-apply-info';
import { nickNameExists } from '../api/is-existence-nick-name';
import { useSubmitEnterpriseApply } from '../api/subit-enterprise';
import { useSubmitShopApply } from '../api/subit-shop-apply';
import { ImageKeysInput } from './image-keys-input';
import './publishing.css';

type ApplicationForm = {
  nickName: string;
  settledInType: 1 | 2;
  realName: string;
  idNumber: string;
  companyName: string;
  creditCode: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  industryIds: number[];
  intro: string;
  sampleFileKeys: string[];
  licenceFileKey: string[];
  agree: boolean;
};

const SETTLED_IN_TYPES = [
  { value: 1, label: '店铺', description: '自主定价，作品在您的店铺中销售' },
  { value: 2, label: '图库', description: '作品进入平台图库，由平台统一推广销售' },
];

/** A rule from a shared identity check (the server checks the same again). */
const identityRule =
  (check: (value: string) => { ok: true } | { ok: false; reason: string }) =>
  async (_: unknown, value: string | undefined) => {
    const result = check(value ?? '');
    if (!result.ok) throw new Error(result.reason);
  };

/** The answer of a reviewer, or the state of an application that waits. */
function ApplicationSummary({ application }: { application: DesignerApplication }) {
  return (
    <Descriptions
      size="small"
      column={2}
      items={[
        {
          key: 'kind',
          label: '入驻身份',
          children: application.kind === 'enterprise' ? '设计公司' : '个人设计师',
        },
        { key: 'nick', label: '昵称', children: application.nickName },
        {
          key: 'name',
          label: application.kind === 'enterprise' ? '公司' : '实名',
          children:
            application.kind === 'enterprise' ? application.companyName : application.realName,
        },
        {
          key: 'time',
          label: '提交时间',
          children: new Date(application.createdAt).toLocaleString('zh-CN', { hour12: false }),
        },
        {
          key: 'samples',
          label: '作品样例',
          span: 2,
          children: (
            <Image.PreviewGroup>
              {application.samples.map((s) => (
                <Image
                  key={s.fileKey}
                  width={72}
                  height={72}
                  src={s.thumbUrl}
                  preview={{ src: s.url }}
                  alt="作品样例"
                />
              ))}
            </Image.PreviewGroup>
          ),
        },
      ]}
    />
  );
}

/** A valid invitation code from /sign/{Code}: it pre-fills the form and fast-tracks the review. */
export type ApplicationInvitation = { code: string; inviteeName: string; inviteePhone: string };

function ApplicationFormCard({
  previous,
  verifiedName,
  invitation,
}: {
  previous: DesignerApplication | null;
  verifiedName: string;
  invitation?: ApplicationInvitation;
}) {
  const { message } = App.useApp();
  const [kind, setKind] = useState<ApplicationKind>(previous?.kind ?? 'personal');
  const [form] = Form.useForm<ApplicationForm>();
  const industries = useIndustryInfo();
  const personal = useSubmitShopApply();
  const enterprise = useSubmitEnterpriseApply();
  const verified = kind === 'personal' && verifiedName !== '';

  const submit = async (values: ApplicationForm) => {
    const common = {
      nickName: values.nickName.trim(),
      settledInType: values.settledInType,
      contactPhone: values.contactPhone,
      contactEmail: values.contactEmail?.trim() ?? '',
      industryIds: values.industryIds,
      intro: values.intro?.trim() ?? '',
      sampleFileKeys: values.sampleFileKeys,
      invitationCode: invitation?.code ?? '',
    };
    try {
      if (kind === 'personal') {
        await personal.mutateAsync({
          ...common,
          realName: verified ? '' : values.realName.trim(),
          idNumber: verified ? '' : values.idNumber.trim(),
        });
      } else {
        await enterprise.mutateAsync({
          ...common,
          companyName: values.companyName.trim(),
          creditCode: values.creditCode.trim(),
          contactName: values.contactName.trim(),
          licenceFileKey: values.licenceFileKey[0] ?? '',
        });
      }
      message.success('申请已提交，请等待审核');
    } catch (err) {
      message.error(err instanceof Error ? err.message : '提交失败');
    }
  };

  return (
    <Card className="apply-card">
      <Segmented
        block
        value={kind}
        onChange={(value) => setKind(value as ApplicationKind)}
        options={[
          { value: 'personal', label: '个人设计师' },
          { value: 'enterprise', label: '设计公司' },
        ]}
        style={{ marginBottom: 24 }}
      />
      {invitation ? (
        <Alert
          type="success"
          showIcon
          title={`您正在使用邀请码 ${invitation.code} 申请入驻`}
          description="提交后申请将优先审核；邀请码在提交成功时使用，每个邀请码只能使用一次。"
          style={{ marginBottom: 16 }}
        />
      ) : (
        <p className="apply-invite-link">
          收到了平台的签约邀请？<Link to={paths.sign}>输入签约邀请码</Link>，申请将优先审核。
        </p>
      )}
      <Form<ApplicationForm>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        initialValues={{
          nickName: previous?.nickName ?? '',
          settledInType: previous?.settledInType === 2 ? 2 : 1,
          companyName: previous?.companyName ?? '',
          creditCode: previous?.creditCode ?? '',
          realName: invitation?.inviteeName ?? '',
          contactName:
            previous?.kind === 'enterprise' ? previous.realName : (invitation?.inviteeName ?? ''),
          contactPhone: invitation?.inviteePhone || (previous?.contactPhone ?? ''),
          contactEmail: previous?.contactEmail ?? '',
          industryIds: previous?.industryIds ?? [],
          intro: previous?.intro ?? '',
          sampleFileKeys: [],
          licenceFileKey: [],
          agree: false,
        }}
      >
        <Form.Item
          name="nickName"
          label={kind === 'enterprise' ? '店铺名称' : '设计师昵称'}
          validateDebounce={400}
          rules={[
            { required: true, whitespace: true, message: '请填写昵称' },
            { min: 2, max: 20, message: '昵称为 2–20 个字符' },
            {
              validator: async (_, value: string | undefined) => {
                const name = value?.trim() ?? '';
                if (name.length < 2) return;
                if (await nickNameExists(name)) throw new Error('该昵称已被使用，请换一个');
              },
            },
          ]}
          extra="昵称即店铺/图库名称，全站唯一"
        >
          <Input maxLength={20} showCount />
        </Form.Item>
        <Form.Item name="settledInType" label="入驻类型">
          <Radio.Group>
            {SETTLED_IN_TYPES.map((t) => (
              <Radio key={t.value} value={t.value}>
                {t.label}
                <span className="apply-card__hint">{t.description}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {kind === 'personal' ? (
          verified ? (
            <Alert
              type="success"
              showIcon
              title={`已实名认证：${verifiedName}`}
              style={{ marginBottom: 16 }}
            />
          ) : (
            <>
              <Form.Item
                name="realName"
                label="真实姓名"
                rules={[
                  { required: true, message: '请填写真实姓名' },
                  { validator: identityRule(checkRealName) },
                ]}
              >
                <Input maxLength={40} autoComplete="name" />
              </Form.Item>
              <Form.Item
                name="idNumber"
                label="身份证号"
                rules={[
                  { required: true, message: '请填写身份证号' },
                  { validator: identityRule((v) => checkIdNumber(v)) },
                ]}
                extra="仅用于实名认证，页面与后台只显示打码后的号码"
              >
                <Input maxLength={18} autoComplete="off" />
              </Form.Item>
            </>
          )
        ) : (
          <>
            <Form.Item
              name="companyName"
              label="公司名称"
              rules={[{ required: true, whitespace: true, message: '请填写营业执照上的公司名称' }]}
            >
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item
              name="creditCode"
              label="统一社会信用代码"
              rules={[
                { required: true, message: '请填写统一社会信用代码' },
                { validator: identityRule(checkCreditCode) },
              ]}
            >
              <Input maxLength={18} />
            </Form.Item>
            <Form.Item
              name="contactName"
              label="联系人"
              rules={[{ required: true, whitespace: true, message: '请填写联系人姓名' }]}
            >
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item
              name="licenceFileKey"
              label="营业执照"
              rules={[{ required: true, type: 'array', min: 1, message: '请上传营业执照' }]}
            >
              <ImageKeysInput max={1} label="上传执照" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="contactPhone"
          label="联系电话"
          rules={[
            { required: true, message: '请填写联系电话' },
            { pattern: new RegExp(PHONE_PATTERN), message: '请填写 11 位手机号' },
          ]}
        >
          <Input maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item
          name="contactEmail"
          label="联系邮箱"
          rules={[{ type: 'email', message: '邮箱格式不正确' }]}
        >
          <Input maxLength={60} autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="industryIds"
          label="服务行业"
          rules={[{ required: true, type: 'array', min: 1, max: 5, message: '请选择 1–5 个行业' }]}
        >
          <Checkbox.Group
            options={(industries.data ?? []).map((i) => ({ value: i.id, label: i.title }))}
          />
        </Form.Item>
        <Form.Item name="intro" label={kind === 'enterprise' ? '公司简介' : '个人简介'}>
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder="擅长的风格、服务过的品牌、获奖经历等"
          />
        </Form.Item>
        <Form.Item
          name="sampleFileKeys"
          label="作品样例"
          extra="上传 1–12 张原创作品，审核人员据此评估；样例不会公开"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少上传 1 张作品样例' }]}
        >
          <ImageKeysInput max={12} label="上传样例" />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: async (_, v) => {
                if (!v) throw new Error('请阅读并同意设计师入驻协议');
              },
            },
          ]}
        >
          <Checkbox>
            我已阅读并同意<Link to={paths.agreement}>《设计师入驻协议》</Link>
            ，保证所传作品为本人（本公司）原创
          </Checkbox>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={personal.isPending || enterprise.isPending}
        >
          {previous ? '重新提交申请' : '提交申请'}
        </Button>
      </Form>
    </Card>
  );
}

const STEP_INDEX = { none: 0, rejected: 0, submitted: 1, settled: 2 } as const;

/** /application/spread: apply, see the state, read the reviewer's reason and apply again. */
export function ApplicationView({
  userId,
  invitation,
}: {
  userId: number;
  invitation?: ApplicationInvitation;
}) {
  const info = useShopApplyInfo();
  if (info.isError)
    return (
      <LoadError title="入驻信息加载失败" error={info.error} onRetry={() => void info.refetch()} />
    );
  if (!info.data) return <Spin size="large" className="route-spinner" />;
  const { settleState, application, verifiedName } = info.data;
  return (
    <div className="apply-page">
      <Steps
        current={STEP_INDEX[settleState]}
        status={settleState === 'rejected' ? 'error' : undefined}
        items={[{ title: '填写申请' }, { title: '平台审核' }, { title: '入驻成功' }]}
        style={{ marginBottom: 24 }}
      />
      {settleState === 'settled' ? (
        <Result
          status="success"
          title="您已入驻成功"
          subTitle="现在可以发布作品了，作品审核通过后会出现在您的店铺中"
          extra={[
            <Button
              type="primary"
              key="publish"
              onClick={() => window.open(paths.publishWork, '_blank', 'noopener')}
            >
              发布作品
            </Button>,
            <Link key="mine" to={paths.user.mywork}>
              <Button>作品管理</Button>
            </Link>,
            <Link key="gallery" to={paths.designerGallery(userId)}>
              <Button>我的店铺</Button>
            </Link>,
          ]}
        />
      ) : settleState === 'submitted' && application ? (
        <Card>
          <Result
            status="info"
            title="审核中"
            subTitle="平台会在 1–3 个工作日内完成审核，请留意站内通知"
          />
          <ApplicationSummary application={application} />
        </Card>
      ) : (
        <>
          {settleState === 'rejected' && application ? (
            <Alert
              type="error"
              showIcon
              title="申请未通过"
              description={`原因：${application.rejectReason}。修改后可重新提交申请。`}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <ApplicationFormCard
            previous={application}
            verifiedName={verifiedName}
            invitation={invitation}
          />
        </>
      )}
    </div>
  );
}
