import {
  Alert,
  App,
  Button,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { MEMBER_TIERS, PACKAGE_LIMITS } from '@shared/contract/membership';
import type { AdminDosingPackage, AdminMemberPackage } from '@shared/contract/membership';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import {
  usePackageDesk,
  useSaveDosingPackage,
  useSaveMemberPackage,
  useSetPackageEnabled,
} from '../api/package-desk';
import './package-desk.css';

const EDIT_NOTE = '修改只影响之后的购买，已开通会员持有的权益和到期时间不变。';

const refusalOf = (err: unknown) => (err instanceof Error ? err.message : '操作失败');

/** The checks the server makes again: a name, the lengths. */
function textProblem(title: string, description: string): string {
  if (title.trim() === '') return '请填写名称';
  if ([...title.trim()].length > PACKAGE_LIMITS.titleMax) {
    return `名称不能超过 ${PACKAGE_LIMITS.titleMax} 个字`;
  }
  if ([...description.trim()].length > PACKAGE_LIMITS.descriptionMax) {
    return `说明不能超过 ${PACKAGE_LIMITS.descriptionMax} 个字`;
  }
  return '';
}

function PackageEditor({ pkg, onClose }: { pkg: AdminMemberPackage; onClose: () => void }) {
  const { message } = App.useApp();
  const save = useSaveMemberPackage();
  const [title, setTitle] = useState(pkg.title);
  const [price, setPrice] = useState(pkg.price);
  const [description, setDescription] = useState(pkg.description);
  const [counts, setCounts] = useState<Record<number, number | null>>(() =>
    Object.fromEntries(pkg.authList.map((a) => [a.authorityId, a.count])),
  );
  const [refusal, setRefusal] = useState('');
  const submit = async () => {
    const problem =
      textProblem(title, description) ||
      (Object.values(counts).some(
        (c) => c === null || !Number.isInteger(c) || c < 0 || c > PACKAGE_LIMITS.authCountMax,
      )
        ? `权益数量须为 0–${PACKAGE_LIMITS.authCountMax} 的整数`
        : '');
    setRefusal(problem);
    if (problem) return;
    try {
      await save.mutateAsync({
        id: pkg.id,
        title: title.trim(),
        price,
        description: description.trim(),
        auths: pkg.authList.map((a) => ({
          authorityId: a.authorityId,
          count: counts[a.authorityId] ?? 0,
        })),
      });
      message.success('套餐已保存');
      onClose();
    } catch (err) {
      setRefusal(refusalOf(err));
    }
  };
  return (
    <Modal
      title={`编辑套餐：${pkg.title}`}
      open
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Space orientation="vertical" size={12} className="package-editor">
        <label>
          <span>名称</span>
          <Input
            aria-label="名称"
            value={title}
            showCount
            maxLength={PACKAGE_LIMITS.titleMax}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <label>
          <span>价格档位</span>
          <Select<number>
            aria-label="价格档位"
            value={price}
            onChange={setPrice}
            options={MEMBER_TIERS.map((t) => ({
              value: t,
              label: `${t.toLocaleString('zh-CN')} 元/年`,
            }))}
          />
        </label>
        <label>
          <span>说明</span>
          <Input.TextArea
            aria-label="说明"
            value={description}
            rows={2}
            showCount
            maxLength={PACKAGE_LIMITS.descriptionMax}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        <div className="package-editor__auths">
          <span>权益项</span>
          {pkg.authList.map((a) => (
            <label key={a.authorityId}>
              <span>
                {a.title}（{a.unitName}
                {a.computeMode === 'fixed' ? '，一次性' : '/年'}）
              </span>
              <InputNumber<number>
                aria-label={`${a.title}数量`}
                min={0}
                max={PACKAGE_LIMITS.authCountMax}
                precision={0}
                value={counts[a.authorityId] ?? null}
                onChange={(v) => setCounts((c) => ({ ...c, [a.authorityId]: v }))}
              />
            </label>
          ))}
        </div>
        <p className="package-editor__note">{EDIT_NOTE}</p>
        {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
      </Space>
    </Modal>
  );
}

function PackEditor({ pack, onClose }: { pack: AdminDosingPackage; onClose: () => void }) {
  const { message } = App.useApp();
  const save = useSaveDosingPackage();
  const [title, setTitle] = useState(pack.title);
  const [priceYuan, setPriceYuan] = useState<number | null>(pack.priceFen / 100);
  const [count, setCount] = useState<number | null>(pack.count);
  const [description, setDescription] = useState(pack.description);
  const [refusal, setRefusal] = useState('');
  const submit = async () => {
    const priceFen = priceYuan === null ? 0 : Math.round(priceYuan * 100);
    const problem =
      textProblem(title, description) ||
      (priceFen < 1 || priceFen > PACKAGE_LIMITS.dosingPriceMaxYuan * 100
        ? `加量包价格须在 0.01–${PACKAGE_LIMITS.dosingPriceMaxYuan} 元之间`
        : '') ||
      (count === null ||
      !Number.isInteger(count) ||
      count < 1 ||
      count > PACKAGE_LIMITS.dosingCountMax
        ? `加量包数量须为 1–${PACKAGE_LIMITS.dosingCountMax} 的整数`
        : '');
    setRefusal(problem);
    if (problem || count === null) return;
    try {
      await save.mutateAsync({
        id: pack.id,
        title: title.trim(),
        priceFen,
        count,
        description: description.trim(),
      });
      message.success('加量包已保存');
      onClose();
    } catch (err) {
      setRefusal(refusalOf(err));
    }
  };
  return (
    <Modal
      title={`编辑加量包：${pack.title}`}
      open
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Space orientation="vertical" size={12} className="package-editor">
        <label>
          <span>名称</span>
          <Input
            aria-label="名称"
            value={title}
            showCount
            maxLength={PACKAGE_LIMITS.titleMax}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <label>
          <span>价格（元）</span>
          <InputNumber<number>
            aria-label="价格（元）"
            min={0}
            max={PACKAGE_LIMITS.dosingPriceMaxYuan}
            precision={2}
            value={priceYuan}
            onChange={setPriceYuan}
          />
        </label>
        <label>
          <span>
            数量（{pack.authTitle}，{pack.unitName}）
          </span>
          <InputNumber<number>
            aria-label="数量"
            min={0}
            max={PACKAGE_LIMITS.dosingCountMax}
            precision={0}
            value={count}
            onChange={setCount}
          />
        </label>
        <label>
          <span>说明</span>
          <Input.TextArea
            aria-label="说明"
            value={description}
            rows={2}
            showCount
            maxLength={PACKAGE_LIMITS.descriptionMax}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        <p className="package-editor__note">已购买的加量包额度不受影响。</p>
        {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
      </Space>
    </Modal>
  );
}

const stateTag = (enabled: boolean) =>
  enabled ? <Tag color="green">在售</Tag> : <Tag color="default">已停用</Tag>;

function EnableToggle({
  kind,
  id,
  enabled,
}: {
  kind: 'package' | 'dosing';
  id: number;
  enabled: boolean;
}) {
  const { message } = App.useApp();
  const toggle = useSetPackageEnabled();
  const run = async (next: boolean) => {
    try {
      await toggle.mutateAsync({ kind, id, enabled: next });
      message.success(next ? '已启用' : '已停用');
    } catch (err) {
      message.error(refusalOf(err));
    }
  };
  if (!enabled) {
    return (
      <Button size="small" loading={toggle.isPending} onClick={() => void run(true)}>
        启用
      </Button>
    );
  }
  return (
    <Popconfirm
      title="停用后不再展示、不能购买，已购买的不受影响。确定停用？"
      okText="停用"
      cancelText="取消"
      onConfirm={() => void run(false)}
    >
      <Button size="small" danger loading={toggle.isPending}>
        停用
      </Button>
    </Popconfirm>
  );
}

/** 会员套餐: the packages, their authority items' counts and the add-on packs, edited here. */
export function PackageDesk() {
  const desk = usePackageDesk();
  const [editing, setEditing] = useState<AdminMemberPackage | null>(null);
  const [editingPack, setEditingPack] = useState<AdminDosingPackage | null>(null);
  if (desk.isError) {
    return (
      <LoadError title="会员套餐加载失败" error={desk.error} onRetry={() => void desk.refetch()} />
    );
  }
  return (
    <>
      <h2>会员套餐</h2>
      <h3>套餐</h3>
      <Table<AdminMemberPackage>
        rowKey="id"
        loading={desk.isPending}
        dataSource={desk.data?.packages ?? []}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'title' },
          {
            title: '价格档位',
            dataIndex: 'price',
            render: (p: number) => `${p.toLocaleString('zh-CN')} 元/年`,
          },
          {
            title: '权益项',
            key: 'auths',
            render: (_, p) => (
              <ul className="package-desk__auths">
                {p.authList.map((a) => (
                  <li key={a.authorityId}>
                    {a.title} {a.count}
                    {a.unitName}
                    {a.computeMode === 'fixed' ? '' : '/年'}
                  </li>
                ))}
              </ul>
            ),
          },
          { title: '说明', dataIndex: 'description' },
          { title: '状态', dataIndex: 'enabled', render: stateTag },
          {
            title: '操作',
            key: 'actions',
            render: (_, p) => (
              <Space>
                <Button size="small" type="link" onClick={() => setEditing(p)}>
                  编辑
                </Button>
                <EnableToggle kind="package" id={p.id} enabled={p.enabled} />
              </Space>
            ),
          },
        ]}
      />
      <h3>加量包</h3>
      <Table<AdminDosingPackage>
        rowKey="id"
        loading={desk.isPending}
        dataSource={desk.data?.packs ?? []}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'title' },
          {
            title: '追加权益',
            key: 'auth',
            render: (_, p) => `${p.authTitle} +${p.count}${p.unitName}`,
          },
          { title: '价格', dataIndex: 'priceFen', render: (fen: number) => formatYuan(fen) },
          { title: '状态', dataIndex: 'enabled', render: stateTag },
          {
            title: '操作',
            key: 'actions',
            render: (_, p) => (
              <Space>
                <Button size="small" type="link" onClick={() => setEditingPack(p)}>
                  编辑
                </Button>
                <EnableToggle kind="dosing" id={p.id} enabled={p.enabled} />
              </Space>
            ),
          },
        ]}
      />
      {editing ? <PackageEditor pkg={editing} onClose={() => setEditing(null)} /> : null}
      {editingPack ? <PackEditor pack={editingPack} onClose={() => setEditingPack(null)} /> : null}
    </>
  );
}
