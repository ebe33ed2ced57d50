import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { searchNavigationState } from '../../../lib/search-origin';
import { usePicBatchRunner } from '../hooks/use-pic-batch-runner';
import { downloadCsv, picBatchCsv } from '../lib/pic-batch-csv';
import { IMAGE_SEARCH_TEXT as TEXT } from '../lib/image-search-text';
import { searchUploadCountProblem } from '../lib/image-upload-files';
import { useImageSearchStore } from '../store/image-search-store';
import type { PicBatchRow, PicBatchStatus } from '../store/pic-batch-store';
import { usePicBatchStore } from '../store/pic-batch-store';
import { ImageDropZone } from './image-drop-zone';
import './image-search.css';

const STATUS_LABEL: Record<PicBatchStatus, string> = {
  waiting: TEXT.statusWaiting,
  searching: TEXT.statusSearching,
  done: TEXT.statusDone,
  failed: TEXT.statusFailed,
};
const STATUS_COLOR: Record<PicBatchStatus, string> = {
  waiting: 'default',
  searching: 'processing',
  done: 'success',
  failed: 'error',
};

/** The status as the page and the CSV say it: 失败 carries its message. */
const statusText = (row: PicBatchRow): string =>
  row.status === 'failed' && row.message
    ? `${STATUS_LABEL.failed}：${row.message}`
    : STATUS_LABEL[row.status];

/** An absolute link to a work, for a spreadsheet opened anywhere. */
const workLink = (id: number): string =>
  new URL(serverUrl(paths.workDetail(id)), window.location.href).href;

/**
 * /search/picBatch (批量搜图): one row per file — thumbnail, name, 等待中/搜索中/完成/失败 and the
 * best three matches — searched two at a time with an overall progress bar, and 导出CSV.
 */
export function PicBatchPage() {
  const rows = usePicBatchStore((s) => s.rows);
  const start = usePicBatchStore((s) => s.start);
  const clear = usePicBatchStore((s) => s.clear);
  const setImage = useImageSearchStore((s) => s.setImage);
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  usePicBatchRunner();

  const choose = (files: File[]) => {
    const problem = searchUploadCountProblem(files, 'multi');
    if (problem) message.error(problem);
    else start(files);
  };

  if (rows.length === 0) {
    return (
      <div className="page-container pic-batch">
        <PageHeader title={TEXT.batchTitle} />
        <ImageDropZone mode="multi" pasteAnywhere title={TEXT.batchEmpty} onFiles={choose} />
      </div>
    );
  }

  const finished = rows.filter((r) => r.status === 'done' || r.status === 'failed').length;
  const running = finished < rows.length;
  const exportCsv = () =>
    downloadCsv(
      `批量搜图-${dayjs().format('YYYYMMDD-HHmm')}.csv`,
      picBatchCsv(
        rows.map((r) => ({ fileName: r.name, status: statusText(r), matches: r.matches })),
        workLink,
      ),
    );
  const openResults = (row: PicBatchRow) => {
    if (!row.query) return;
    setImage(row.query);
    void navigate(paths.picSearch, { state: searchNavigationState(location) });
  };

  return (
    <div className="page-container pic-batch">
      <PageHeader
        title={TEXT.batchTitle}
        subtitle={TEXT.batchSubtitle(rows.length)}
        extra={
          <>
            <Button icon={<ReloadOutlined />} onClick={clear}>
              {TEXT.batchPick}
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={finished === 0}
              onClick={exportCsv}
            >
              {TEXT.exportCsv}
            </Button>
          </>
        }
      />
      <Progress
        className="pic-batch__progress"
        percent={Math.round((finished / rows.length) * 100)}
        status={running ? 'active' : 'success'}
        format={() => `${finished}/${rows.length}`}
        aria-label={TEXT.batchProgress}
      />
      <table className="pic-batch__table">
        <thead>
          <tr>
            <th scope="col">{TEXT.batchFile}</th>
            <th scope="col">{TEXT.batchStatus}</th>
            <th scope="col">{TEXT.batchMatches}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="pic-batch-row" data-status={row.status}>
              <td className="pic-batch__file">
                <div className="pic-batch__file-inner">
                  {row.thumbUrl ? (
                    <img src={row.thumbUrl} alt="" className="pic-batch__thumb" />
                  ) : null}
                  <span className="pic-batch__name" title={row.name}>
                    {row.name}
                  </span>
                </div>
              </td>
              <td className="pic-batch__status">
                <Tag color={STATUS_COLOR[row.status]}>{STATUS_LABEL[row.status]}</Tag>
                {row.status === 'failed' && row.message ? (
                  <span className="pic-batch__message" role="alert">
                    {row.message}
                  </span>
                ) : null}
              </td>
              <td>
                {row.status === 'done' && row.matches.length === 0 ? (
                  <span className="pic-batch__none">{TEXT.batchNoMatch}</span>
                ) : (
                  <ul className="pic-batch__matches">
                    {row.matches.map((hit) => (
                      <li key={hit.id}>
                        <Link to={paths.workDetail(hit.id)} className="pic-batch__match">
                          <img src={serverUrl(hit.thumbUrl)} alt="" loading="lazy" />
                          <Tag color={hit.match === 'same' ? 'red' : 'blue'}>
                            {hit.match === 'same' ? TEXT.same : TEXT.similar}
                          </Tag>
                          <span>{hit.title}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
                {row.status === 'done' && row.query && (row.total ?? 0) > row.matches.length ? (
                  <Button type="link" size="small" onClick={() => openResults(row)}>
                    {TEXT.batchOpen}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
