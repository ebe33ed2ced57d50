import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Radio, Spin, Switch, Tag } from 'antd';
import type { DesktopDownloadsCalls, DownloadSettings } from '@shared/bridge';
import {
  DEFAULT_DOWNLOAD_NAME_RULE,
  DOWNLOAD_NAME_RULES,
  DOWNLOAD_NAME_RULE_TITLES,
  downloadFileName,
} from '@shared/rules/download-name';
import type { DownloadNameRule } from '@shared/rules/download-name';
import { PageHeader } from '../../../components/page-header';
import { useDownloadNameStore } from '../stores/download-name-store';
import './download-settings.css';

/** The file the examples name: what a buyer sees before choosing. */
const SAMPLE = { workId: 123, title: '青花缠枝莲', orderNo: 'LS202611240001', extension: 'tif' };

const errorText = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

type NameRuleCardProps = {
  value: DownloadNameRule;
  onChange: (rule: DownloadNameRule) => void;
  disabled?: boolean;
};

function NameRuleCard({ value, onChange, disabled }: NameRuleCardProps) {
  return (
    <Card size="small" title="文件命名">
      <Radio.Group
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as DownloadNameRule)}
        options={DOWNLOAD_NAME_RULES.map((rule) => ({
          value: rule,
          label: `${DOWNLOAD_NAME_RULE_TITLES[rule]}${rule === DEFAULT_DOWNLOAD_NAME_RULE ? '（默认）' : ''}`,
        }))}
      />
      <p className="download-settings__example">
        当前：{DOWNLOAD_NAME_RULE_TITLES[value]}，例如{' '}
        <code>{downloadFileName(value, SAMPLE)}</code>
      </p>
    </Card>
  );
}

/** The browser: the browser chooses the folder; the page keeps the naming rule on this computer. */
function BrowserDownloadSettings() {
  const { message } = App.useApp();
  const nameRule = useDownloadNameStore((s) => s.nameRule);
  const setNameRule = useDownloadNameStore((s) => s.setNameRule);
  const reset = useDownloadNameStore((s) => s.reset);
  return (
    <>
      <Alert
        type="info"
        showIcon
        title="授权原图保存到浏览器的下载位置"
        description="更改保存位置请在浏览器的下载设置中修改；使用纹样桌面版可直接选择文件夹。"
      />
      <NameRuleCard
        value={nameRule}
        onChange={(rule) => {
          setNameRule(rule);
          message.success('下载设置已保存');
        }}
      />
      <Button
        onClick={() => {
          reset();
          message.success('已恢复默认设置');
        }}
      >
        恢复默认
      </Button>
    </>
  );
}

const SETTINGS_KEY = ['desktop', 'download-settings'] as const;

/** The desktop: the folder comes from the native picker, settings live in the main process. */
function DesktopDownloadSettings({ desktop }: { desktop: DesktopDownloadsCalls }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => desktop.getSettings() });
  const change = useMutation({
    mutationFn: (run: () => Promise<DownloadSettings | null>) => run(),
    onSuccess: (next) => {
      if (next) queryClient.setQueryData(SETTINGS_KEY, next);
    },
  });
  const apply = async (run: () => Promise<DownloadSettings | null>, done: string) => {
    try {
      if (await change.mutateAsync(run)) message.success(done);
    } catch (err) {
      message.error(errorText(err, '下载设置保存失败'));
    }
  };

  if (settings.isError)
    return (
      <Alert type="error" showIcon title="下载设置读取失败" description={settings.error.message} />
    );
  if (!settings.data) return <Spin className="route-spinner" />;
  const { folder, folderIsDefault, nameRule, closeToTray } = settings.data;
  return (
    <>
      <Card
        size="small"
        title="保存位置"
        extra={
          <Button
            type="primary"
            size="small"
            loading={change.isPending}
            onClick={() => void apply(() => desktop.chooseFolder(), '保存位置已更改')}
          >
            更改文件夹
          </Button>
        }
      >
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="授权原图保存到">
            <code data-testid="download-folder">{folder}</code>{' '}
            {folderIsDefault ? <Tag>默认：系统下载文件夹</Tag> : null}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <NameRuleCard
        value={nameRule}
        disabled={change.isPending}
        onChange={(rule) =>
          void apply(() => desktop.setSettings({ nameRule: rule }), '下载设置已保存')
        }
      />
      <Card size="small" title="窗口">
        <label className="download-settings__switch">
          <Switch
            checked={closeToTray}
            disabled={change.isPending}
            onChange={(checked) =>
              void apply(() => desktop.setSettings({ closeToTray: checked }), '设置已保存')
            }
          />{' '}
          关闭窗口时最小化到托盘
        </label>
        <p className="download-settings__example">
          开启后关闭窗口，纹样留在系统托盘继续上传；从托盘菜单可暂停、继续上传或退出。
        </p>
      </Card>
      <Button
        disabled={change.isPending}
        onClick={() => void apply(() => desktop.resetSettings(), '已恢复默认设置')}
      >
        恢复默认
      </Button>
    </>
  );
}

type DownloadSettingsViewProps = {
  /** The desktop's download settings, or undefined in the browser. */
  desktop?: DesktopDownloadsCalls;
};

/** /download/setting (下载设置): where licensed originals are saved and how they are named. */
export function DownloadSettingsView({ desktop }: DownloadSettingsViewProps) {
  return (
    <div className="download-settings">
      <PageHeader title="下载设置" subtitle="购买授权后下载的原图按这里的设置保存和命名。" />
      <div className="download-settings__body">
        {desktop ? <DesktopDownloadSettings desktop={desktop} /> : <BrowserDownloadSettings />}
      </div>
    </div>
  );
}
