import { Image, Tag, Timeline } from 'antd';
import {
  COMPLAINT_ACTION_TITLES,
  COMPLAINT_ROLE_TITLES,
  COMPLAINT_STATE_TITLES,
} from '@shared/contract/complaints';
import type { ComplaintDetail, ComplaintState } from '@shared/contract/complaints';
import './complaints.css';

export const dateTime = (iso: string): string =>
  new Date(iso).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });

const STATE_COLOURS: Record<ComplaintState, string> = {
  pending: 'processing',
  need_info: 'warning',
  taken_down: 'error',
  countered: 'purple',
  restored: 'success',
  dismissed: 'default',
};

export function ComplaintStateTag({ state }: { state: ComplaintState }) {
  return <Tag color={STATE_COLOURS[state]}>{COMPLAINT_STATE_TITLES[state]}</Tag>;
}

/** The complaint's facts and every step, as both parties and admins read them. */
export function ComplaintLog({ detail }: { detail: ComplaintDetail }) {
  return (
    <div className="complaint-log">
      <dl className="complaint-log__facts">
        <dt>投诉编号</dt>
        <dd>{detail.refNo}</dd>
        <dt>被投诉作品</dt>
        <dd>《{detail.workTitle}》</dd>
        <dt>被侵犯的权利</dt>
        <dd>{detail.rights}</dd>
        <dt>当前状态</dt>
        <dd>
          <ComplaintStateTag state={detail.state} />
        </dd>
        {detail.ownWorkUrl ? (
          <>
            <dt>原作品链接</dt>
            <dd>
              <a href={detail.ownWorkUrl} target="_blank" rel="noopener noreferrer nofollow">
                {detail.ownWorkUrl}
              </a>
            </dd>
          </>
        ) : null}
        {detail.contact ? (
          <>
            <dt>联系方式</dt>
            <dd>{detail.contact}</dd>
          </>
        ) : null}
      </dl>
      <h4>处理记录</h4>
      <Timeline
        items={detail.events.map((e) => ({
          key: e.id,
          content: (
            <div className="complaint-log__event">
              <div>
                <strong>{COMPLAINT_ROLE_TITLES[e.actorRole]}</strong> ·{' '}
                {COMPLAINT_ACTION_TITLES[e.action]}
                <span className="complaint-log__time">{dateTime(e.createdAt)}</span>
              </div>
              {e.text ? <p className="complaint-log__text">{e.text}</p> : null}
              {e.files.length > 0 ? (
                <Image.PreviewGroup>
                  <div className="complaint-log__files">
                    {e.files.map((f) => (
                      <Image key={f.id} src={f.url} alt={f.name} width={72} height={72} />
                    ))}
                  </div>
                </Image.PreviewGroup>
              ) : null}
            </div>
          ),
        }))}
      />
    </div>
  );
}
