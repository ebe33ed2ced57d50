import { Skeleton } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { absoluteUrl, useBasicInfo } from '../../../api/get-basic-info';
import './help.css';

const QR_SIZE_PX = 120;

/** /about 关于我们: what the platform is, and how to reach it (Support/GetBasicInfo). */
export function AboutPage() {
  return (
    <article className="about-page">
      <h1>关于纹样</h1>
      <p>
        纹样是一个可授权图案作品的交易平台。原创设计师在这里发布花型、纹样与图案作品，面料、家纺、服装、包装等企业在这里找到合适的图案，按使用品类和期限获得正版授权。
      </p>
      <h2>我们为谁服务</h2>
      <ul>
        <li>
          <strong>买家与企业</strong>
          ：按风格、品类、颜色或以图搜图找到图案，选择素材授权或品类独家授权，在线签署授权合同，下载原图与可核验的交易凭证、版权证书。
        </li>
        <li>
          <strong>设计师与设计公司</strong>
          ：入驻后发布原创作品，每一笔授权按订单金额的 70% 计入收益，结算后可提现到本人银行卡。
        </li>
      </ul>
      <h2>我们的原则</h2>
      <ul>
        <li>版权归设计师所有，平台只撮合授权，每份授权都有合同和校验码可查；</li>
        <li>独家授权在约定品类和期限内只卖一次，先付款者得；</li>
        <li>发现侵权可以随时投诉，平台会比对证据并记录每一步处理。</li>
      </ul>
      <p>
        想了解更多，请阅读 <Link to={paths.help}>帮助中心</Link>、
        <Link to={paths.helpCenter}>设计师帮助中心</Link> 和{' '}
        <Link to={paths.agreement}>平台协议</Link>。
      </p>
      <ContactBlock />
    </article>
  );
}

/** 联系我们: 在线咨询, 客服热线, service hours and the two QR codes, from the server's configuration. */
export function ContactBlock() {
  const info = useBasicInfo();
  if (info.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (info.isError) {
    return (
      <LoadError title="联系方式加载失败" error={info.error} onRetry={() => void info.refetch()} />
    );
  }
  const { hotline, hours, consultationPath, miniProgramUrl, officialAccountUrl } = info.data;
  return (
    <section className="about-page__contact" aria-label="联系我们">
      <div>
        <h2>联系我们</h2>
        <p>
          <Link className="about-page__consult" to={consultationPath}>
            在线咨询
          </Link>
        </p>
        <p>
          客服热线：<a href={`tel:${hotline.replace(/[^\d+]/g, '')}`}>{hotline}</a>
        </p>
        <p>服务时间：{hours}</p>
      </div>
      <div className="about-page__qrs">
        <figure>
          <QRCodeSVG
            value={absoluteUrl(miniProgramUrl)}
            size={QR_SIZE_PX}
            marginSize={1}
            title="小程序二维码"
          />
          <figcaption>小程序</figcaption>
        </figure>
        <figure>
          <QRCodeSVG
            value={absoluteUrl(officialAccountUrl)}
            size={QR_SIZE_PX}
            marginSize={1}
            title="公众号二维码"
          />
          <figcaption>公众号</figcaption>
        </figure>
      </div>
    </section>
  );
}
