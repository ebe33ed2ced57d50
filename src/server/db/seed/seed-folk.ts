import sharp from 'sharp';
import type { AppDeps } from '../../deps';
import { hashPassword } from '../../modules/accounts/password';
import { describeFolkWork } from '../../modules/folk/folk-image-index';
import { indexFolkWorkTerms } from '../../modules/folk/folk-works-service';
import { DEMO_BUYERS, DEMO_DESIGNERS, DEMO_PASSWORD } from './demo-catalogue';
import { FOLK_PALETTES, createRandom, renderFolkPattern } from './pattern-art';
import { memoBlobs } from './seed-render-cache';
import type { FolkArtStyle } from './pattern-art';
import { seedMarkerSet, setSeedMarker } from './seed-marker';

// The south-west folk base's demo collection (issue 14): works in four crafts drawn by the seed's
// art generator, each with a cultural note written for this product, published by 苗岭绣坊, and
// the entitlement for the demo buyer 13700000001. Its own marker, so databases seeded earlier get
// it on their next start; images are private (signed links only).

const FOLK_SEED_MARKER = 'folk_seed_version';
const FOLK_SEED_VERSION = '1';
export const DEFAULT_FOLK_WORKS = 40;
const FOLK_DESIGNER_PHONE = '13900000003';
const FOLK_BUYER_PHONE = DEMO_BUYERS[0]?.phone ?? '13700000001';
const ORIGINAL_PX = 1200;
const THUMB_PX = 400;

type Craft = {
  style: FolkArtStyle;
  people: string;
  craft: string;
  origins: readonly string[];
  inheritors: readonly string[];
  /** What the craft is, the opening of every work's note. */
  about: string;
  motifs: readonly { name: string; meaning: string; tags: readonly string[] }[];
};

const CRAFTS: readonly Craft[] = [
  {
    style: 'miaoEmbroidery',
    people: '苗族',
    craft: '苗绣',
    origins: ['贵州黔东南雷山县', '贵州黔东南台江县施洞', '贵州黔东南剑河县'],
    inheritors: ['雷山西江绣娘合作社', '施洞破线绣工坊', '剑河锡绣传习所'],
    about:
      '苗绣是苗族女性代代相传的刺绣技艺，2006 年列入第一批国家级非物质文化遗产名录。绣娘不用底稿，以平绣、破线绣、锡绣、打籽绣在衣袖、背扇和围腰上记录神话与迁徙。',
    motifs: [
      {
        name: '蝴蝶妈妈',
        meaning:
          '苗族古歌说枫木生出蝴蝶妈妈“妹榜妹留”，她与水泡游方生下十二个蛋，孵出人类的祖先姜央，所以蝴蝶是苗家的始祖母，绣在童帽与背扇上护佑孩子。',
        tags: ['蝴蝶纹', '动物纹'],
      },
      {
        name: '鹡宇鸟',
        meaning:
          '鹡宇鸟替蝴蝶妈妈孵了十二年蛋，是养育与守护的象征；绣纹里它常张开双翼、尾羽分叉，与蝴蝶相对而立。',
        tags: ['鸟纹', '动物纹'],
      },
      {
        name: '枫木花',
        meaning:
          '枫树是苗族的生命树，蝴蝶妈妈由枫木心所生。枫叶纹三裂如掌，多绣于衣领与袖口，寓意生生不息。',
        tags: ['植物纹'],
      },
      {
        name: '水牛角',
        meaning:
          '水牛是苗家祭祖与耕作的伙伴，牛角纹向上弯曲成对，常与银角头饰呼应，代表力量与丰收。',
        tags: ['动物纹'],
      },
      {
        name: '八角星',
        meaning: '八角星纹以数纱绣挑出，四正四斜的光芒象征太阳照向八方，也被看作稻田与四季的图像。',
        tags: ['太阳纹', '几何纹'],
      },
      {
        name: '龙舟',
        meaning:
          '清水江畔施洞的独木龙舟节上，龙头长角、龙身似蚕。苗绣里的龙温和可亲，可以是水牛龙、鱼龙或蚕龙，是风调雨顺的祈愿。',
        tags: ['龙纹', '动物纹'],
      },
      {
        name: '石榴花',
        meaning: '石榴多籽，绣在嫁衣与背扇上寓意多子多福、家族兴旺。',
        tags: ['植物纹'],
      },
      {
        name: '锡绣回纹',
        meaning:
          '剑河锡绣把锡条嵌入藏青底布，回纹与十字纹银光闪烁，几何的连续纹样被视为祖先迁徙的道路。',
        tags: ['几何纹'],
      },
      {
        name: '鱼纹',
        meaning: '鱼多子且居水中，象征繁衍与稻作的水源，常成对出现在围腰下摆。',
        tags: ['动物纹'],
      },
      {
        name: '涡旋',
        meaning: '涡旋纹取自水涡与牛旋，旋转向心，代表祖灵所在与团聚。',
        tags: ['螺旋纹', '几何纹'],
      },
    ],
  },
  {
    style: 'dongBrocade',
    people: '侗族',
    craft: '侗锦',
    origins: ['湖南怀化通道侗族自治县', '广西柳州三江侗族自治县', '贵州黔东南黎平县'],
    inheritors: ['通道坪坦侗锦织造社', '三江独峒织锦工坊', '黎平肇兴侗锦传习所'],
    about:
      '侗锦是侗族妇女在腰机上挑织的织锦，2008 年列入国家级非物质文化遗产名录。素锦黑白分明，彩锦以彩纬挑花，纹样多由经纬交织的几何单元组成，用于被面、背带与头帕。',
    motifs: [
      {
        name: '杉树纹',
        meaning:
          '侗家“十八杉”的习俗：女儿出生便种下杉树，出嫁时做嫁妆。杉树纹层层叠叠，寓意成长与家族绵延。',
        tags: ['植物纹'],
      },
      {
        name: '八角花',
        meaning: '八角花是侗锦最常见的中心纹样，象征太阳与光明，也被称为“太阳花”。',
        tags: ['八角花', '太阳纹'],
      },
      {
        name: '蜘蛛纹',
        meaning: '侗族尊奉蜘蛛女神“萨天巴”为创世始祖，蜘蛛纹织在婴儿背带上，保佑孩子平安长大。',
        tags: ['动物纹', '几何纹'],
      },
      {
        name: '鼓楼',
        meaning: '鼓楼是侗寨的中心，重檐层叠如杉树。织锦里的鼓楼纹把村寨的团结织进日常用物。',
        tags: ['几何纹'],
      },
      {
        name: '风雨桥',
        meaning: '风雨桥连接两岸也连接人心，桥纹以长方格与檐角组成，常织在长条被面中段。',
        tags: ['几何纹'],
      },
      {
        name: '龙凤纹',
        meaning: '侗锦的龙凤以菱格勾勒，简练古朴，织在婚嫁被面上，祝愿夫妻和美。',
        tags: ['龙纹', '鸟纹'],
      },
      {
        name: '菱形万字格',
        meaning: '连续菱格如稻田阡陌，象征土地丰饶、五谷满仓。',
        tags: ['几何纹'],
      },
      {
        name: '鱼骨纹',
        meaning: '侗家稻田养鱼，鱼骨纹记录“稻鱼鸭”共生的农耕智慧。',
        tags: ['动物纹'],
      },
      {
        name: '人形纹',
        meaning: '手拉手的人形纹是多耶舞的写照，表现全寨围成圆圈歌舞欢聚。',
        tags: ['几何纹'],
      },
      {
        name: '星辰纹',
        meaning: '细小的菱点铺满锦面，是侗族歌谣里“满天星”的意象，寓意子孙众多。',
        tags: ['几何纹'],
      },
    ],
  },
  {
    style: 'yiLacquer',
    people: '彝族',
    craft: '彝族漆器纹',
    origins: ['四川凉山喜德县', '四川凉山布拖县', '云南楚雄'],
    inheritors: ['喜德依莫漆器作坊', '布拖阿都漆艺社', '楚雄彝绣漆艺坊'],
    about:
      '彝族漆器以木、皮、角为胎，髹黑漆为底，以红、黄两色描绘纹样，2008 年列入国家级非物质文化遗产名录。黑象征土地与庄重，红象征火与勇敢，黄象征太阳与美好。',
    motifs: [
      {
        name: '日月纹',
        meaning: '彝族崇拜日月，漆器中心常绘圆形日纹，四周环以光芒，寓意光明普照、四季有序。',
        tags: ['太阳纹'],
      },
      {
        name: '牛眼纹',
        meaning: '牛是彝家财富的象征，牛眼纹以椭圆套圆点绘成，表示六畜兴旺。',
        tags: ['动物纹'],
      },
      {
        name: '羊角纹',
        meaning: '羊角左右对卷成涡，是游牧记忆与吉祥的象征，也用于火把节的祭器。',
        tags: ['螺旋纹', '动物纹'],
      },
      {
        name: '火镰纹',
        meaning: '火镰是取火之器，火把节的火焰驱邪纳福，火镰纹连续排列于器口。',
        tags: ['几何纹'],
      },
      {
        name: '鸡冠纹',
        meaning: '雄鸡报晓带来太阳，鸡冠锯齿状的纹样绘在酒具边缘，寓意吉祥如意。',
        tags: ['鸟纹', '动物纹'],
      },
      {
        name: '窗格纹',
        meaning: '源自土掌房的木窗格，方正连续，象征家屋安稳。',
        tags: ['几何纹'],
      },
      {
        name: '蕨芨纹',
        meaning: '蕨菜卷曲的嫩芽是山地生命力的写照，彝族用它寓意子孙繁衍。',
        tags: ['植物纹', '螺旋纹'],
      },
      {
        name: '索玛花',
        meaning: '索玛花即杜鹃花，是凉山彝族最爱的花，象征美丽、坚韧与热情的待客之道。',
        tags: ['植物纹'],
      },
      {
        name: '水波纹',
        meaning: '水波纹环绕器身，表示江河源远流长，也象征酒与水的满溢。',
        tags: ['几何纹'],
      },
      {
        name: '鹰爪纹',
        meaning: '彝族视雄鹰为祖灵与守护者，鹰爪纹三叉有力，象征勇敢与保护。',
        tags: ['鸟纹', '动物纹'],
      },
    ],
  },
  {
    style: 'bouyeiBatik',
    people: '布依族',
    craft: '布依族蜡染',
    origins: ['贵州安顺镇宁布依族苗族自治县', '贵州贵阳花溪', '贵州黔南惠水县'],
    inheritors: ['镇宁扁担山蜡染坊', '花溪布依蓝靛作坊', '惠水好花红蜡染社'],
    about:
      '布依族蜡染以铜刀蘸热蜂蜡在自织土布上绘纹，入蓝靛缸反复浸染，再煮布脱蜡，蓝底白花自然生出“冰纹”。技艺随布依族蜡染列入贵州省级非物质文化遗产名录。',
    motifs: [
      {
        name: '铜鼓纹',
        meaning:
          '铜鼓是布依族的礼器，鼓面中心太阳芒、外圈晕纹层层展开。铜鼓纹绘在被面中央，象征权威与团聚。',
        tags: ['铜鼓纹', '太阳纹'],
      },
      {
        name: '螺旋纹',
        meaning: '螺旋纹取自田螺与水涡，回旋不断，寓意生活圆满、世代相续。',
        tags: ['螺旋纹'],
      },
      {
        name: '冰纹',
        meaning:
          '蜡层在染缸中自然开裂，靛蓝渗入留下的细纹称为冰纹，每一幅都独一无二，是蜡染的灵魂。',
        tags: ['几何纹'],
      },
      {
        name: '稻穗纹',
        meaning: '布依族世居河谷种稻，稻穗纹低垂饱满，寓意五谷丰登。',
        tags: ['植物纹'],
      },
      {
        name: '鸟纹',
        meaning: '布依族视鸟为谷种的传递者，鸟纹常与稻穗同绘，表达对丰收的感念。',
        tags: ['鸟纹', '动物纹'],
      },
      {
        name: '刺藜花',
        meaning: '刺藜花开在山野，布依姑娘用它比喻坚贞的爱情，常绘在定情的背带上。',
        tags: ['植物纹'],
      },
      {
        name: '鱼纹',
        meaning: '鱼纹以双鱼对游为多，象征夫妻和美、年年有余。',
        tags: ['动物纹'],
      },
      {
        name: '太阳花',
        meaning: '多瓣向心的太阳花绘在头帕中心，寓意光明和温暖照护家人。',
        tags: ['太阳纹', '八角花'],
      },
      {
        name: '水波纹',
        meaning: '布依族依水而居，水波纹沿布边起伏，象征江河哺育与生活绵长。',
        tags: ['几何纹'],
      },
      {
        name: '蕨草纹',
        meaning: '蕨草卷叶顺势而生，是山地田园的日常风景，也寓意子孙兴旺。',
        tags: ['植物纹', '螺旋纹'],
      },
    ],
  },
];

/** Tags in the order the base lists them. */
const TAGS = [
  '苗绣',
  '侗锦',
  '彝族漆器纹',
  '布依族蜡染',
  '非遗',
  '蝴蝶纹',
  '鸟纹',
  '动物纹',
  '龙纹',
  '太阳纹',
  '八角花',
  '铜鼓纹',
  '螺旋纹',
  '几何纹',
  '植物纹',
  '四方连续',
];

const USES = ['服装面料', '家纺床品', '文创礼品', '包装印刷', '箱包鞋帽', '墙纸墙布'];

type PlannedFolkWork = {
  index: number;
  craft: Craft;
  motif: Craft['motifs'][number];
  title: string;
  origin: string;
  inheritor: string;
  note: string;
  tags: string[];
  seamless: boolean;
  paletteIndex: number;
  publishedAt: string;
};

/** Plans the collection: the crafts in turn, each motif once, notes assembled from the words above. */
export function planFolkWorks(count: number): PlannedFolkWork[] {
  const random = createRandom(20_260_414);
  const start = Date.UTC(2025, 5, 1);
  const span = Date.UTC(2026, 10, 1) - start;
  return Array.from({ length: count }, (_, index) => {
    const craft = CRAFTS[index % CRAFTS.length]!;
    const round = Math.floor(index / CRAFTS.length);
    const motif = craft.motifs[round % craft.motifs.length]!;
    const origin = craft.origins[round % craft.origins.length]!;
    const inheritor = craft.inheritors[round % craft.inheritors.length]!;
    const use = USES[(index + round) % USES.length]!;
    const seamless = random() < 0.85;
    const edition =
      round >= craft.motifs.length ? `·${Math.floor(round / craft.motifs.length) + 1}` : '';
    return {
      index,
      craft,
      motif,
      title: `${craft.craft}·${motif.name}${edition}`,
      origin,
      inheritor,
      note: `${craft.about}本作品的纹样采自${origin}，由${inheritor}提供原件，苗岭绣坊在保留针法与构图的前提下重新绘制为${seamless ? '可无缝拼接的四方连续' : '定位'}图案，适合${use}等产品。授权收益按约定比例返还传承人与合作社。`,
      tags: [craft.craft, '非遗', ...motif.tags, ...(seamless ? ['四方连续'] : [])],
      seamless,
      paletteIndex: Math.floor(random() * FOLK_PALETTES[craft.style].length),
      publishedAt: new Date(start + Math.floor(random() * span)).toISOString(),
    };
  });
}

/** A diagonal mark over the folk previews; the zoom shows detail, never a usable original. */
function folkWatermark(size: number): Buffer {
  const marks: string[] = [];
  for (let y = 0; y < size + 240; y += 160) {
    for (let x = -240; x < size + 240; x += 320) {
      marks.push(
        `<text x="${x + ((y / 160) % 2) * 160}" y="${y}" transform="rotate(-30 ${x} ${y})" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="white">WENYANG FOLK</text>`,
      );
    }
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><g opacity="0.35" stroke="rgba(0,0,0,0.3)" stroke-width="0.6">${marks.join('')}</g></svg>`,
  );
}

async function userIdByPhone(deps: Pick<AppDeps, 'db'>, phone: string) {
  const row = await deps.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirst();
  return row?.id;
}

/** The demo designer 苗岭绣坊, created when the database has none (a database seeded otherwise). */
async function folkDesignerId(deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'production'>>) {
  const existing = await userIdByPhone(deps, FOLK_DESIGNER_PHONE);
  if (existing !== undefined) return existing;
  const designer = DEMO_DESIGNERS.find((d) => d.phone === FOLK_DESIGNER_PHONE);
  const now = new Date().toISOString();
  const row = await deps.db
    .insertInto('users')
    .values({
      cai_hong_id: String(10_000_000 + Number(FOLK_DESIGNER_PHONE.slice(-6))),
      phone: FOLK_DESIGNER_PHONE,
      password_hash: deps.production === true ? null : await hashPassword(DEMO_PASSWORD),
      user_name: designer?.name ?? '苗岭绣坊',
      intro: designer?.intro ?? '苗绣、蜡染等西南民族纹样的再设计。',
      designer_status: 1,
      settle_status: 1,
      settled_in_type: 2,
      org_flag: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Seeds the folk collection once (its own marker); returns whether it did. */
export async function seedFolk(
  deps: Pick<AppDeps, 'db' | 'storage'> & Partial<Pick<AppDeps, 'production'>>,
  log: (line: string) => void = () => undefined,
  count = DEFAULT_FOLK_WORKS,
): Promise<{ created: boolean; works: number }> {
  const { db, storage } = deps;
  if (await seedMarkerSet(db, FOLK_SEED_MARKER)) return { created: false, works: 0 };
  const plan = planFolkWorks(count);
  log(`正在生成西南民族文化基地演示作品：${plan.length} 件`);
  const images: { original: Buffer; originalKey: string; zoomKey: string; thumbKey: string }[] = [];
  for (const work of plan) {
    const palettes = FOLK_PALETTES[work.craft.style];
    const original = await renderFolkPattern(
      {
        style: work.craft.style,
        palette: palettes[work.paletteIndex % palettes.length]!,
        seed: 5000 + work.index,
        seamless: work.seamless,
      },
      ORIGINAL_PX,
    );
    const base = `private/folk/seed-${work.index}`;
    const {
      blobs: [zoom, thumb],
    } = await memoBlobs('folk-variants', [original, `${ORIGINAL_PX}/${THUMB_PX}`], async () => ({
      meta: null,
      blobs: [
        await sharp(original)
          .composite([{ input: folkWatermark(ORIGINAL_PX) }])
          .webp({ quality: 82 })
          .toBuffer(),
        await sharp(original)
          .resize({ width: THUMB_PX })
          .composite([{ input: folkWatermark(THUMB_PX) }])
          .webp({ quality: 78 })
          .toBuffer(),
      ],
    }));
    if (!zoom || !thumb) throw new Error('folk seed: variants missing');
    const keys = {
      originalKey: `${base}/original.png`,
      zoomKey: `${base}/zoom-${ORIGINAL_PX}.webp`,
      thumbKey: `${base}/thumb-${THUMB_PX}.webp`,
    };
    await storage.put(keys.originalKey, original, 'image/png');
    await storage.put(keys.zoomKey, zoom, 'image/webp');
    await storage.put(keys.thumbKey, thumb, 'image/webp');
    images.push({ original, ...keys });
  }
  const designerId = await folkDesignerId(deps);
  const buyerId = await userIdByPhone(deps, FOLK_BUYER_PHONE);
  const now = new Date().toISOString();
  const workIds = await db.transaction().execute(async (trx) => {
    const tagIds = new Map<string, number>();
    for (const [sort, name] of TAGS.entries()) {
      const row = await trx
        .insertInto('folk_tags')
        .values({ name, sort })
        .returning('id')
        .executeTakeFirstOrThrow();
      tagIds.set(name, row.id);
    }
    const ids: number[] = [];
    for (const [i, work] of plan.entries()) {
      const img = images[i]!;
      const row = await trx
        .insertInto('folk_works')
        .values({
          designer_id: designerId,
          title: work.title,
          people: work.craft.people,
          craft: work.craft.craft,
          origin: work.origin,
          motif_meaning: work.motif.meaning,
          inheritor: work.inheritor,
          note: work.note,
          width: ORIGINAL_PX,
          height: ORIGINAL_PX,
          original_key: img.originalKey,
          zoom_key: img.zoomKey,
          thumb_key: img.thumbKey,
          published_at: work.publishedAt,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
      const tags = [...new Set(work.tags)].flatMap((t) => {
        const id = tagIds.get(t);
        return id === undefined ? [] : [{ work_id: row.id, tag_id: id }];
      });
      if (tags.length > 0) await trx.insertInto('folk_work_tags').values(tags).execute();
      await indexFolkWorkTerms(trx, row.id, [
        work.title,
        work.craft.people,
        work.craft.craft,
        work.origin,
        work.inheritor,
        work.motif.meaning,
        ...work.tags,
      ]);
    }
    if (buyerId !== undefined) {
      await trx
        .insertInto('folk_entitlements')
        .values({ user_id: buyerId, granted_by: null, granted_at: now, note: '演示：非遗合作企业' })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    }
    await setSeedMarker(trx, FOLK_SEED_MARKER, FOLK_SEED_VERSION);
    return ids;
  });
  // Descriptors for the folk image search (the index would compute them on first use otherwise).
  for (const [i, id] of workIds.entries()) await describeFolkWork(db, id, images[i]!.original);
  log(`西南民族文化基地演示作品已生成：${plan.length} 件`);
  return { created: true, works: plan.length };
}
