import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Empty, Modal, Progress, Select, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PatternFile } from '@shared/contract/patterns';
import {
  PATTERN_FILE,
  WORK_LIMITS,
  WORK_STATUS_TITLES,
  checkPatternFile,
  fitBatch,
} from '@shared/rules/publishing';
import { paths } from '../../../config/paths';
import { useDeletePatternGroupCall } from '../api/delete-pattern-group';
import { usePatternGroups } from '../api/get-pattern-groups';
import { usePatternFiles } from '../api/get-submit-creation-pic';
import { useSavePatternGroupCall } from '../api/save-pattern-group';
import { useMovePatternFiles } from '../api/set-pattern-group';
import { uploadPatternFile } from '../../../api/upload-pattern-file';
import { GroupNav } from './group-nav';
import { PagedList } from './paged-list';
import './publishing.css';

const PAGE_SIZE = 24;

function PatternCard({
  file,
  checked,
  onCheck,
  settled,
}: {
  file: PatternFile;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  settled: boolean;
}) {
  return (
    <article className="pattern-card" aria-label={`花型 ${file.id}`}>
      <Checkbox
        className="pattern-card__check"
        checked={checked}
        onChange={(e) => onCheck(e.target.checked)}
        aria-label={`选择花型 ${file.id}`}
      />
      <div className="pattern-card__thumb">
        {file.thumbUrl ? <img src={file.thumbUrl} alt={`花型 ${file.id}`} loading="lazy" /> : null}
      </div>
      <div className="pattern-card__meta">
        {file.width}×{file.height} · {file.format.toUpperCase()}
      </div>
      <div className="pattern-card__actions">
        {file.workId !== null && file.workStatus ? (
          <>
            <Tag>{WORK_STATUS_TITLES[file.workStatus]}</Tag>
            <Link to={paths.publishWorkEdit(file.workId)} target="_blank">
              查看作品
            </Link>
          </>
        ) : settled ? (
          <Link to={paths.publishWorkFromFile(file.fileKey)} target="_blank">
            发布为作品
          </Link>
        ) : (
          <Link to={paths.applicationSpread}>入驻后可发布</Link>
        )}
      </div>
    </article>
  );
}

/** /user/myPattern: the files I uploaded (local uploads), in my own groups. */
export function MyPatternView({ settled }: { settled: boolean }) {
  const { message } = App.useApp();
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const [unusedOnly, setUnusedOnly] = useState(false);
  const [pageIndex, setPageIndex] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [moveTo, setMoveTo] = useState<number | null | undefined>(undefined);
  const groups = usePatternGroups();
  const files = usePatternFiles({
    pageIndex,
    pageSize: PAGE_SIZE,
    ...(groupId !== undefined ? { groupId } : {}),
    ...(unusedOnly ? { unusedOnly } : {}),
  });
  const saveGroup = useSavePatternGroupCall();
  const deleteGroup = useDeletePatternGroupCall();
  const move = useMovePatternFiles();
  const list = files.data?.list ?? [];

  const pick = (id: number | undefined) => {
    setGroupId(id);
    setPageIndex(1);
    setSelected([]);
  };
  const submitMove = async () => {
    if (moveTo === undefined) return;
    try {
      await move.mutateAsync({ ids: selected, fileKeys: [], groupId: moveTo });
      message.success(`已移动 ${selected.length} 个花型`);
      setSelected([]);
      setMoveTo(undefined);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '移动失败');
    }
  };

  return (
    <div className="my-work-page">
      <header className="my-work-page__header">
        <h2>我的花型</h2>
        <Space>
          <Link to={paths.user.myPatternLocalUpload}>本地上传（桌面客户端）</Link>
          <Link to={paths.user.myPatternUpload}>
            <Button type="primary" icon={<UploadOutlined />}>
              上传花型
            </Button>
          </Link>
        </Space>
      </header>
      <div className="my-work-page__layout">
        <GroupNav
          noun="分组"
          title="分组"
          ariaLabel="花型分组"
          fixed={[
            { key: 'all', label: '全部', active: groupId === undefined },
            {
              key: 'none',
              label: '未分组',
              count: groups.data?.ungrouped ?? 0,
              active: groupId === 0,
            },
          ]}
          onFixed={(key) => pick(key === 'all' ? undefined : 0)}
          groups={(groups.data?.groups ?? []).map((g) => ({
            id: g.id,
            name: g.name,
            count: g.fileCount,
          }))}
          selectedId={groupId}
          onSelect={pick}
          nameMax={WORK_LIMITS.classifyNameMax}
          saving={saveGroup.isPending}
          onSave={async (g) => {
            await saveGroup.mutateAsync(g);
          }}
          onDelete={async (g) => {
            await deleteGroup.mutateAsync({ id: g.id });
            if (groupId === g.id) pick(undefined);
          }}
          deleteNote="分组中的花型回到未分组。"
        />
        <section className="my-work-page__main">
          <div className="my-work-page__bulk" role="toolbar" aria-label="批量操作">
            <Checkbox
              checked={list.length > 0 && selected.length === list.length}
              onChange={(e) => setSelected(e.target.checked ? list.map((f) => f.id) : [])}
            >
              全选
            </Checkbox>
            <Button size="small" disabled={selected.length === 0} onClick={() => setMoveTo(null)}>
              移至分组
            </Button>
            <Checkbox
              checked={unusedOnly}
              onChange={(e) => {
                setUnusedOnly(e.target.checked);
                setPageIndex(1);
              }}
            >
              只看未发布
            </Checkbox>
          </div>
          <PagedList
            query={files}
            errorTitle="花型加载失败"
            empty={<Empty description="还没有花型：上传的图案文件会保存在这里" />}
            pageIndex={pageIndex}
            pageSize={PAGE_SIZE}
            onPageChange={setPageIndex}
          >
            <div className="pattern-grid">
              {list.map((f) => (
                <PatternCard
                  key={f.id}
                  file={f}
                  settled={settled}
                  checked={selected.includes(f.id)}
                  onCheck={(on) =>
                    setSelected((prev) => (on ? [...prev, f.id] : prev.filter((id) => id !== f.id)))
                  }
                />
              ))}
            </div>
          </PagedList>
        </section>
      </div>
      <Modal
        title="移至分组"
        open={moveTo !== undefined}
        onCancel={() => setMoveTo(undefined)}
        onOk={() => void submitMove()}
        destroyOnHidden
      >
        <Select
          style={{ width: '100%' }}
          aria-label="目标分组"
          value={moveTo}
          onChange={(value: number | null) => setMoveTo(value)}
          options={[
            { value: null, label: '未分组' },
            ...(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
      </Modal>
    </div>
  );
}

type UploadItem = { name: string; progress: number; error: string | null; done: boolean };

/** /user/myPattern/upload (and uploadDialog): upload pattern files into my patterns, optionally a group. */
export function PatternUploadView() {
  const { message } = App.useApp();
  const groups = usePatternGroups();
  const move = useMovePatternFiles();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [items, setItems] = useState<UploadItem[]>([]);

  const patchItem = (index: number, patch: Partial<UploadItem>) =>
    setItems((prev) => prev.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  const take = async (files: File[]) => {
    const { accepted, message: note } = fitBatch(0, files.length);
    if (note) message.warning(note);
    const start = items.length;
    const chosen = files.slice(0, accepted);
    const names = new Set<string>();
    setItems((prev) => [
      ...prev,
      ...chosen.map((f) => {
        const problem = checkPatternFile(f, names);
        names.add(f.name);
        return { name: f.name, progress: 0, error: problem, done: false };
      }),
    ]);
    const uploaded: string[] = [];
    for (const [offset, file] of chosen.entries()) {
      const index = start + offset;
      if (checkPatternFile(file)) continue;
      try {
        const stored = await uploadPatternFile(file, {
          onProgress: (progress) => patchItem(index, { progress }),
        });
        patchItem(index, { done: true, progress: 1 });
        uploaded.push(stored.fileKey);
      } catch (err) {
        patchItem(index, { error: err instanceof Error ? err.message : '上传失败' });
      }
    }
    if (groupId !== null && uploaded.length > 0) {
      try {
        await move.mutateAsync({ ids: [], fileKeys: uploaded, groupId });
      } catch (err) {
        message.error(err instanceof Error ? err.message : '移入分组失败');
      }
    }
    if (uploaded.length > 0) message.success(`已上传 ${uploaded.length} 个花型`);
  };

  return (
    <div className="my-work-page">
      <header className="my-work-page__header">
        <h2>上传花型</h2>
        <Link to={paths.user.myPattern}>返回我的花型</Link>
      </header>
      <Space style={{ marginBottom: 12 }}>
        <span>上传到分组</span>
        <Select
          style={{ width: 200 }}
          value={groupId}
          aria-label="上传到分组"
          onChange={(value: number | null) => setGroupId(value)}
          options={[
            { value: null, label: '未分组' },
            ...(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
      </Space>
      <Upload.Dragger
        accept={PATTERN_FILE.accept}
        multiple
        showUploadList={false}
        beforeUpload={(file, fileList) => {
          if (file === fileList[0]) void take(fileList);
          return false;
        }}
      >
        <p className="ant-upload-text">点击或拖入图案文件，一次最多 {PATTERN_FILE.maxFiles} 张</p>
        <p className="ant-upload-hint">上传后保存在“我的花型”，入驻设计师可随时发布为作品</p>
      </Upload.Dragger>
      <ul className="pattern-upload-list" aria-label="上传进度">
        {items.map((item, i) => (
          <li key={`${item.name}-${i}`}>
            <span className="pattern-upload-list__name">{item.name}</span>
            {item.error ? (
              <span className="batch-file__error" role="alert">
                {item.error}
              </span>
            ) : (
              <Progress
                percent={Math.round(item.progress * 100)}
                size="small"
                status={item.done ? 'success' : 'active'}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
