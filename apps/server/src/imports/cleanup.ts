import { type Db, schema } from '@jiyin/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { RAW_DATA_PRODUCT_ID } from './pipeline.ts';

const { rawFiles, kits, reportResults, electronicReports, ancestryResults } = schema;

/**
 * Inside the transaction that deletes persons: removes their genetic data the row cascades would
 * not reach (the detections made from imported data, with their genomes and reports, and the
 * reports, ancestry results and report PDFs of lab kits about to be unbound), and answers the storage keys
 * of their raw files and PDFs, to delete once the transaction has committed.
 */
export async function removeGeneticData(tx: Db, personIds: string[]): Promise<string[]> {
  if (!personIds.length) return [];
  const files = await tx.select({ key: rawFiles.storageKey }).from(rawFiles).where(inArray(rawFiles.personId, personIds));
  const bound = await tx.select({ barcode: kits.barcode }).from(kits).where(inArray(kits.personId, personIds));
  const keys = files.map((f) => f.key);
  if (bound.length) {
    const barcodes = bound.map((k) => k.barcode);
    const pdfs = await tx
      .select({ key: electronicReports.storageKey })
      .from(electronicReports)
      .where(inArray(electronicReports.barcode, barcodes));
    for (const p of pdfs) if (p.key) keys.push(p.key);
    await tx.delete(electronicReports).where(inArray(electronicReports.barcode, barcodes));
    await tx.delete(reportResults).where(inArray(reportResults.barcode, barcodes));
    await tx.delete(ancestryResults).where(inArray(ancestryResults.barcode, barcodes));
  }
  await tx.delete(kits).where(and(inArray(kits.personId, personIds), eq(kits.productId, RAW_DATA_PRODUCT_ID)));
  return keys;
}

/** Deletes stored files after their rows are gone; a failure is logged, never undoes the deletion. */
export async function deleteStoredFiles(deps: Pick<Deps, 'storage'>, keys: string[], log: { error(obj: object, msg: string): void }) {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (err) {
      log.error({ err, key }, 'deleting a stored file failed');
    }
  }
}
