import type {
  AncestryComposition,
  AncestryLine,
  AncestryLineView,
  AncestryNations,
  AncestryShareView,
  HaplogroupCard,
  LineageHorizonId,
  LineageTreeView,
} from '@jiyin/contracts/ancestryApi';
import { LINEAGE_HORIZONS } from '@jiyin/contracts/ancestryApi';
import { reportAccess } from '@jiyin/contracts/reports';
import {
  ANCESTRY_POPULATIONS,
  ANCESTRY_UNAVAILABLE,
  GenomeError,
  type HaplogroupCall,
  loadAncestryReference,
  serialisePacked,
} from '@jiyin/genome';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import type { ReportSubject } from '../reports/access.ts';
import { sampleGenome } from '../reports/sample.ts';
import { limitsSection, methodNote } from './method.ts';
import { notesOnPath } from './notes.ts';
import { cachedComposition, genomeStoredAt, saveComposition, storedCalls, storedGenome } from './queries.ts';
import { kindOfLine, lineageStep, lineageTree, pathTo, treeIndex } from './trees.ts';

/** The composition as the pages need it, whichever way it was obtained. */
interface Composition {
  populations: { id: string; name: string; share: number; low: number; high: number }[];
  markersUsed: number;
  referenceId: string;
  method: string;
  computedAt: Date | null;
}

const BAND_LEVEL = 0.9;

/**
 * §6: the ancestry report is for standard persons only (share links view as standard); a person
 * without a computed report is in the §4 'none' state.
 */
export function checkAncestryAccess(s: ReportSubject): void {
  if (!reportAccess(s.reportType).ancestry) throw new ApiError('NO_PERMISSION', '该检测产品不包含祖源报告');
  if (!s.person.hasReport) throw new ApiError('REPORT_NOT_READY');
}

/** The engine's refusal as the user's message (too few of the reference's markers). */
function estimateRefused(err: unknown): never {
  if (err instanceof GenomeError && err.code === 'NO_MARKERS') {
    throw new ApiError('ITEM_NOT_SUPPORTED', '您的数据与祖源参考位点重合太少，无法估算祖源成分');
  }
  throw err;
}

let sampleComposition: Promise<Composition> | undefined;

/**
 * The composition of the subject: the sample's is computed once per process; a detection's is read
 * from ancestry_results, and computed from its stored genome (and cached) on the first request,
 * again when the reference panel changed or the genome was imported again since.
 */
export async function compositionOf(deps: Deps, s: ReportSubject): Promise<Composition> {
  if (s.sample) {
    // CPU work as a detection's is (a pool thread's), done once for every visitor; a failure is tried again.
    sampleComposition ??= deps.pool
      .ancestry(serialisePacked(sampleGenome().packed), BAND_LEVEL)
      .then((e) => ({ ...e, computedAt: null }))
      .catch((err) => {
        sampleComposition = undefined;
        return estimateRefused(err);
      });
    return sampleComposition;
  }
  const barcode = s.person.barcode;
  const referenceId = loadAncestryReference().id;
  const [cached, storedAt] = await Promise.all([cachedComposition(deps, barcode), genomeStoredAt(deps, barcode)]);
  if (!storedAt) throw new ApiError('REPORT_NOT_READY', '还没有这位检测人的基因数据，导入数据后即可查看祖源成分');
  if (cached && cached.referenceId === referenceId && cached.computedAt.getTime() >= storedAt.getTime()) return cached;
  const genome = await storedGenome(deps, barcode);
  if (!genome) throw new ApiError('REPORT_NOT_READY');
  if (genome === 'old-panel') {
    throw new ApiError(
      'REPORT_NOT_READY',
      '这位检测人的基因数据正在按新版参考位点重新整理，完成后即可查看祖源成分；如果原始数据文件已经删除，请重新导入',
    );
  }
  // A detection's estimate is CPU work of a request: a pool thread does it.
  const e = await deps.pool.ancestry(genome.bytes, BAND_LEVEL).catch(estimateRefused);
  const row = {
    barcode,
    populations: e.populations,
    markersUsed: e.markersUsed,
    method: e.method,
    referenceId: e.referenceId,
    computedAt: deps.now(),
  };
  await saveComposition(deps, row);
  return row;
}

function shareViews(c: Composition): AncestryShareView[] {
  const sources = new Map(ANCESTRY_POPULATIONS.map((p) => [p.id as string, p.source]));
  return c.populations.map((p) => ({ id: p.id, name: p.name, share: p.share, low: p.low, high: p.high, source: sources.get(p.id) ?? '' }));
}

const unavailable = () => ANCESTRY_UNAVAILABLE.map((u) => ({ ...u }));

/** The haplogroup calls of the subject: the sample's own, or what the import stored (or only the names). */
async function callsOf(deps: Deps, s: ReportSubject): Promise<{ y: HaplogroupCall | null; mt: HaplogroupCall | null }> {
  if (s.sample) return sampleGenome().calls;
  return storedCalls(deps, s.person.barcode);
}

function noHaplogroupReason(s: ReportSubject, line: AncestryLine): string {
  if (line === 'paternal' && s.person.gender === 'female') {
    return '女性没有 Y 染色体，无法判定父系单倍群。可以请父亲、兄弟或同父系的男性亲属检测，他们的父系就是您的父系。';
  }
  return line === 'paternal'
    ? '您的数据中 Y 染色体位点太少或与任何分支都不一致，未能判定父系单倍群。'
    : '您的数据中线粒体位点太少或与任何分支都不一致，未能判定母系单倍群。';
}

function haplogroupName(s: ReportSubject, line: AncestryLine): string | null {
  const name = line === 'paternal' ? s.person.yHaplogroup : s.person.mtHaplogroup;
  // A name the shipped tree does not know (an older tree's call) is shown as undetermined.
  return name && treeIndex(kindOfLine(line)).byId.has(name) ? name : null;
}

function card(s: ReportSubject, line: AncestryLine): HaplogroupCard {
  const t = treeIndex(kindOfLine(line));
  const haplogroup = haplogroupName(s, line);
  if (!haplogroup) return { line, haplogroup: null, snpName: null, headline: null, reason: noHaplogroupReason(s, line) };
  const notes = notesOnPath(t.kind, pathTo(t, haplogroup) ?? []);
  return {
    line,
    haplogroup,
    snpName: t.byId.get(haplogroup)?.snpName ?? null,
    headline: notes.at(-1)?.title ?? null,
    reason: null,
  };
}

export async function compositionView(deps: Deps, s: ReportSubject): Promise<AncestryComposition> {
  const c = await compositionOf(deps, s);
  return {
    sample: s.sample,
    populations: shareViews(c),
    unavailable: unavailable(),
    markersUsed: c.markersUsed,
    referenceId: c.referenceId,
    method: c.method,
    bandLevel: BAND_LEVEL,
    computedAt: c.computedAt?.toISOString() ?? null,
    limits: limitsSection(),
    paternal: card(s, 'paternal'),
    maternal: card(s, 'maternal'),
  };
}

export async function nationsView(deps: Deps, s: ReportSubject): Promise<AncestryNations> {
  const c = await compositionOf(deps, s);
  return {
    sample: s.sample,
    populations: shareViews(c).sort((a, b) => b.share - a.share),
    unavailable: unavailable(),
    markersUsed: c.markersUsed,
    referenceId: c.referenceId,
    bandLevel: BAND_LEVEL,
    computedAt: c.computedAt?.toISOString() ?? null,
    method: methodNote(),
  };
}

export async function lineView(deps: Deps, s: ReportSubject, line: AncestryLine): Promise<AncestryLineView> {
  const t = treeIndex(kindOfLine(line));
  const haplogroup = haplogroupName(s, line);
  const empty = { line, sample: s.sample, snpName: null, confidence: null, path: [], notes: [] };
  if (!haplogroup) return { ...empty, haplogroup: null, reason: noHaplogroupReason(s, line) };
  const path = pathTo(t, haplogroup) ?? [];
  const stored = (await callsOf(deps, s))[line === 'paternal' ? 'y' : 'mt'];
  // The markers the genome showed derived, per node, when the stored call is this haplogroup's.
  const observed = new Map(stored?.haplogroup === haplogroup ? stored.path.map((p) => [p.haplogroup, p.snps]) : []);
  return {
    ...empty,
    haplogroup,
    snpName: t.byId.get(haplogroup)?.snpName ?? null,
    reason: null,
    confidence: stored?.haplogroup === haplogroup ? stored.confidence : null,
    path: path.map((name) => lineageStep(t, name, observed.get(name))),
    notes: notesOnPath(t.kind, path),
  };
}

export function lineageTreeView(s: ReportSubject, horizon: LineageHorizonId): LineageTreeView {
  const haplogroup = haplogroupName(s, 'paternal');
  if (!haplogroup) {
    const reason = noHaplogroupReason(s, 'paternal');
    const horizonYbp = LINEAGE_HORIZONS.find((h) => h.id === horizon)?.ybp ?? 0;
    return { horizon, horizonYbp, sample: s.sample, haplogroup: null, reason, anchor: null, resolved: false, nodes: [], summary: reason };
  }
  return { ...lineageTree(horizon, haplogroup), sample: s.sample, reason: null };
}
