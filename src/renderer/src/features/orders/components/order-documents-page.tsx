import {
  CheckCircleFilled,
  DownloadOutlined,
  FilePdfOutlined,
  FormOutlined,
} from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Skeleton, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import type { OrderDetail } from '@shared/contract/orders';
import { MSG } from '@shared/messages';
import { formatYuan } from '@shared/rules/money';
import { useUserInfo } from '../../../api/get-user-info';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import type { SaveOriginal } from '../../../lib/save-original';
import { useContractLink } from '../api/get-contract-link';
import { useCopyrightCertificate } from '../api/get-copyright-certificate';
import { useOrder } from '../api/get-order';
import { useTradeCertificate } from '../api/get-trade-certificate';
import { useDownloadOriginal } from '../api/get-user-img-auth';
import { useSignContract } from '../api/update-contract-sign-status';
import { openDocument } from '../lib/download-file';
import type { OrderKind } from '../lib/order-kind';
import { ORDER_KINDS } from '../lib/order-kind';
import './orders.css';

type OrderDocumentsPageProps = {
  kind: OrderKind;
  orderNo: string;
  /** Saves the licensed original under the download settings (downloads feature, given by the app). */
  saveOriginal: SaveOriginal;
};

/** A button that asks for a document link and opens the PDF in a new tab. */
function DocumentButton({
  label,
  query,
  orderNo,
}: {
  label: string;
  query: UseMutationResult<{ url: string }, Error, string>;
  orderNo: string;
}) {
  const { message } = App.useApp();
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={query.isPending}
      onClick={() =>
        query.mutate(orderNo, {
          onSuccess: (doc) => openDocument(doc.url),
          onError: (err) => void message.error(err.message || MSG.operationFailed),
        })
      }
    >
      {label}
    </Button>
  );
}

/** /purchaseOrder/contract (授权合同) and /materialOrder/proof (授权凭证): a paid order's documents. */
export function OrderDocumentsPage({ kind, orderNo, saveOriginal }: OrderDocumentsPageProps) {
  const order = useOrder(orderNo);
  const title = ORDER_KINDS[kind].documentsTitle;
  return (
    <div className="order-page">
      <PageHeader title={title} subtitle={`订单号：${orderNo}`} />
      {order.isError ? (
        <LoadError title="订单加载失败" error={order.error} onRetry={() => void order.refetch()} />
      ) : order.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <OrderDocuments kind={kind} order={order.data} saveOriginal={saveOriginal} />
      )}
    </div>
  );
}

function OrderDocuments({
  kind,
  order,
  saveOriginal,
}: {
  kind: OrderKind;
  order: OrderDetail;
  saveOriginal: SaveOriginal;
}) {
  const { message, modal } = App.useApp();
  const userInfo = useUserInfo();
  const original = useDownloadOriginal(saveOriginal);
  const contract = useContractLink();
  const trade = useTradeCertificate();
  const copyright = useCopyrightCertificate();
  const sign = useSignContract();
  const paid = order.state === 'paid' || order.state === 'authorised';

  if (!paid) {
    return (
      <Alert
        type="info"
        showIcon
        title={`订单${order.stateTitle}，支付成功后可查看${ORDER_KINDS[kind].documentsTitle}`}
        action={
          order.state === 'pending' ? (
            <Link to={ORDER_KINDS[kind].step(2, order.orderNo)}>
              <Button type="primary">继续支付</Button>
            </Link>
          ) : undefined
        }
      />
    );
  }

  const signer = order.contractSigner || userInfo.data?.userName || '';
  const confirmSign = () =>
    void modal.confirm({
      title: '签署授权合同',
      content: (
        <>
          <p>
            签署人：<strong>{signer || '当前账号'}</strong>
          </p>
          <p>签署人为实名认证的姓名或企业。签署后合同生效，订单变为已授权。</p>
        </>
      ),
      okText: '确认签署',
      cancelText: '取消',
      onOk: () =>
        sign.mutateAsync(order.orderNo).then(
          () => void message.success('合同已签署'),
          (err: Error) => void message.error(err.message || MSG.operationFailed),
        ),
    });

  return (
    <>
      <section className="order-panel" aria-label="订单信息">
        <div className="order-work">
          {order.thumbUrl ? <img src={serverUrl(order.thumbUrl)} alt={order.title} /> : null}
          <div>
            <p className="order-work__title">
              <Link to={paths.workDetail(order.creationId)}>{order.title}</Link>
            </p>
            <div className="order-work__meta">设计师：{order.designerName}</div>
          </div>
        </div>
        <Descriptions
          size="small"
          column={2}
          bordered
          items={[
            { key: 'no', label: '订单号', children: order.orderNo },
            { key: 'state', label: '订单状态', children: order.stateTitle },
            { key: 'licence', label: '授权方式', children: order.licenceTitle },
            {
              key: 'categories',
              label: '使用品类',
              children: order.categories.map((c) => c.title).join('、') || '—',
            },
            { key: 'keywords', label: '授权用途', children: order.keywords.join('、') || '—' },
            { key: 'key', label: '自定义标识', children: order.customKey || '—' },
            { key: 'term', label: '授权年限', children: `${order.termYears} 年` },
            {
              key: 'period',
              label: '授权期',
              children: (
                <span data-testid="licence-period">
                  {order.licenceStart} 至 {order.licenceEnd}
                </span>
              ),
            },
            { key: 'amount', label: '订单金额', children: formatYuan(order.amountFen) },
            { key: 'channel', label: '支付方式', children: order.payChannelTitle || '—' },
            {
              key: 'paidAt',
              label: '支付时间',
              children: order.paidAt ? dayjs(order.paidAt).format('YYYY-MM-DD HH:mm') : '—',
            },
            ...(kind === 'purchase'
              ? [
                  {
                    key: 'signed',
                    label: '合同状态',
                    children: order.contractSigned ? (
                      <Tag color="success" icon={<CheckCircleFilled />}>
                        已签署{order.contractSigner ? `（${order.contractSigner}）` : ''}
                      </Tag>
                    ) : (
                      <Tag color="warning">未签署</Tag>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </section>
      <section className="order-panel" aria-label="授权文件">
        <h3>授权文件</h3>
        <Space wrap>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!order.canDownload}
            loading={original.isPending}
            onClick={() =>
              original.mutate(
                { workId: order.creationId, title: order.title, orderNo: order.orderNo },
                { onError: (err) => void message.error(err.message || MSG.operationFailed) },
              )
            }
          >
            下载原图
          </Button>
          <DocumentButton label="授权合同" query={contract} orderNo={order.orderNo} />
          <DocumentButton label="交易凭证" query={trade} orderNo={order.orderNo} />
          <DocumentButton label="版权证书" query={copyright} orderNo={order.orderNo} />
          {kind === 'purchase' && !order.contractSigned ? (
            <Button icon={<FormOutlined />} loading={sign.isPending} onClick={confirmSign}>
              签署合同
            </Button>
          ) : null}
        </Space>
        {!order.canDownload ? (
          <p className="order-panel__hint">授权期已结束，原图不再提供下载</p>
        ) : null}
      </section>
    </>
  );
}
