import { CheckCircleFilled, DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HEADER_TYPE } from '@shared/constants';
import type { LicenceOption } from '@shared/contract/works';
import { formatYuan } from '@shared/rules/money';
import { useRequireLogin } from '../../../components/use-require-login';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { useSessionStore } from '../../../stores/session-store';
import { useEmpowerOptions } from '../api/get-empower-options';
import { useOrderCodeByCreationId } from '../api/get-order-code-by-creation-id';
import { useUserImgAuth } from '../api/get-user-img-auth';
import './works.css';

type LicenceTableProps = {
  creationId: number;
  /** 3 category exclusive (→ /purchaseOrder), else materials (→ /materialOrder). */
  headerType: number;
  licences: readonly LicenceOption[];
};

/** Starts a browser download of a signed server URL through an <a download>. */
function downloadFile(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = serverUrl(url);
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** 下载原图: asks for a signed link to the original and downloads it. */
function DownloadOriginalButton({ creationId }: { creationId: number }) {
  const { message } = App.useApp();
  const auth = useUserImgAuth();
  return (
    <Button
      type="primary"
      icon={<DownloadOutlined />}
      loading={auth.isPending}
      onClick={() =>
        auth.mutate(creationId, {
          onSuccess: (file) => downloadFile(file.url, file.fileName),
          onError: (err) => void message.error(err.message),
        })
      }
    >
      下载原图
    </Button>
  );
}

/**
 * The licence options of a work, their prices and the action on each: 立即授权 (guests are asked to
 * sign in first), 已授权 + 下载原图 for a running licence, 继续支付 for a pending order.
 */
export function LicenceTable({ creationId, headerType, licences }: LicenceTableProps) {
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const options = useEmpowerOptions(creationId);
  const orderCode = useOrderCodeByCreationId(creationId, signedIn);
  const exclusive = headerType === HEADER_TYPE.categoryExclusive;
  const code = signedIn ? orderCode.data : undefined;

  const licenceIdOf = (kind: string) =>
    options.data?.options.find((o) => o.kind === kind)?.licenceId;
  const order = (kind: string) => {
    if (!requireLogin()) return;
    const licenceId = licenceIdOf(kind);
    void navigate(
      exclusive
        ? paths.purchaseOrderFor(creationId, licenceId)
        : paths.materialOrderFor(creationId, licenceId),
    );
  };
  const continueHref = (orderNo: string) =>
    exclusive ? paths.purchaseOrderStep(2, orderNo) : paths.materialOrderStep(2, orderNo);

  return (
    <>
      {code?.canDownload ? (
        <div className="licence-owned" data-testid="licence-owned" style={{ marginBottom: 12 }}>
          <Space wrap>
            <Tag color="success" icon={<CheckCircleFilled />}>
              已授权
            </Tag>
            <DownloadOriginalButton creationId={creationId} />
          </Space>
        </div>
      ) : null}
      <Table<LicenceOption>
        className="licence-table"
        size="middle"
        rowKey="kind"
        pagination={false}
        dataSource={[...licences]}
        locale={{ emptyText: '暂无授权方式' }}
        columns={[
          { title: '授权方式', dataIndex: 'title', width: 130 },
          { title: '授权范围', dataIndex: 'scope' },
          {
            title: '价格',
            dataIndex: 'priceFen',
            align: 'right',
            width: 110,
            render: (fen: number) => <span className="licence-price">{formatYuan(fen)}</span>,
          },
          {
            title: '操作',
            key: 'action',
            align: 'center',
            width: 110,
            render: (_: unknown, licence) =>
              code?.state === 'pending' && code.orderNo && !code.canDownload ? (
                <Button
                  type="primary"
                  ghost
                  onClick={() => void navigate(continueHref(code.orderNo))}
                >
                  继续支付
                </Button>
              ) : (
                <Button type="primary" onClick={() => order(licence.kind)}>
                  立即授权
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
