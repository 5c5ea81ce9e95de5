/**
 * The electronic report (§2.2 /report/electronic-report): every report of one person as a Chinese
 * PDF — cover, person page, contents, then per category a themed section with each item's result,
 * explanation, genotype table, advice and references. Rendered with pdfkit; Chinese text uses
 * Noto Sans SC (OFL-1.1) from the npm package @expo-google-fonts/noto-sans-sc, embedded as a subset
 * of the glyphs used, so a fresh machine needs no system font.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type {
  ReportApiCategory,
  ReportItemDetail,
  ReportItemSummary,
  ReportPerson,
  ReportReference,
  ReportTheme,
  ReportTone,
} from '@jiyin/contracts/reportApi';
import { formatBeijingTime } from '@jiyin/contracts/time';
import PDFDocument from 'pdfkit';
import { ElectronicReportError } from './errors.ts';

export const REPORT_DISCLAIMER = '基因检测结果仅供健康参考，不作为临床诊断依据。';
export const LOCKED_ITEM_TEXT = '升级后可查看';
const UNDETECTED_TEXT = '未检出：您的数据中缺少该项目所需的位点，或这些位点未能判定，因此本项目不给出结果。';

export interface ElectronicReportCategory {
  category: ReportApiCategory;
  name: string;
  theme: ReportTheme;
  description?: string;
  /** Details of items with a result; summaries of locked items and of items not detected. */
  items: ElectronicReportItem[];
  /** A short note (at most 6 characters) why the category's results are not in this PDF, e.g. 仅限本人查看. */
  withheld?: string;
}

export type ElectronicReportItem = ReportItemDetail | ReportItemSummary;

export interface ElectronicReportInput {
  person: ReportPerson;
  /** When report_results were computed (the PDF says which computation it shows). */
  computedAt: Date | string;
  /** When the PDF is generated; defaults to now. */
  generatedAt?: Date;
  categories: ElectronicReportCategory[];
}

const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

let fontCache: { regular: Buffer; bold: Buffer } | undefined;

/** The two CJK fonts, read once per process (10 MB each; pdfkit embeds only the glyphs used). */
function fonts(): { regular: Buffer; bold: Buffer } {
  if (fontCache) return fontCache;
  const require = createRequire(import.meta.url);
  try {
    fontCache = { regular: readFileSync(require.resolve(FONT_FILES.regular)), bold: readFileSync(require.resolve(FONT_FILES.bold)) };
  } catch (cause) {
    throw new ElectronicReportError('电子报告所需的中文字体缺失，请联系管理员重新安装依赖（@expo-google-fonts/noto-sans-sc）', { cause });
  }
  return fontCache;
}

// A4 in points, and the frame every content page keeps free for the running header and footer.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 68, bottom: 64, left: 50, right: 50 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;
/** Far above a full report (about 80 pages for the whole knowledge base). */
const MAX_PAGES = 1000;

const INK = '#262626';
const MUTED = '#8c8c8c';
const RULE = '#e8e8e8';
const LINK = '#1d5fd1';
const BRAND: ReportTheme = { start: '#5b8cff', end: '#36cfc9' };

/** Verdict tones (the engine's): red only for what to act on, warm for a raised tendency, green reassuring. */
const TONE_COLOURS: Record<ReportTone, string> = {
  alert: '#cf1322',
  attention: '#d46b08',
  notice: '#ad8b00',
  neutral: '#096dd9',
  favourable: '#389e0d',
};
/** Results the summary table counts as needing attention: the red and orange ones. */
const ATTENTION_TONES: ReadonlySet<string> = new Set<ReportTone>(['alert', 'attention']);

const REFERENCE_NAMES: Record<ReportReference['type'], string> = {
  pubmed: 'PubMed',
  clinvar: 'ClinVar',
  cpic: 'CPIC',
  dpwg: 'DPWG',
  pharmgkb: 'PharmGKB',
  gwas: 'GWAS Catalog',
};

const GENDER_NAMES = { male: '男', female: '女' } as const;

type Doc = PDFKit.PDFDocument;

/** The page index (0-based) the document is writing on. */
function currentPage(doc: Doc): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
}

/** Starts a new page unless `height` points still fit on this one. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > CONTENT_BOTTOM) doc.addPage();
}

function regular(doc: Doc, size: number, color = INK): Doc {
  return doc.font('sc').fontSize(size).fillColor(color);
}

function bold(doc: Doc, size: number, color = INK): Doc {
  return doc.font('sc-bold').fontSize(size).fillColor(color);
}

function gradientRect(doc: Doc, x: number, y: number, w: number, h: number, theme: ReportTheme): void {
  const grad = doc.linearGradient(x, y, x + w, y + h);
  grad.stop(0, theme.start).stop(1, theme.end);
  doc.save().rect(x, y, w, h).fill(grad).restore();
}

/** A rounded label with white text on a colour, at (x, y); returns its width. */
function pill(doc: Doc, text: string, x: number, y: number, color: string, size = 9): number {
  bold(doc, size);
  const w = doc.widthOfString(text) + 12;
  doc
    .save()
    .roundedRect(x, y, w, size + 8, (size + 8) / 2)
    .fill(color)
    .restore();
  bold(doc, size, '#ffffff').text(text, x + 6, y + 3, { lineBreak: false });
  return w;
}

function formatDate(value: Date | string): string {
  return formatBeijingTime(value).slice(0, 16);
}

function formatGenotype(g: string | null): string {
  if (g === null) return '芯片未覆盖';
  if (g === '--' || g === '') return '未检出';
  return g;
}

function formatFrequency(f: number | null): string {
  if (f === null) return '暂无数据';
  const pct = f * 100;
  return `${pct < 1 ? pct.toFixed(2) : pct.toFixed(1)}%`;
}

function isLocked(item: ElectronicReportItem): boolean {
  return item.productStatus === 1;
}

function isDetail(item: ElectronicReportItem): item is ReportItemDetail {
  return 'genotypes' in item;
}

function cover(doc: Doc, input: ElectronicReportInput, generatedAt: Date): void {
  const { person } = input;
  gradientRect(doc, 0, 0, PAGE.width, 360, BRAND);
  bold(doc, 14, '#ffffff').text('GENETIC HEALTH REPORT', MARGIN.left, 96, { characterSpacing: 2 });
  bold(doc, 36, '#ffffff').text('基因检测电子报告', MARGIN.left, 124);
  regular(doc, 16, '#ffffff').text(person.productName, MARGIN.left, 184, { width: CONTENT_WIDTH });
  regular(doc, 12, '#ffffff').text('疾病风险 · 个人特质 · 遗传病携带 · 药物反应 · 营养需求 · 运动健身 · 肿瘤风险', MARGIN.left, 280, {
    width: CONTENT_WIDTH,
  });

  const rows: [string, string][] = [
    ['检测人', person.name],
    ['检测条码', person.barcode],
    ['生成日期', `${formatDate(generatedAt)}（北京时间）`],
    ['报告计算时间', `${formatDate(input.computedAt)}（北京时间）`],
  ];
  let y = 420;
  for (const [label, value] of rows) {
    regular(doc, 11, MUTED).text(label, MARGIN.left, y, { lineBreak: false });
    bold(doc, 14).text(value, MARGIN.left + 110, y - 2, { width: CONTENT_WIDTH - 110, lineBreak: false });
    doc
      .save()
      .moveTo(MARGIN.left, y + 26)
      .lineTo(PAGE.width - MARGIN.right, y + 26)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
      .restore();
    y += 44;
  }

  const boxY = PAGE.height - 170;
  doc.save().roundedRect(MARGIN.left, boxY, CONTENT_WIDTH, 74, 6).fill('#f5f7fa').restore();
  bold(doc, 11).text('声明', MARGIN.left + 16, boxY + 14);
  regular(doc, 10, '#595959').text(
    `${REPORT_DISCLAIMER}如有健康问题请咨询医生；用药调整须遵医嘱，切勿自行停药或换药。`,
    MARGIN.left + 16,
    boxY + 34,
    {
      width: CONTENT_WIDTH - 32,
      lineGap: 2,
    },
  );
}

function heading(doc: Doc, text: string): void {
  bold(doc, 20).text(text, MARGIN.left, doc.y);
  doc.moveDown(0.6);
}

function personPage(doc: Doc, input: ElectronicReportInput): void {
  const { person } = input;
  doc.addPage();
  doc.outline.addItem('检测人信息');
  heading(doc, '检测人信息');
  const rows: [string, string][] = [
    ['姓名', person.name],
    ['性别', GENDER_NAMES[person.gender]],
    ['检测条码', person.barcode],
    ['检测产品', person.productName],
    ['父系单倍群（Y）', person.yHaplogroup ?? (person.gender === 'male' ? '未能判定' : '不适用（女性无 Y 染色体）')],
    ['母系单倍群（mt）', person.mtHaplogroup ?? '未能判定'],
    ['报告计算时间', `${formatDate(input.computedAt)}（北京时间）`],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    regular(doc, 11, MUTED).text(label, MARGIN.left, y, { width: 130 });
    regular(doc, 11).text(value, MARGIN.left + 140, y, { width: CONTENT_WIDTH - 140 });
    doc.y = Math.max(doc.y, y + 16) + 8;
  }

  doc.moveDown(1);
  heading(doc, '报告概览');
  const cols = [
    { title: '类别', w: 150 },
    { title: '项目数', w: 70 },
    { title: '有结果', w: 70 },
    { title: '需关注', w: 70 },
    { title: '未检出', w: 65 },
    { title: '需升级', w: 70 },
  ];
  const table = input.categories.map((c) => {
    if (c.withheld) return [c.name, c.withheld, '', '', '', ''];
    const open = c.items.filter((i) => !isLocked(i));
    return [
      c.name,
      String(c.items.length),
      String(open.filter((i) => i.status === 'out').length),
      String(open.filter((i) => i.status === 'out' && i.tone !== null && ATTENTION_TONES.has(i.tone)).length),
      String(open.filter((i) => i.status === 'unDetected').length),
      String(c.items.length - open.length),
    ];
  });
  drawTable(doc, cols, table, BRAND.start);

  doc.moveDown(1.2);
  heading(doc, '如何阅读本报告');
  const notes = [
    '每个项目给出您的结果、它的含义、读取到的基因位点和建议。“需关注”统计以红色或橙色标出的结果：需临床检测确认的芯片检出、携带致病变异、较高风险、慢代谢或超快代谢、药物反应改变。',
    '基因型按 GRCh37 正链书写，两个字母分别来自父母双方；“未检出”表示芯片读取了该位点但未能判定，“芯片未覆盖”表示您的数据中没有该位点。',
    '效应等位基因是与结果相关的那个碱基；东亚人群频率取自 1000 Genomes 东亚人群或 gnomAD 东亚人群，表示该碱基在东亚人群中的常见程度。',
    '缺少必需位点的项目标为“未检出”，不给出结果；需要升级产品才能查看的项目只列出名称。',
    REPORT_DISCLAIMER,
  ];
  for (const note of notes) {
    regular(doc, 10.5, '#434343').text(`• ${note}`, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 3 });
    doc.moveDown(0.4);
  }
}

interface Column {
  title: string;
  w: number;
}

/** A simple ruled table; repeats its header on each new page. */
function drawTable(doc: Doc, cols: Column[], rows: string[][], headColor: string): void {
  const rowH = 20;
  const header = () => {
    let x = MARGIN.left;
    const y = doc.y;
    doc.save().rect(MARGIN.left, y, CONTENT_WIDTH, rowH).fill(headColor).restore();
    for (const c of cols) {
      bold(doc, 9, '#ffffff').text(c.title, x + 6, y + 5, { width: c.w - 8, lineBreak: false });
      x += c.w;
    }
    doc.y = y + rowH;
  };
  ensureSpace(doc, rowH * 2);
  header();
  rows.forEach((row, r) => {
    if (doc.y + rowH > CONTENT_BOTTOM) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    if (r % 2 === 1) doc.save().rect(MARGIN.left, y, CONTENT_WIDTH, rowH).fill('#fafafa').restore();
    let x = MARGIN.left;
    row.forEach((cell, i) => {
      const col = cols[i] as Column;
      // A fixed height makes pdfkit truncate with an ellipsis instead of wrapping onto new pages.
      regular(doc, 9.5).text(cell, x + 6, y + 5, { width: col.w - 8, height: 12, ellipsis: true });
      x += col.w;
    });
    doc
      .save()
      .moveTo(MARGIN.left, y + rowH)
      .lineTo(MARGIN.left + CONTENT_WIDTH, y + rowH)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
      .restore();
    doc.y = y + rowH;
  });
  doc.x = MARGIN.left;
}

/** One line of the contents: a category or an item, and where it starts. */
interface ContentsEntry {
  kind: 'category' | 'item';
  title: string;
  note: string;
  destination: string;
  color: string;
  page?: number;
}

const CONTENTS_LINE = { category: 28, item: 17 } as const;
const CONTENTS_TOP = MARGIN.top + 44;

/** Which entries go on which contents page: known before rendering so pages can be reserved. */
function contentsPages(entries: ContentsEntry[]): ContentsEntry[][] {
  const pages: ContentsEntry[][] = [[]];
  let y = CONTENTS_TOP;
  for (const e of entries) {
    const h = CONTENTS_LINE[e.kind];
    // A category heading never ends a page on its own.
    const need = e.kind === 'category' ? h + CONTENTS_LINE.item : h;
    if (y + need > CONTENT_BOTTOM) {
      pages.push([]);
      y = MARGIN.top;
    }
    (pages[pages.length - 1] as ContentsEntry[]).push(e);
    y += h;
  }
  return pages;
}

function drawContents(doc: Doc, pages: ContentsEntry[][], firstPage: number): void {
  pages.forEach((entries, p) => {
    doc.switchToPage(firstPage + p);
    let y = MARGIN.top;
    if (p === 0) {
      bold(doc, 20).text('目录', MARGIN.left, y);
      y = CONTENTS_TOP;
    }
    for (const e of entries) {
      const h = CONTENTS_LINE[e.kind];
      const pageText = String((e.page ?? 0) + 1);
      const indent = e.kind === 'category' ? 0 : 14;
      if (e.kind === 'category') {
        doc
          .save()
          .rect(MARGIN.left, y + 6, 4, 14)
          .fill(e.color)
          .restore();
        const titleW = bold(doc, 13).widthOfString(e.title);
        doc.text(e.title, MARGIN.left + 12, y + 3, { lineBreak: false });
        regular(doc, 9.5, MUTED).text(e.note, MARGIN.left + 12 + titleW + 10, y + 7, { lineBreak: false });
        bold(doc, 12).text(pageText, MARGIN.left, y + 4, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
      } else {
        const titleW = regular(doc, 10).widthOfString(e.title);
        doc.text(e.title, MARGIN.left + indent + 12, y + 2, { lineBreak: false });
        const noteX = MARGIN.left + indent + 12 + titleW + 8;
        regular(doc, 8.5, e.color).text(e.note, noteX, y + 3.5, { lineBreak: false });
        const noteW = doc.widthOfString(e.note);
        const pageW = regular(doc, 10).widthOfString(pageText);
        // Dotted leader from the note to the page number.
        const from = noteX + noteW + 6;
        const to = PAGE.width - MARGIN.right - pageW - 6;
        if (to > from) {
          doc
            .save()
            .moveTo(from, y + 11)
            .lineTo(to, y + 11)
            .lineWidth(0.6)
            .dash(1, { space: 2.5 })
            .strokeColor('#bfbfbf')
            .stroke()
            .undash()
            .restore();
        }
        regular(doc, 10, '#595959').text(pageText, MARGIN.left, y + 2, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
      }
      doc.goTo(MARGIN.left, y, CONTENT_WIDTH, h, e.destination);
      y += h;
    }
  });
}

/** The verdict, as the badge on the pages words it. */
function resultNote(item: ElectronicReportItem): string {
  if (isLocked(item)) return LOCKED_ITEM_TEXT;
  if (item.status === 'unDetected') return '未检出';
  return item.levelLabel ?? '';
}

function levelColor(item: ElectronicReportItem): string {
  if (isLocked(item)) return MUTED;
  if (item.status === 'unDetected' || !item.tone) return MUTED;
  return TONE_COLOURS[item.tone];
}

function categoryHeader(doc: Doc, c: ElectronicReportCategory, destination: string): void {
  doc.addPage();
  doc.addNamedDestination(destination);
  const top = MARGIN.top - 8;
  gradientRect(doc, MARGIN.left, top, CONTENT_WIDTH, 104, c.theme);
  bold(doc, 24, '#ffffff').text(c.name, MARGIN.left + 20, top + 18, { lineBreak: false });
  const open = c.items.filter((i) => !isLocked(i));
  const out = open.filter((i) => i.status === 'out').length;
  const locked = c.items.length - open.length;
  const facts = c.withheld
    ? [c.withheld]
    : [`共 ${c.items.length} 项`, `有结果 ${out} 项`, `未检出 ${open.length - out} 项`, ...(locked ? [`需升级 ${locked} 项`] : [])];
  regular(doc, 11, '#ffffff').text(facts.join('　·　'), MARGIN.left + 20, top + 58, { width: CONTENT_WIDTH - 40 });
  doc.y = top + 104 + 14;
  if (c.description) {
    regular(doc, 10.5, '#434343').text(c.description, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 3 });
    doc.moveDown(0.6);
  }
}

function label(doc: Doc, text: string, color: string): void {
  ensureSpace(doc, 40);
  doc.moveDown(0.5);
  bold(doc, 10.5, color).text(text, MARGIN.left, doc.y);
  doc.moveDown(0.2);
}

function paragraph(doc: Doc, text: string): void {
  regular(doc, 10, '#434343').text(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 2.5 });
}

function genotypeTable(doc: Doc, item: ReportItemDetail, color: string): void {
  const cols = [
    { title: '位点', w: 95 },
    { title: '基因', w: 95 },
    { title: '您的基因型', w: 95 },
    { title: '效应等位基因', w: 100 },
    { title: '东亚人群频率', w: CONTENT_WIDTH - 385 },
  ];
  const rows = item.genotypes.map((g) => [g.rsid, g.gene, formatGenotype(g.genotype), g.effectAllele, formatFrequency(g.eastAsianFreq)]);
  drawTable(doc, cols, rows, color);
}

function references(doc: Doc, refs: ReportReference[]): void {
  refs.forEach((r, i) => {
    ensureSpace(doc, 14);
    // Guideline references are titled with their source already (CPIC Guideline for…).
    const source = REFERENCE_NAMES[r.type];
    const lead = `[${i + 1}] ${r.id.startsWith(source) ? r.id : `${source} ${r.id}`}　`;
    // One wrapped paragraph: a long title or address continues on the next line instead of running off the page.
    regular(doc, 8.5, '#595959').text(lead, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 1.5, continued: true });
    doc.fillColor(LINK).text(r.url, { link: r.url });
    doc.x = MARGIN.left;
    doc.moveDown(0.15);
  });
}

/** Draws one item; `onStart` runs once its page is known (contents and bookmarks point there). */
function itemBlock(doc: Doc, item: ElectronicReportItem, destination: string, onStart: () => void): void {
  const locked = isLocked(item);
  // Keep the title with at least its first lines of content.
  ensureSpace(doc, locked ? 40 : 120);
  doc.moveDown(0.8);
  const y = doc.y;
  doc.addNamedDestination(destination);
  onStart();
  doc
    .save()
    .rect(MARGIN.left, y + 2, 4, 18)
    .fill(item.theme.start)
    .restore();
  // The verdict at the right, once, as a pill; the title wraps in the space left of it.
  const tags: [string, string][] = [[resultNote(item), levelColor(item)]];
  bold(doc, 9);
  let x = PAGE.width - MARGIN.right;
  for (const [text, color] of [...tags].reverse()) {
    x -= doc.widthOfString(text) + 12;
    pill(doc, text, x, y + 3, color);
    x -= 6;
  }
  bold(doc, 14).text(item.title, MARGIN.left + 12, y, { width: Math.max(120, x - MARGIN.left - 20) });
  doc.x = MARGIN.left;
  doc.y = Math.max(doc.y + 4, y + 26);
  const meta = [item.drugClass ? `药物类别：${item.drugClass}` : '', `检测位点：${item.detail}`].filter(Boolean).join('　　');
  regular(doc, 9, MUTED).text(meta, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  // Locked items show no result at all; an item without its detail is one the chip did not read.
  if (locked || !isDetail(item)) {
    const note = locked ? '该项目需升级产品后查看结果。' : UNDETECTED_TEXT;
    regular(doc, 10, '#595959').text(note, MARGIN.left, doc.y + 4, { width: CONTENT_WIDTH });
    rule(doc);
    return;
  }
  const color = item.theme.start;
  label(doc, '项目简介', color);
  paragraph(doc, item.summary);
  label(doc, '您的结果', color);
  if (item.status === 'unDetected') {
    paragraph(doc, UNDETECTED_TEXT);
  } else {
    // A descriptive trait's badge is its label: say it once.
    const said = item.levelLabel === item.label ? item.label : `${item.levelLabel ?? ''}：${item.label ?? ''}`;
    bold(doc, 11, levelColor(item)).text(said ?? '', MARGIN.left, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.2);
    if (item.verdict) paragraph(doc, item.verdict);
    if (item.explanation) paragraph(doc, item.explanation);
  }
  label(doc, '检测位点', color);
  genotypeTable(doc, item, color);
  doc.moveDown(0.3);
  regular(doc, 8.5, MUTED).text(item.populationNote, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 2 });
  label(doc, '建议', color);
  paragraph(doc, item.advice);
  if (item.references.length) {
    label(doc, '参考文献', color);
    references(doc, item.references);
  }
  rule(doc);
}

function rule(doc: Doc): void {
  doc.moveDown(0.6);
  doc
    .save()
    .moveTo(MARGIN.left, doc.y)
    .lineTo(PAGE.width - MARGIN.right, doc.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
    .restore();
}

/** Running header and footer on every page but the cover; written last, once the page count is known. */
function headersAndFooters(doc: Doc, person: ReportPerson): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start + 1; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing into the margins must not trigger pdfkit's automatic page break.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    regular(doc, 8.5, MUTED).text(`基因检测电子报告　${person.name}　${person.barcode}`, MARGIN.left, 34, { lineBreak: false });
    regular(doc, 8.5, MUTED).text(person.productName, MARGIN.left, 34, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    doc
      .save()
      .moveTo(MARGIN.left, 50)
      .lineTo(PAGE.width - MARGIN.right, 50)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
      .restore();
    regular(doc, 8, MUTED).text(REPORT_DISCLAIMER, MARGIN.left, PAGE.height - 40, { lineBreak: false });
    regular(doc, 8.5, MUTED).text(`第 ${i + 1} 页 / 共 ${count} 页`, MARGIN.left, PAGE.height - 40, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** Renders the whole report to a PDF buffer. */
export async function renderElectronicReport(input: ElectronicReportInput): Promise<Buffer> {
  const { regular: regularFont, bold: boldFont } = fonts();
  // No default font: pdfkit would otherwise load Helvetica, which has no Chinese glyphs.
  const generatedAt = input.generatedAt ?? new Date();
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    font: '',
    lang: 'zh-CN',
    displayTitle: true,
    info: {
      Title: `基因检测电子报告 - ${input.person.name}`,
      Author: input.person.productName,
      Subject: `检测条码 ${input.person.barcode}`,
      CreationDate: generatedAt,
    },
  });
  // A layout bug must fail this report, not exhaust the server's memory page by page.
  doc.on('pageAdded', () => {
    if (doc.bufferedPageRange().count > MAX_PAGES) throw new ElectronicReportError('电子报告排版异常（页数过多），请稍后重试或联系客服');
  });
  doc.registerFont('sc', regularFont);
  doc.registerFont('sc-bold', boldFont);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  cover(doc, input, generatedAt);
  personPage(doc, input);

  const entries: ContentsEntry[] = [];
  input.categories.forEach((c, ci) => {
    const note = c.withheld ?? `${c.items.length} 项`;
    entries.push({ kind: 'category', title: c.name, note, destination: `category-${ci}`, color: c.theme.start });
    c.items.forEach((item, ii) => {
      entries.push({ kind: 'item', title: item.title, note: resultNote(item), destination: `item-${ci}-${ii}`, color: levelColor(item) });
    });
  });
  const contents = contentsPages(entries);
  const contentsFirst = currentPage(doc) + 1;
  doc.addPage();
  doc.outline.addItem('目录');
  for (let p = 1; p < contents.length; p++) doc.addPage();

  let e = 0;
  for (const c of input.categories) {
    const catEntry = entries[e++] as ContentsEntry;
    categoryHeader(doc, c, catEntry.destination);
    catEntry.page = currentPage(doc);
    const outline = doc.outline.addItem(c.withheld ? c.name : `${c.name}（${c.items.length} 项）`);
    for (const item of c.items) {
      const entry = entries[e++] as ContentsEntry;
      itemBlock(doc, item, entry.destination, () => {
        entry.page = currentPage(doc);
        outline.addItem(item.title);
      });
    }
  }

  drawContents(doc, contents, contentsFirst);
  headersAndFooters(doc, input.person);
  doc.end();
  return done;
}
