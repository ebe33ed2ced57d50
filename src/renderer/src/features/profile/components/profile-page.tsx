import { Alert, Button, Card, Descriptions, Spin, message } from 'antd';
import { useState } from 'react';
import type { DeletionState } from '@shared/contract/profile';
import { DELETION_COOLING_OFF_DAYS } from '@shared/rules/profile';
import { LoadError } from '../../../components/load-state';
import { downloadText } from '../../../lib/csv';
import { useExportMyData } from '../api/export-my-data';
import { useProfile } from '../api/get-profile';
import { AvatarEditor } from './avatar-editor';
import { DeletionDialog } from './deletion-dialog';
import { NicknameForm } from './nickname-form';
import { PasswordForm } from './password-form';
import { PhoneChangeDialog } from './phone-change-dialog';
import './profile.css';

type ProfilePageProps = {
  /** After a deletion request every session has ended: sign out here and leave the user centre. */
  onDeletionRequested: (state: DeletionState) => void;
};

/** /user/user 个人资料: avatar, nickname, phone, password, the personal-data copy and 注销账号. */
export function ProfilePage({ onDeletionRequested }: ProfilePageProps) {
  const profile = useProfile();
  const exporter = useExportMyData();
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [deletionOpen, setDeletionOpen] = useState(false);

  const download = async (caiHongID: string) => {
    try {
      const data = await exporter.mutateAsync();
      const day = new Date().toISOString().slice(0, 10);
      downloadText(
        `纹样个人信息-${caiHongID}-${day}.json`,
        JSON.stringify(data, null, 2),
        'application/json;charset=utf-8',
      );
      void message.success('个人信息副本已开始下载');
    } catch {
      // Shown below.
    }
  };

  if (profile.isError) {
    return (
      <LoadError
        title="个人资料加载失败"
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  const me = profile.data;
  if (!me) return <Spin />;
  return (
    <div className="profile-page">
      <h1 className="profile-title">个人资料</h1>
      <Card title="头像" size="small" className="profile-card">
        <AvatarEditor current={me.headImg} />
      </Card>
      <Card title="基本信息" size="small" className="profile-card">
        <Descriptions column={1} size="small">
          <Descriptions.Item label="彩虹号">{me.caiHongID}</Descriptions.Item>
          <Descriptions.Item label="账号类型">
            {me.isEnterprise ? '企业' : '个人'}
          </Descriptions.Item>
        </Descriptions>
        <NicknameForm key={me.userName} current={me.userName} />
      </Card>
      <Card title="账号安全" size="small" className="profile-card">
        <div className="profile-row">
          <span>手机号：{me.phoneMasked || '未绑定'}</span>
          <Button onClick={() => setPhoneOpen(true)} disabled={!me.phoneMasked}>
            更换手机号
          </Button>
        </div>
        <PasswordForm />
      </Card>
      <Card title="个人信息下载" size="small" className="profile-card">
        <p className="profile-hint">
          依据《个人信息保护法》，您可以下载纹样保存的与您有关的全部个人信息副本（JSON
          文件）：账号与资料、订单、发票、收藏、作品、入驻申请、余额与流水、协议同意记录、消息等。
        </p>
        {exporter.isError ? <Alert type="error" showIcon title={exporter.error.message} /> : null}
        <Button loading={exporter.isPending} onClick={() => void download(me.caiHongID)}>
          下载我的数据
        </Button>
      </Card>
      <Card title="注销账号" size="small" className="profile-card">
        <p className="profile-hint">
          注销后个人资料将被清除且无法恢复；提交后有 {DELETION_COOLING_OFF_DAYS}{' '}
          天冷静期，期间登录可撤销。
        </p>
        <Button danger onClick={() => setDeletionOpen(true)}>
          注销账号
        </Button>
      </Card>
      <PhoneChangeDialog
        open={phoneOpen}
        phoneMasked={me.phoneMasked}
        onClose={() => setPhoneOpen(false)}
      />
      <DeletionDialog
        open={deletionOpen}
        onClose={() => setDeletionOpen(false)}
        onRequested={(state) => {
          setDeletionOpen(false);
          onDeletionRequested(state);
        }}
      />
    </div>
  );
}
