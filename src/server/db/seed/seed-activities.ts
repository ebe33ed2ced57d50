import type { Kysely } from 'kysely';
import { svgToPng } from './seed-render-cache';
import type { AppDeps } from '../../deps';
import { chinaDay, chinaDayStartMs } from '../../platform/china-time';
import { publicUrl } from '../../platform/storage/storage';
import type { Database } from '../schema';
import { seedMarkerSet, setSeedMarker } from './seed-marker';

// Demo activities and invitation codes (docs/activities.md): one designer contest running from a
// week before the first start to two months after it, one sign-up that has ended, and two
// invitation codes for trying /sign: WYQHXZ26 (anyone, valid 90 days) and WYHZZZ37 (only the demo
// buyer 13700000001 杭州织造厂, no expiry). Its own marker, so databases seeded earlier get it too.

const ACTIVITIES_SEED_MARKER = 'activities_seed_version';
const ACTIVITIES_SEED_VERSION = '1';
const DAY_MS = 24 * 60 * 60 * 1000;

export const DEMO_INVITATION_CODES = {
  open: 'WYQHXZ26',
  forDemoBuyer: 'WYHZZZ37',
  demoBuyerPhone: '13700000001',
} as const;

const CONTEST_RULES = `## 大赛主题
以“东方纹样·当代生活”为题，为**床品、服装面料、墙纸墙布**创作可连续拼接的花型。传统题材（缠枝、回纹、青花、云纹）与当代表达（几何、抽象、水彩）都欢迎。

## 参赛方式
1. 在本页点击“立即参加”完成报名（每个账号报名一次即可）；
2. 报名后在“发布作品”上传参赛作品，标题以【春夏大赛】开头；
3. 每人最多提交 5 件作品，须为本人原创、未在其他平台独家授权。

## 作品要求
- 格式为 PNG 或 JPG，单边不少于 3000 像素，300 dpi 为佳；
- 四方连续作品请确保上下左右无缝拼接；
- 作品须通过纹样的常规作品审核，涉嫌抄袭的作品将取消参赛资格。

## 评选与奖励
| 奖项 | 名额 | 奖励 |
| --- | --- | --- |
| 金奖 | 1 | 奖金 8000 元 + 首页推荐一个月 |
| 银奖 | 3 | 奖金 3000 元 + 专题页推荐 |
| 铜奖 | 10 | 奖金 1000 元 |
| 人气奖 | 20 | 一年 VIP 会员 |

评审由平台设计顾问与合作品牌买手共同完成，结果在活动结束后 15 个工作日内公布，并以站内通知告知获奖设计师。奖金在获奖公布后通过“提现”账户发放，按国家规定代扣个人所得税。

## 版权说明
参赛作品的著作权归作者所有。获奖作品在纹样平台正常上架销售，作者按平台分成规则获得授权收益。`;

const SIGNUP_RULES = `## 活动说明
新入驻设计师首月上传作品，可获得平台首页“新锐设计师”栏目曝光，并由运营同事一对一指导定价与标签填写。

## 参与条件
- 已完成设计师入驻（个人设计师或设计公司）；
- 活动期间发布并通过审核的作品不少于 10 件。

## 注意事项
活动已结束，曝光名单已在首页“新锐设计师”栏目公布。感谢每一位参与的设计师。`;

/** Cover art without text: the title is laid over it as HTML, so no CJK font is needed here. */
async function coverImage(from: string, to: string): Promise<Buffer> {
  const petals = Array.from({ length: 18 }, (_, i) => {
    const x = (i % 9) * 140 + 60;
    const y = i < 9 ? 80 : 260;
    return `<g transform="translate(${x} ${y}) rotate(${i * 20})" opacity="0.16" fill="white">${[
      0, 72, 144, 216, 288,
    ]
      .map((a) => `<ellipse rx="14" ry="34" transform="rotate(${a}) translate(0 -30)"/>`)
      .join('')}</g>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="340">
<defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="340" fill="url(#g)"/>${petals}</svg>`;
  return svgToPng(svg);
}

/** The China calendar day `days` after the one of `ms`, as the instant it starts. */
const dayStart = (ms: number, days: number): string =>
  new Date((chinaDayStartMs(chinaDay(ms)) ?? ms) + days * DAY_MS).toISOString();

export async function seedActivities(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  now: number = Date.now(),
): Promise<void> {
  const db: Kysely<Database> = deps.db;
  if (await seedMarkerSet(db, ACTIVITIES_SEED_MARKER)) return;
  const contestKey = 'public/activities/seed-spring-contest.png';
  const signupKey = 'public/activities/seed-newcomer-signup.png';
  await deps.storage.put(contestKey, await coverImage('#b8324a', '#e8a33d'), 'image/png');
  await deps.storage.put(signupKey, await coverImage('#1f5f8b', '#5fb3a1'), 'image/png');
  const at = new Date(now).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('activities')
      .values([
        {
          title: '东方纹样·春夏花型设计大赛',
          kind: 'contest',
          summary: '为床品、面料与墙纸创作东方意趣的连续花型，金奖奖金 8000 元并获首页推荐',
          cover_url: publicUrl(contestKey),
          rules_md: `${CONTEST_RULES}\n`,
          starts_at: dayStart(now, -7),
          ends_at: dayStart(now, 60),
          created_by: null,
          created_at: at,
          updated_at: at,
        },
        {
          title: '新锐设计师入驻季',
          kind: 'signup',
          summary: '新入驻设计师首月上传作品，获首页曝光与一对一运营指导',
          cover_url: publicUrl(signupKey),
          rules_md: `${SIGNUP_RULES}\n`,
          starts_at: dayStart(now, -75),
          ends_at: dayStart(now, -15),
          created_by: null,
          created_at: at,
          updated_at: at,
        },
      ])
      .execute();
    await trx
      .insertInto('invitation_codes')
      .values([
        {
          code: DEMO_INVITATION_CODES.open,
          invitee_name: '',
          invitee_phone: '',
          note: '演示：任何账号可用一次，90 天内有效',
          expires_at: dayStart(now, 91),
          created_by: null,
          created_at: at,
        },
        {
          code: DEMO_INVITATION_CODES.forDemoBuyer,
          invitee_name: '林晓',
          invitee_phone: DEMO_INVITATION_CODES.demoBuyerPhone,
          note: '演示：仅限演示买家 13700000001 使用，长期有效',
          expires_at: null,
          created_by: null,
          created_at: at,
        },
      ])
      .execute();
    await setSeedMarker(trx, ACTIVITIES_SEED_MARKER, ACTIVITIES_SEED_VERSION);
  });
}
