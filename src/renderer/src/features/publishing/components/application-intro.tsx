import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import './publishing.css';

const BENEFITS = [
  { title: '授权即收益', text: '作品按品类独家或素材授权售出，每笔销售您获得 70% 的收入' },
  { title: '版权有保障', text: '上传即存证，发布前查重，盗图与抄袭作品会被拦截' },
  { title: '买家直达', text: '面向工厂、贸易商、电商与品牌方，作品被精准推荐与搜索' },
  { title: '批量发布', text: '网页一次上传 50 张，桌面客户端监视文件夹自动上传' },
];

const STEPS = [
  '注册并登录',
  '填写入驻申请与实名认证',
  '平台 1–3 个工作日审核',
  '发布作品，审核后上架销售',
];

/** /application and the top of /application/spread: why and how to settle in. */
export function ApplicationIntro({ action }: { action?: ReactNode }) {
  return (
    <section className="apply-intro" aria-label="设计师入驻">
      <div className="apply-intro__hero">
        <h1>设计师入驻</h1>
        <p>个人设计师与设计公司均可入驻纹样，开设店铺或图库，让原创图案被更多企业授权使用。</p>
        {action}
      </div>
      <div className="apply-intro__benefits">
        {BENEFITS.map((b) => (
          <Card key={b.title} size="small" title={b.title}>
            {b.text}
          </Card>
        ))}
      </div>
      <ol className="apply-intro__steps">
        {STEPS.map((s, i) => (
          <li key={s}>
            <span className="apply-intro__step-no">{i + 1}</span>
            {s}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The call to action of the intro. */
export function ApplyButton({
  onClick,
  label = '立即入驻',
}: {
  onClick: () => void;
  label?: string;
}) {
  return (
    <Button type="primary" size="large" onClick={onClick}>
      {label}
    </Button>
  );
}
