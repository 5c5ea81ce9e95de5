import type { Product } from '@jiyin/contracts/api';
import { STANDARD_SUBMODULES } from '@jiyin/contracts/reports';
import type { ProductService } from '@jiyin/contracts/shop';

/**
 * A seeded product row: the shop's fields, whether the shop lists it (`online`), whether its reports
 * are served online, and which report submodules it carries (§3 Detection product, §4 report type).
 */
export type SeedProduct = Product & {
  online?: boolean;
  isOnlineProduct?: boolean;
  supportSubmodules: string[];
  service?: ProductService;
};

const img = (name: string) => `/static/products/${name}.svg`;

/** Tiers 1, 2 and 3+ (§9); each promotion's words and its per-kit cut in fen say the same thing. */
function tiers(cut2: number, cutMax: number): Product['packages'] {
  const yuan = (fen: number) => fen / 100;
  return [
    { minCount: 1, promotion: '', discountPerUnit: 0 },
    { minCount: 2, promotion: cut2 ? `每件立减 ${yuan(cut2)} 元` : '', discountPerUnit: cut2 },
    { minCount: 3, promotion: cutMax ? `每件立减 ${yuan(cutMax)} 元` : '', discountPerUnit: cutMax },
  ];
}

/** The seeded kits (§3 Product, §9 commodity tags). Prices in fen. */
const GOODS: SeedProduct[] = [
  {
    id: 'STANDARD_ANCESTRY',
    supportSubmodules: [...STANDARD_SUBMODULES],
    name: '基因检测·全能版',
    commodityTag: 'standard',
    type: 'GENETIC',
    summary: '一次采样，健康与祖源全解读：疾病风险、携带者、药物反应、营养运动与民族成分、父母系单倍群。',
    features: [
      '疾病风险与肿瘤风险',
      '遗传病携带者筛查',
      '药物反应与用药提示',
      '营养代谢与运动潜能',
      '民族成分与父母系溯源',
      '基因亲人匹配',
    ],
    sort: 1,
    packages: tiers(5000, 15000),
    skuInfos: [
      {
        sku: 'STANDARD_ANCESTRY-1',
        skuPicture: img('standard'),
        actualPrice: 99900,
        originalPrice: 129900,
        priceDesc: '限时优惠',
        // The price line shows the cut and the page says updates are free: no promotion line repeats them.
        promotionInfos: [],
      },
    ],
  },
  {
    id: 'ANCESTRY',
    supportSubmodules: ['ancestry'],
    name: '祖源检测',
    commodityTag: 'ances_ances',
    type: 'GENETIC',
    summary: '了解你的民族成分、父系 Y 单倍群与母系线粒体单倍群，找到与你共享 DNA 的基因亲人。',
    features: ['民族成分（与多个参考人群比较，附置信区间）', '父系 Y 染色体单倍群与谱系树', '母系线粒体单倍群', '基因亲人与宗亲关系'],
    sort: 2,
    packages: tiers(2500, 8000),
    skuInfos: [
      {
        sku: 'ANCESTRY-1',
        skuPicture: img('ancestry'),
        actualPrice: 49900,
        originalPrice: 69900,
        priceDesc: '寻根优选',
        // The package tiers below the price name the family discounts.
        promotionInfos: [],
      },
    ],
  },
  {
    id: 'ANCESTRY_TRAIT',
    supportSubmodules: ['ancestry', 'traits', 'nutrition', 'fitness'],
    name: '祖源＋特质版',
    commodityTag: 'ances_trait',
    type: 'GENETIC',
    summary: '祖源全部内容，加上饮酒反应、乳糖耐受、耳垢类型、咖啡因代谢等数十项个人特质。',
    features: ['全部祖源内容', '数十项个人特质', '营养与运动特点'],
    sort: 3,
    packages: tiers(3000, 10000),
    skuInfos: [
      {
        sku: 'ANCESTRY_TRAIT-1',
        skuPicture: img('ancestry-trait'),
        actualPrice: 69900,
        originalPrice: 89900,
        priceDesc: '热销',
        promotionInfos: [],
      },
    ],
  },
  {
    id: 'TRAIT',
    supportSubmodules: ['traits', 'nutrition', 'fitness'],
    name: '个人特质版',
    commodityTag: 'trait',
    type: 'GENETIC',
    summary: '从基因看你的饮食、睡眠、皮肤与运动特点，给日常生活更贴身的建议。',
    features: ['个人特质', '营养代谢', '运动潜能'],
    sort: 4,
    packages: tiers(2000, 6000),
    skuInfos: [
      {
        sku: 'TRAIT-1',
        skuPicture: img('trait'),
        actualPrice: 39900,
        originalPrice: 49900,
        priceDesc: '入门之选',
        promotionInfos: [],
      },
    ],
  },
  {
    id: 'DNA_RELATIVES',
    supportSubmodules: ['relatives'],
    name: '基因寻亲',
    commodityTag: 'dna_relatives',
    type: 'GENETIC',
    summary: '通过共享 DNA 片段寻找亲人，适合寻亲与家族研究；严格自愿加入，可随时退出。',
    features: ['共享片段与亲缘等级', '亲人分布地图', '寻亲登记服务'],
    sort: 5,
    packages: tiers(0, 0),
    skuInfos: [
      {
        sku: 'DNA_RELATIVES-1',
        skuPicture: img('relatives'),
        actualPrice: 29900,
        originalPrice: 39900,
        priceDesc: '公益价',
        promotionInfos: [{ title: '寻亲公益', desc: '登记寻亲服务免费' }],
      },
    ],
  },
  {
    id: 'Y_FULL',
    supportSubmodules: ['ancestry'],
    name: 'Y 染色体全序列',
    commodityTag: 'y_full',
    type: 'Y',
    summary: '对 Y 染色体进行深度测序，精确定位你的父系分支，并可与同姓宗亲比对。',
    features: ['Y 染色体深度测序', '最新末端分支', '宗亲比对与分支年代'],
    sort: 6,
    packages: tiers(0, 0),
    skuInfos: [
      {
        sku: 'Y_FULL-1',
        skuPicture: img('yfull'),
        actualPrice: 299900,
        originalPrice: 359900,
        priceDesc: '深度测序',
        promotionInfos: [{ title: '老用户升级', desc: '已有全能版或祖源版报告可享升级价' }],
      },
    ],
  },
  {
    id: 'Y_ANCESTRY',
    supportSubmodules: ['ancestry'],
    name: '父系祖源精选',
    commodityTag: 'y_ances',
    type: 'PCR_Y',
    summary: '精选父系位点检测，快速了解你的父系单倍群与姓氏源流。',
    features: ['父系单倍群', '姓氏与家族线索'],
    sort: 7,
    packages: tiers(0, 0),
    skuInfos: [
      {
        sku: 'Y_ANCESTRY-1',
        skuPicture: img('y-ancestry'),
        actualPrice: 29900,
        originalPrice: 39900,
        priceDesc: '',
        promotionInfos: [],
      },
    ],
  },
  {
    id: 'HPV',
    // Results come from the lab as a paper report, not as online reports.
    isOnlineProduct: false,
    supportSubmodules: [],
    name: '宫颈癌筛查（HPV）',
    commodityTag: 'HPV',
    type: 'NGS',
    summary: '居家自采样，检测高危型人乳头瘤病毒，早筛早防。',
    features: ['居家自采样', '高危型 HPV 分型', '医生解读'],
    sort: 8,
    packages: tiers(0, 0),
    skuInfos: [
      {
        sku: 'HPV-1',
        skuPicture: img('hpv'),
        actualPrice: 19900,
        originalPrice: 29900,
        priceDesc: '',
        promotionInfos: [],
      },
    ],
  },
  {
    id: 'HP',
    // Results come from the lab as a paper report, not as online reports.
    isOnlineProduct: false,
    supportSubmodules: [],
    name: '幽门螺杆菌检测',
    commodityTag: 'HP',
    type: 'NGS',
    summary: '居家检测胃部幽门螺杆菌感染，了解胃癌相关风险因素。',
    features: ['居家采样', '结果解读与就医建议'],
    sort: 9,
    packages: tiers(0, 0),
    skuInfos: [
      {
        sku: 'HP-1',
        skuPicture: img('hp'),
        actualPrice: 9900,
        originalPrice: 12900,
        priceDesc: '',
        promotionInfos: [],
      },
    ],
  },
  {
    // Detections made from imported raw data (/import/chip): every standard report, never sold.
    id: 'RAW_DATA_IMPORT',
    name: '原始数据导入',
    commodityTag: 'standard',
    type: 'GENETIC',
    summary: '由其他检测机构的原始数据导入生成的报告。',
    features: [],
    sort: 99,
    online: false,
    isOnlineProduct: true,
    supportSubmodules: [...STANDARD_SUBMODULES],
    packages: [],
    skuInfos: [],
  },
];

/** Demo redeem codes for /user/coupon: terms as an operator would set them (amounts in fen). */
export const DEMO_COUPON_CODES = [
  {
    code: 'XINKE50',
    title: '新客立减 50 元',
    amount: 5000,
    threshold: 29900,
    productIds: null,
    validDays: 30,
    redeemUntil: new Date('2027-12-31T16:00:00Z'),
    maxRedemptions: 100_000,
  },
  {
    code: 'XUNGEN100',
    title: '寻根季 祖源产品立减 100 元',
    amount: 10000,
    threshold: 49900,
    productIds: ['ANCESTRY', 'ANCESTRY_TRAIT'],
    validDays: 60,
    redeemUntil: new Date('2027-12-31T16:00:00Z'),
    maxRedemptions: 5_000,
  },
];

/**
 * A service on a kit the customer already has (one per kit, no package tiers). It carries no report
 * modules itself: an upgrade gives the kit its `to` product's modules.
 */
function service(
  id: string,
  name: string,
  commodityTag: Product['commodityTag'],
  type: Product['type'],
  terms: ProductService,
  summary: string,
  features: string[],
  price: { actual: number; original: number; picture: string; desc: string },
): SeedProduct {
  return {
    id,
    name,
    commodityTag,
    type,
    summary,
    features,
    sort: 50,
    supportSubmodules: [],
    service: terms,
    packages: [{ minCount: 1, promotion: '', discountPerUnit: 0 }],
    skuInfos: [
      {
        sku: `${id}-1`,
        skuPicture: img(price.picture),
        actualPrice: price.actual,
        originalPrice: price.original,
        priceDesc: price.desc,
        promotionInfos: [],
      },
    ],
  };
}

/**
 * Upgrades to the standard report reuse the chip data already measured: the price is below the
 * difference of the two kits because no new kit, sample or chip run is needed.
 */
const UPGRADE_TERMS = '同一份芯片数据重新解读，无需再次采样；升级后原有报告保留，新增模块随即开放。';

const SERVICE_PRODUCTS: SeedProduct[] = [
  service(
    'UPGRADE_ANCESTRY_STANDARD',
    '祖源检测 升级全能版',
    'standard',
    'GENETIC',
    { kind: 'upgrade', from: ['ANCESTRY'], to: 'STANDARD_ANCESTRY' },
    UPGRADE_TERMS,
    ['疾病风险与肿瘤风险', '遗传病携带者筛查', '药物反应', '个人特质、营养与运动'],
    { actual: 39900, original: 50000, picture: 'standard', desc: '老用户升级价' },
  ),
  service(
    'UPGRADE_ANCESTRY_TRAIT_STANDARD',
    '祖源＋特质版 升级全能版',
    'standard',
    'GENETIC',
    { kind: 'upgrade', from: ['ANCESTRY_TRAIT'], to: 'STANDARD_ANCESTRY' },
    UPGRADE_TERMS,
    ['疾病风险与肿瘤风险', '遗传病携带者筛查', '药物反应'],
    { actual: 24900, original: 30000, picture: 'standard', desc: '老用户升级价' },
  ),
  service(
    'UPGRADE_TRAIT_STANDARD',
    '个人特质版 升级全能版',
    'standard',
    'GENETIC',
    { kind: 'upgrade', from: ['TRAIT'], to: 'STANDARD_ANCESTRY' },
    UPGRADE_TERMS,
    ['疾病风险与肿瘤风险', '遗传病携带者筛查', '药物反应', '民族成分与父母系溯源', '基因亲人匹配'],
    { actual: 49900, original: 60000, picture: 'standard', desc: '老用户升级价' },
  ),
  service(
    'SPEED_PACKAGE',
    '加急检测服务',
    'standard',
    'GENETIC',
    { kind: 'speed', types: ['GENETIC'] },
    '样本到达实验室后优先上机检测与出具报告；报告已出的采样盒无需加急。',
    ['实验室优先排期', '报告生成后短信与站内通知'],
    { actual: 9900, original: 9900, picture: 'standard', desc: '' },
  ),
  service(
    'Y_FULL_NO_RETURN',
    'Y 染色体全序列（免回寄）',
    'y_full',
    'Y',
    { kind: 'noReturn', to: 'Y_FULL', types: ['GENETIC'] },
    '不寄新的采样盒：实验室用你此前芯片检测留存的 DNA 样本做 Y 染色体深度测序。',
    ['无需再次采样与回寄', 'Y 染色体深度测序', '最新末端分支'],
    { actual: 269900, original: 299900, picture: 'yfull', desc: '免采样盒与往返快递' },
  ),
];

/** The seeded catalogue: kits, then services on a kit the customer has. */
export const DEMO_PRODUCTS: SeedProduct[] = [...GOODS, ...SERVICE_PRODUCTS];
