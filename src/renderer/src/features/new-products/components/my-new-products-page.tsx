import { App, Button, Empty, Input, Modal, Popconfirm, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { NEW_PRODUCT_TITLE_MAX } from '@shared/contract/new-products';
import type { NewProduct } from '@shared/contract/new-products';
import { Pager } from '../../../components/grid-pager';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useDeleteNewProduct, useMyNewProducts, useRenameNewProduct } from '../api/new-products';
import { designQuery } from '../lib/design-query';
import { NewProductCard } from './new-product-card';
import './new-products.css';

function RenameDialog({ product, onClose }: { product: NewProduct; onClose: () => void }) {
  const { message } = App.useApp();
  const [title, setTitle] = useState(product.title);
  const rename = useRenameNewProduct();
  return (
    <Modal
      open
      title="重命名新品"
      okText="保存"
      confirmLoading={rename.isPending}
      onCancel={onClose}
      onOk={() =>
        rename.mutate(
          { id: product.id, title },
          {
            onSuccess: () => {
              void message.success('已重命名');
              onClose();
            },
            onError: (err) => void message.error(err.message),
          },
        )
      }
    >
      <Input
        aria-label="新品名称"
        value={title}
        maxLength={NEW_PRODUCT_TITLE_MAX}
        onChange={(e) => setTitle(e.target.value)}
      />
    </Modal>
  );
}

/** The actions every 新品 has: download, 再次生成, rename, delete. */
export function NewProductActions({
  product,
  onRename,
}: {
  product: NewProduct;
  onRename: (p: NewProduct) => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const remove = useDeleteNewProduct();
  return (
    <>
      <a href={product.downloadUrl} download>
        {product.watermarked ? '下载预览图' : '下载'}
      </a>
      <Button
        type="link"
        size="small"
        onClick={() =>
          void navigate(
            `${paths.designIndex}?${designQuery({
              workId: product.source.workId,
              fileKey: product.source.fileKey,
              settings: product.settings,
            })}`,
          )
        }
      >
        再次生成
      </Button>
      <Button type="link" size="small" onClick={() => onRename(product)}>
        重命名
      </Button>
      <Popconfirm
        title={`删除「${product.title}」？`}
        description="删除后图片不可恢复"
        okText="删除"
        cancelText="取消"
        onConfirm={() =>
          remove.mutate(product.id, {
            onSuccess: () => void message.success('已删除'),
            onError: (err) => void message.error(err.message),
          })
        }
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </>
  );
}

/** /user/myTemplate 我的新品: the signed-in user's mock-ups, newest first. */
export function MyNewProductsPage() {
  const [page, setPage] = useState(1);
  const [renaming, setRenaming] = useState<NewProduct | null>(null);
  const list = useMyNewProducts(page);
  const create = <Link to={paths.designIndex}>去生成新品</Link>;
  return (
    <div className="np-page">
      <PageHeader title="我的新品" subtitle="用花型生成的产品效果图" extra={create} />
      {list.isError ? (
        <LoadError title="新品加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.data.total === 0 ? (
        <Empty description="还没有新品">{create}</Empty>
      ) : (
        <>
          <ul className="np-grid" aria-label="我的新品">
            {list.data.list.map((p) => (
              <NewProductCard key={p.id} product={p}>
                <NewProductActions product={p} onRename={setRenaming} />
              </NewProductCard>
            ))}
          </ul>
          <Pager
            current={page}
            pageSize={12}
            total={list.data.total}
            totalText={`共 ${list.data.total} 件新品`}
            onChange={setPage}
          />
        </>
      )}
      {renaming ? <RenameDialog product={renaming} onClose={() => setRenaming(null)} /> : null}
    </div>
  );
}
