import { Alert, Button, Input, Pagination, Select, Skeleton, Space, Tag, Upload } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../components/load-state';
import { useFolkImageSearch, useFolkList, useFolkTags } from '../api/folk-works';
import { FOLK_PAGE_SIZE, folkSearchPath, readFolkSearch } from '../lib/folk-search-params';
import type { FolkSearchParams } from '../lib/folk-search-params';
import { FolkWorkGrid } from './folk-work-grid';

const CRAFTS = ['苗绣', '侗锦', '彝族漆器纹', '布依族蜡染'];
const PEOPLES = ['苗族', '侗族', '彝族', '布依族'];

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('图片读取失败，请重新选择'));
    reader.readAsDataURL(file);
  });

/** /southwestFolk/southwestParent/searchWorks: by words, tag, people and craft, or by a picture. */
export function FolkSearch() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = readFolkSearch(params);
  const [draft, setDraft] = useState(search.keyword);
  const tags = useFolkTags();
  const list = useFolkList({ ...search, pageSize: FOLK_PAGE_SIZE });
  const image = useFolkImageSearch();
  const [imageName, setImageName] = useState('');

  const go = (next: Partial<FolkSearchParams>) => {
    image.reset();
    void navigate(folkSearchPath({ ...search, pageIndex: 1, ...next }));
  };
  const searchByImage = async (file: File) => {
    setImageName(file.name);
    image.mutate({
      files: [{ name: file.name, data: await readDataUrl(file) }],
      ignoreColor: false,
    });
  };

  return (
    <div className="folk-search">
      <Space wrap className="folk-search__bar">
        <Input.Search
          aria-label="搜索基地作品"
          placeholder="搜索纹样、民族、工艺或产地，如 蝴蝶 铜鼓"
          allowClear
          enterButton="搜索"
          style={{ width: 420 }}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(value) => go({ keyword: value.trim() })}
        />
        <Upload
          accept=".jpg,.jpeg,.png,.webp,.bmp"
          showUploadList={false}
          beforeUpload={(file) => {
            void searchByImage(file);
            return false;
          }}
        >
          <Button icon={<PictureOutlined />}>以图搜图</Button>
        </Upload>
        <Select
          aria-label="民族"
          allowClear
          placeholder="民族"
          style={{ width: 120 }}
          value={search.people || undefined}
          options={PEOPLES.map((p) => ({ value: p, label: p }))}
          onChange={(value?: string) => go({ people: value ?? '' })}
        />
        <Select
          aria-label="工艺"
          allowClear
          placeholder="工艺"
          style={{ width: 140 }}
          value={search.craft || undefined}
          options={CRAFTS.map((c) => ({ value: c, label: c }))}
          onChange={(value?: string) => go({ craft: value ?? '' })}
        />
      </Space>
      <div className="folk-tags" aria-label="按标签筛选">
        <Tag.CheckableTag checked={!search.tagId} onChange={() => go({ tagId: undefined })}>
          全部
        </Tag.CheckableTag>
        {(tags.data ?? []).map((t) => (
          <Tag.CheckableTag
            key={t.id}
            checked={search.tagId === t.id}
            onChange={(on) => go({ tagId: on ? t.id : undefined })}
          >
            {t.name}（{t.count}）
          </Tag.CheckableTag>
        ))}
      </div>
      {image.isIdle ? (
        <WordResults list={list} search={search} go={go} />
      ) : (
        <section aria-label="以图搜图结果">
          <Space className="folk-search__image-head">
            <span>按图片「{imageName}」在基地作品中查找</span>
            <Button onClick={() => image.reset()}>返回文字检索</Button>
          </Space>
          {image.isPending ? <Skeleton active /> : null}
          {image.isError ? <Alert type="error" showIcon title={image.error.message} /> : null}
          {image.data ? (
            <FolkWorkGrid
              works={image.data.list}
              badge={(w) => {
                const hit = image.data.list.find((h) => h.id === w.id);
                return hit?.match === 'same' ? '同款' : '相似';
              }}
            />
          ) : null}
        </section>
      )}
    </div>
  );
}

function WordResults({
  list,
  search,
  go,
}: {
  list: ReturnType<typeof useFolkList>;
  search: FolkSearchParams;
  go: (next: Partial<FolkSearchParams>) => void;
}) {
  if (list.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (list.isError) return <LoadError title="作品检索失败" error={list.error} />;
  return (
    <section aria-label="检索结果">
      <p className="folk-search__total">共 {list.data.total} 件作品</p>
      <FolkWorkGrid works={list.data.list} />
      {list.data.total > FOLK_PAGE_SIZE ? (
        <Pagination
          className="folk-search__pages"
          current={search.pageIndex}
          pageSize={FOLK_PAGE_SIZE}
          total={list.data.total}
          showSizeChanger={false}
          onChange={(page) => go({ ...search, pageIndex: page })}
        />
      ) : null}
    </section>
  );
}
