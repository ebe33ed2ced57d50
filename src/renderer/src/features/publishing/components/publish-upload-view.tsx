import { Button, Card, Empty, Spin } from 'antd';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { usePatternFiles } from '../api/get-submit-creation-pic';
import './publishing.css';

/** /publishWork/upload: start from new files (single or batch) or from patterns uploaded before. */
export function PublishUploadView() {
  const files = usePatternFiles({ pageIndex: 1, pageSize: 24, unusedOnly: true });
  return (
    <div className="page-container publish-page">
      <header className="publish-page__header">
        <h2>上传作品</h2>
      </header>
      <div className="publish-upload__modes">
        <Card title="单张发布" size="small">
          <p>上传一张图案，逐项完善信息后提交审核。</p>
          <Link to={paths.publishWork}>
            <Button type="primary">单张发布</Button>
          </Link>
        </Card>
        <Card title="批量发布" size="small">
          <p>一次选择最多 50 张图案，填写共同信息，一键存为草稿或提交审核。</p>
          <Link to={paths.publishWorkBatch}>
            <Button type="primary">批量发布</Button>
          </Link>
        </Card>
      </div>
      <Card title="从我的花型中发布" size="small">
        {files.isLoading ? (
          <Spin />
        ) : (files.data?.list.length ?? 0) === 0 ? (
          <Empty description="没有未发布的花型" />
        ) : (
          <div className="pattern-grid">
            {files.data?.list.map((f) => (
              <article key={f.id} className="pattern-card" aria-label={`花型 ${f.id}`}>
                <div className="pattern-card__thumb">
                  {f.thumbUrl ? <img src={f.thumbUrl} alt={`花型 ${f.id}`} loading="lazy" /> : null}
                </div>
                <div className="pattern-card__actions">
                  <Link to={paths.publishWorkFromFile(f.fileKey)}>发布为作品</Link>
                </div>
              </article>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
