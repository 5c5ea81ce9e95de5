import type { Db } from '@jiyin/db';
import type { RawCall, Sex } from '@jiyin/genome';
import { packForStorage } from '../src/imports/compute.ts';
import { storeLayout } from '../src/imports/pipeline.ts';

/**
 * The genome columns of a file's calls as the import stores them (packed over the file's own chip
 * layout, and over the reference panel), with the layout stored too: for tests that put genomes in
 * the database without an upload.
 */
export async function genomeColumns(db: Db, calls: RawCall[], sex: Sex, vendor = '23andme') {
  const stored = packForStorage(calls, sex);
  await storeLayout(db, stored.layout, vendor);
  return { packed: stored.packed, layoutId: stored.layout.id, panelPacked: stored.panelPacked, markerCount: stored.layout.markerCount };
}
