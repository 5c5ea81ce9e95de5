/**
 * Builds surnames.json (the surname library's reference rows) from public sources; see SOURCES.md.
 * Run: node packages/db/src/seed/genealogy/derive-surnames.ts PATH/TO/baijiaxing.json
 * (baijiaxing.json: chinese-poetry/chinese-poetry, 蒙学/baijiaxing.json, MIT).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pinyin } from 'pinyin-pro';

/** 2010 census, top 20 surnames (国家统计局, reported 2014-06-25): population in 10,000s and % of the total. */
const CENSUS_2010_TOP20: [string, number, number][] = [
  ['王', 9468, 7.1],
  ['李', 9276, 6.96],
  ['张', 8550, 6.42],
  ['刘', 6882, 5.16],
  ['陈', 5673, 4.26],
  ['杨', 3960, 2.97],
  ['黄', 2876, 2.16],
  ['赵', 2702, 2.03],
  ['周', 2506, 1.88],
  ['吴', 2376, 1.78],
  ['徐', 1902, 1.43],
  ['孙', 1859, 1.39],
  ['马', 1788, 1.34],
  ['胡', 1551, 1.16],
  ['朱', 1517, 1.14],
  ['郭', 1455, 1.09],
  ['何', 1405, 1.05],
  ['罗', 1338, 1.0],
  ['高', 1298, 0.97],
  ['林', 1280, 0.96],
];

/** 公安部户政管理研究中心《二〇一九年全国姓名报告》: the largest surname of each province (Tibet not analysed). */
const LARGEST_IN_PROVINCE_2019: Record<string, string[]> = {
  王: ['北京', '天津', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '江苏', '安徽', '山东', '河南', '海南', '陕西', '甘肃', '新疆'],
  李: ['湖北', '湖南', '重庆', '四川', '云南'],
  张: ['上海'],
  刘: ['江西'],
  陈: ['浙江', '福建', '广东'],
  杨: ['贵州'],
  黄: ['广西'],
  马: ['青海', '宁夏'],
};

/**
 * Historical figures: well-known people with dates as the official histories give them (public-domain
 * classics named per entry). Short factual lines written here, nothing copied.
 */
const FIGURES: Record<string, [string, string, string, string][]> = {
  王: [
    ['王羲之', '303—361', '东晋书法家', '《晋书·王羲之传》'],
    ['王安石', '1021—1086', '北宋政治家、文学家', '《宋史·王安石传》'],
  ],
  李: [
    ['李白', '701—762', '唐代诗人', '《新唐书·文艺传》'],
    ['李时珍', '1518—1593', '明代医药学家，著《本草纲目》', '《明史·方伎传》'],
  ],
  张: [
    ['张骞', '？—前114', '西汉使臣，出使西域', '《史记·大宛列传》'],
    ['张衡', '78—139', '东汉天文学家，制浑天仪、地动仪', '《后汉书·张衡传》'],
  ],
  刘: [
    ['刘邦', '？—前195', '西汉开国皇帝', '《史记·高祖本纪》'],
    ['刘禹锡', '772—842', '唐代诗人', '《旧唐书·刘禹锡传》'],
  ],
  陈: [
    ['陈胜', '？—前208', '秦末农民起义领袖', '《史记·陈涉世家》'],
    ['陈寿', '233—297', '西晋史学家，著《三国志》', '《晋书·陈寿传》'],
  ],
  杨: [
    ['杨坚', '541—604', '隋朝开国皇帝（隋文帝）', '《隋书·高祖纪》'],
    ['杨万里', '1127—1206', '南宋诗人', '《宋史·杨万里传》'],
  ],
  黄: [
    ['黄庭坚', '1045—1105', '北宋诗人、书法家', '《宋史·黄庭坚传》'],
    ['黄宗羲', '1610—1695', '明末清初思想家', '《清史稿·儒林传》'],
  ],
  赵: [
    ['赵匡胤', '927—976', '北宋开国皇帝（宋太祖）', '《宋史·太祖本纪》'],
    ['赵孟頫', '1254—1322', '元代书画家', '《元史·赵孟頫传》'],
  ],
  周: [
    ['周瑜', '175—210', '东汉末年东吴将领', '《三国志·周瑜传》'],
    ['周敦颐', '1017—1073', '北宋理学家', '《宋史·道学传》'],
  ],
  吴: [['吴起', '？—前381', '战国军事家、改革家', '《史记·孙子吴起列传》']],
  徐: [
    ['徐光启', '1562—1633', '明代科学家，译《几何原本》', '《明史·徐光启传》'],
    ['徐弘祖（徐霞客）', '1587—1641', '明代地理学家、旅行家', '《徐霞客游记》'],
  ],
  孙: [['孙权', '182—252', '三国时期吴国开国皇帝', '《三国志·吴主传》']],
  马: [['马援', '前14—49', '东汉将领', '《后汉书·马援列传》']],
  朱: [
    ['朱熹', '1130—1200', '南宋理学家', '《宋史·道学传》'],
    ['朱元璋', '1328—1398', '明朝开国皇帝', '《明史·太祖本纪》'],
  ],
  郭: [
    ['郭子仪', '697—781', '唐代将领', '《旧唐书·郭子仪传》'],
    ['郭守敬', '1231—1316', '元代天文学家、水利学家', '《元史·郭守敬传》'],
  ],
  林: [['林则徐', '1785—1850', '清代政治家，主持虎门销烟', '《清史稿·林则徐传》']],
  郑: [
    ['郑和', '1371—1433', '明代航海家，七下西洋', '《明史·宦官传》'],
    ['郑成功', '1624—1662', '明末清初将领，收复台湾', '《清史稿·郑成功传》'],
  ],
  司马: [
    ['司马迁', '前145—？', '西汉史学家，著《史记》', '《汉书·司马迁传》'],
    ['司马光', '1019—1086', '北宋史学家，主编《资治通鉴》', '《宋史·司马光传》'],
  ],
  诸葛: [['诸葛亮', '181—234', '三国时期蜀汉丞相', '《三国志·诸葛亮传》']],
  欧阳: [['欧阳修', '1007—1072', '北宋文学家、史学家', '《宋史·欧阳修传》']],
  苏: [['苏轼', '1037—1101', '北宋文学家、书画家', '《宋史·苏轼传》']],
  杜: [['杜甫', '712—770', '唐代诗人', '《新唐书·文艺传》']],
  岳: [['岳飞', '1103—1142', '南宋抗金将领', '《宋史·岳飞传》']],
  文: [['文天祥', '1236—1283', '南宋大臣、文学家', '《宋史·文天祥传》']],
  辛: [['辛弃疾', '1140—1207', '南宋词人', '《宋史·辛弃疾传》']],
  孔: [['孔丘（孔子）', '前551—前479', '春秋时期思想家、教育家', '《史记·孔子世家》']],
  沈: [['沈括', '1031—1095', '北宋科学家，著《梦溪笔谈》', '《宋史·沈括传》']],
  范: [['范仲淹', '989—1052', '北宋政治家、文学家', '《宋史·范仲淹传》']],
  韩: [['韩愈', '768—824', '唐代文学家', '《新唐书·韩愈传》']],
  曹: [['曹操', '155—220', '东汉末年政治家、军事家', '《三国志·武帝纪》']],
  祖: [['祖冲之', '429—500', '南朝数学家、天文学家', '《南齐书·祖冲之传》']],
  蔡: [['蔡伦', '？—121', '东汉宦官，改进造纸术', '《后汉书·宦者列传》']],
  班: [['班固', '32—92', '东汉史学家，著《汉书》', '《后汉书·班彪列传》']],
  戚: [['戚继光', '1528—1588', '明代抗倭将领', '《明史·戚继光传》']],
  于: [['于谦', '1398—1457', '明代大臣', '《明史·于谦传》']],
  海: [['海瑞', '1514—1587', '明代官员', '《明史·海瑞传》']],
  包: [['包拯', '999—1062', '北宋官员', '《宋史·包拯传》']],
  陆: [['陆游', '1125—1210', '南宋诗人', '《宋史·陆游传》']],
  白: [['白居易', '772—846', '唐代诗人', '《旧唐书·白居易传》']],
  柳: [['柳宗元', '773—819', '唐代文学家', '《旧唐书·柳宗元传》']],
};

/** Surname readings pinyin-pro's surname mode gets wrong (《现代汉语词典》第7版 gives these as the surname readings). */
const READING_OVERRIDES: Record<string, string> = { 种: 'chóng', 秘: 'bì', 覃: 'qín' };

/** Common surnames missing from 《百家姓》, each marked 姓 in 《现代汉语词典》(第7版); listed after it. */
const EXTRA = ['肖', '区', '覃', '付', '代', '冼'];

/** The two-character surnames of 《百家姓》 (its closing part); every other entry is one character. */
const COMPOUND = new Set(
  '万俟 司马 上官 欧阳 夏侯 诸葛 闻人 东方 赫连 皇甫 尉迟 公羊 澹台 公冶 宗政 濮阳 淳于 单于 太叔 申屠 公孙 仲孙 轩辕 令狐 钟离 宇文 长孙 慕容 鲜于 闾丘 司徒 司空 亓官 司寇 子车 颛孙 端木 巫马 公西 漆雕 乐正 壤驷 公良 拓跋 夹谷 宰父 谷梁 段干 百里 东郭 南门 呼延 羊舌 微生 梁丘 左丘 东门 西门 伯赏 南宫 第五'.split(
    ' ',
  ),
);

function splitLine(line: string): string[] {
  const chars = [...line.replace(/[，。]/g, '')];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const two = chars[i] + (chars[i + 1] ?? '');
    if (COMPOUND.has(two)) {
      out.push(two);
      i++;
    } else out.push(chars[i]);
  }
  return out;
}

const source = JSON.parse(readFileSync(process.argv[2], 'utf8')) as {
  paragraphs: string[];
  origin: { surname: string; place: string }[];
};
const order: string[] = [];
for (const line of source.paragraphs) for (const s of splitLine(line)) if (!order.includes(s)) order.push(s);
// The closing words 百家姓终 are not surnames.
while (order.length && ['百', '家', '姓', '终'].includes(order[order.length - 1])) order.pop();
const inBaijiaxing = order.length;
for (const s of EXTRA) if (!order.includes(s)) order.push(s);
const junwang = new Map<string, string[]>();
for (const o of source.origin) junwang.set(o.surname, [...(junwang.get(o.surname) ?? []), o.place]);

const census = new Map(CENSUS_2010_TOP20.map(([s, pop, share], i) => [s, { rank: i + 1, population: pop * 10_000, share }]));
const provinces = new Map<string, string[]>(Object.entries(LARGEST_IN_PROVINCE_2019));

const rows = order.map((name, i) => {
  const reading = READING_OVERRIDES[name] ?? pinyin(name, { surname: 'all' });
  const plain = reading
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ü/g, 'v')
    .replace(/\s+/g, '');
  const initials = reading
    .split(/\s+/)
    .map((p) => p.normalize('NFD')[0])
    .join('');
  const c = census.get(name);
  return {
    name,
    pinyin: reading,
    pinyinPlain: plain,
    initials,
    baijiaxingOrder: i < inBaijiaxing ? i + 1 : null,
    junwang: junwang.get(name) ?? [],
    rank: c?.rank ?? null,
    population: c?.population ?? null,
    share: c?.share ?? null,
    largestInProvinces: provinces.get(name) ?? [],
    figures: (FIGURES[name] ?? []).map(([fname, years, note, cite]) => ({ name: fname, years, note, source: cite })),
  };
});
for (const s of [...census.keys(), ...provinces.keys(), ...Object.keys(FIGURES)])
  if (!order.includes(s)) throw new Error(`${s} is not in 百家姓`);
writeFileSync(new URL('./surnames.json', import.meta.url), `${JSON.stringify(rows, null, 1)}\n`);
console.log(`${rows.length} surnames, ${census.size} ranked, ${Object.keys(FIGURES).length} with figures`);
