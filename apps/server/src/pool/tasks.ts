/**
 * What the compute threads run (piscina calls these by name, pool/index.ts): pure functions over
 * bytes. Nothing here touches the database or the web server; the main thread reads and writes.
 */
import { type AncestryEstimate, deserialisePacked, estimateAncestry } from '@jiyin/genome';
import { ElectronicReportError } from '../electronic-report/errors.ts';
import { type ElectronicReportInput, renderElectronicReport } from '../electronic-report/render.ts';
import { computeImport, computeRepack, type Refusal, refusalOf } from '../imports/compute.ts';
import { firstProbing, type ProbeGenome } from '../relatives/probing.ts';
import { GedcomError, parseGedcom } from '../trees/gedcom.ts';
import { runInBackground } from './background.ts';

runInBackground();

export function importFile(a: { bytes: Uint8Array; statedSex: 'male' | 'female' | null }) {
  return computeImport(a.bytes, a.statedSex);
}

export function repackFile(a: { bytes: Uint8Array; statedSex: 'male' | 'female' | null }) {
  return computeRepack(a.bytes, a.statedSex);
}

export async function renderPdf(input: ElectronicReportInput): Promise<{ pdf: Uint8Array } | { refused: string }> {
  try {
    return { pdf: await renderElectronicReport(input) };
  } catch (e) {
    if (e instanceof ElectronicReportError) return { refused: e.message };
    throw e;
  }
}

export function probe(a: { layouts: Map<string, Uint8Array>; mine: ProbeGenome; earlier: (ProbeGenome & { barcode: string })[] }) {
  return firstProbing(a.layouts, a.mine, a.earlier);
}

export function ancestry(a: { panelPacked: Uint8Array; level: number }): { estimate: AncestryEstimate } | Refusal {
  try {
    return { estimate: estimateAncestry(deserialisePacked(a.panelPacked), { level: a.level }) };
  } catch (e) {
    const refusal = refusalOf(e);
    if (refusal) return refusal;
    throw e;
  }
}

/** A GEDCOM file read into persons and families, or the line that broke it. */
export function gedcom(a: { text: string; nowYear: number }) {
  try {
    return { parsed: parseGedcom(a.text, a.nowYear) };
  } catch (e) {
    if (e instanceof GedcomError) return { refused: e.message, line: e.line };
    throw e;
  }
}
