import { App, Button, Empty, InputNumber, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MyWorkItem } from '@shared/contract/publishing';
import { WORK_LIMITS } from '@shared/rules/publishing';
import { formatYuan } from '@shared/rules/money';
import { paths } from '../../../config/paths';
import { useMyCreations } from '../api/get-my-creations';
import { useUpdateMaterialPrice } from '../api/update-source-material-price';
import './publishing.css';

const PAGE_SIZE = 20;

/**
 * /user/mywork/material: my material works and their material price (UpdateSourceMaterialPrice).
 * `standalone` is the price page the desktop opens (/publishWork/conponents/price): no way back.
 */
export function MaterialView({ standalone = false }: { standalone?: boolean }) {
  const { message } = App.useApp();
  const [pageIndex, setPageIndex] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [price, setPrice] = useState<number | null>(null);
  const works = useMyCreations({ pageIndex, pageSize: PAGE_SIZE, headerType: 4 });
  const update = useUpdateMaterialPrice();

  const apply = async (ids: number[], yuan: number | null) => {
    if (yuan === null || yuan * 100 < WORK_LIMITS.priceMinFen) {
      message.warning('请填写不低于 ¥1 的价格');
      return;
    }
    try {
      const { updated } = await update.mutateAsync({ ids, priceFen: Math.round(yuan * 100) });
      message.success(`已更新 ${updated} 件素材的价格`);
      setSelected([]);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '修改失败');
    }
  };

  return (
    <div className="my-work-page">
      <header className="my-work-page__header">
        <h2>{standalone ? '素材价格' : '素材管理'}</h2>
        {standalone ? null : <Link to={paths.user.mywork}>返回作品管理</Link>}
      </header>
      <Space className="my-work-page__bulk">
        <span>已选 {selected.length} 件，统一设置素材价格</span>
        <InputNumber
          prefix="¥"
          min={1}
          precision={2}
          value={price}
          onChange={setPrice}
          aria-label="素材价格"
        />
        <Button
          type="primary"
          disabled={selected.length === 0}
          loading={update.isPending}
          onClick={() => void apply(selected, price)}
        >
          应用到所选
        </Button>
      </Space>
      <Table<MyWorkItem>
        rowKey="id"
        loading={works.isLoading}
        dataSource={works.data?.list ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        locale={{ emptyText: <Empty description="还没有素材作品：发布时选择“素材”授权方式即可" /> }}
        pagination={{
          current: pageIndex,
          pageSize: PAGE_SIZE,
          total: works.data?.total ?? 0,
          onChange: setPageIndex,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: '作品',
            key: 'work',
            render: (_, w) => (
              <Space>
                {w.thumbUrl ? <img className="batch-thumb" src={w.thumbUrl} alt={w.title} /> : null}
                <span>{w.title}</span>
              </Space>
            ),
          },
          {
            title: '状态',
            key: 'status',
            width: 100,
            render: (_, w) => <Tag>{w.statusTitle}</Tag>,
          },
          { title: '销量', dataIndex: 'saleCount', width: 80 },
          { title: '素材价格', key: 'price', width: 120, render: (_, w) => formatYuan(w.priceFen) },
          {
            title: '改价',
            key: 'edit',
            width: 200,
            render: (_, w) => (
              <InputNumber
                prefix="¥"
                min={1}
                precision={2}
                aria-label={`${w.title} 的新价格`}
                placeholder="新价格，回车保存"
                onPressEnter={(e) => {
                  const value = Number((e.target as HTMLInputElement).value.replace(/[^\d.]/g, ''));
                  void apply([w.id], Number.isFinite(value) ? value : null);
                }}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

/** /user/mywork/contribute: manuscripts sent to custom-pattern demands (they arrive with demands). */
export function ContributeView() {
  return (
    <div className="my-work-page">
      <header className="my-work-page__header">
        <h2>投稿作品</h2>
        <Link to={paths.user.mywork}>返回作品管理</Link>
      </header>
      <Empty description="还没有投稿：参与图案定制需求后，投稿的作品会显示在这里">
        <Link to={paths.demand}>
          <Button type="primary">去看看图案定制</Button>
        </Link>
      </Empty>
    </div>
  );
}
