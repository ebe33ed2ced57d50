import { CheckCircleFilled, DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HEADER_TYPE } from '@shared/constants';
import type { LicenceOption } from '@shared/contract/works';
import { formatYuan } from '@shared/rules/money';
import { useRequireLogin } from '../../../components/use-require-login';
import { paths } from '../../../config/paths';
import type { SaveOriginal } from '../../../lib/save-original';
import { useSessionStore } from '../../../stores/session-store';
import { useEmpowerOptions } from '../api/get-empower-options';
import { useOrderCodeByCreationId } from '../api/get-order-code-by-creation-id';
import { useDownloadOriginal } from '../api/get-user-img-auth';
import './works.css';

type LicenceTableProps = {
  creationId: number;
  /** The work's name, which names the saved original. */
  title: string;
  /** 3 category exclusive (→ /purchaseOrder), else materials (→ /materialOrder). */
  headerType: number;
  licences: readonly LicenceOption[];
  /** Saves the licensed original where the download settings say (given by the app). */
  saveOriginal: SaveOriginal;
};

type DownloadOriginalButtonProps = {
  creationId: number;
  title: string;
  orderNo: string;
  saveOriginal: SaveOriginal;
};

/** 下载原图: asks for a signed link to the original and saves it under the download settings. */
function DownloadOriginalButton({
  creationId,
  title,
  orderNo,
  saveOriginal,
}: DownloadOriginalButtonProps) {
  const { message } = App.useApp();
  const download = useDownloadOriginal(saveOriginal);
  return (
    <Button
      type="primary"
      icon={<DownloadOutlined />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(
          { workId: creationId, title, orderNo },
          { onError: (err) => void message.error(err.message) },
        )
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
export function LicenceTable({
  creationId,
  title,
  headerType,
  licences,
  saveOriginal,
}: LicenceTableProps) {
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
            <DownloadOriginalButton
              creationId={creationId}
              title={title}
              orderNo={code.orderNo}
              saveOriginal={saveOriginal}
            />
          </Space>
        </div>
      ) : null}
      {/* A plain table in antd's look: antd Table (with Tree, Select and Pagination) was ~35 KiB gz of
          the work page's first load (docs/fast-pages.md). */}
      <div className="licence-table">
        <table>
          <colgroup>
            <col style={{ width: 130 }} />
            <col />
            <col style={{ width: 110 }} />
            <col style={{ width: 110 }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">授权方式</th>
              <th scope="col">授权范围</th>
              <th scope="col" className="licence-table__right">
                价格
              </th>
              <th scope="col" className="licence-table__center">
                操作
              </th>
            </tr>
          </thead>
          <tbody>
            {licences.length === 0 ? (
              <tr>
                <td colSpan={4} className="licence-table__empty">
                  暂无授权方式
                </td>
              </tr>
            ) : (
              licences.map((licence) => (
                <tr key={licence.kind}>
                  <td>{licence.title}</td>
                  <td>{licence.scope}</td>
                  <td className="licence-table__right">
                    <span className="licence-price">{formatYuan(licence.priceFen)}</span>
                  </td>
                  <td className="licence-table__center">
                    {code?.state === 'pending' && code.orderNo && !code.canDownload ? (
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
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
