import type { FeelView } from '@jiyin/contracts/reportApi';
import { schema } from '@jiyin/db';
import type { ItemResult } from '@jiyin/genome';
import { and, desc, eq, or } from 'drizzle-orm';
import type { Deps } from '../deps.ts';

const { kits, products, persons, personShares, reportResults, genomes, shareTokens, reportFeels } = schema;

/** A bound kit with what its report pages need: person, product, computed results, haplogroups. */
export interface DetectionRow {
  barcode: string;
  person: { id: string; ownerUserId: string; name: string; gender: 'male' | 'female' };
  product: { id: string; name: string; isOnlineProduct: boolean; supportSubmodules: string[] };
  report: { items: ItemResult[]; haplogroups: Record<string, unknown> | null; computedAt: Date } | null;
  genome: { yHaplogroup: string | null; mtHaplogroup: string | null } | null;
}

/** The detection of a barcode, or null when the barcode is unknown or not bound to a person. */
export async function detectionRow(deps: Deps, barcode: string): Promise<DetectionRow | null> {
  const { db } = deps.database;
  const [row] = await db
    .select({
      barcode: kits.barcode,
      person: { id: persons.id, ownerUserId: persons.ownerUserId, name: persons.name, gender: persons.gender },
      product: {
        id: products.id,
        name: products.name,
        isOnlineProduct: products.isOnlineProduct,
        supportSubmodules: products.supportSubmodules,
      },
      items: reportResults.items,
      haplogroups: reportResults.haplogroups,
      computedAt: reportResults.computedAt,
      yHaplogroup: genomes.yHaplogroup,
      mtHaplogroup: genomes.mtHaplogroup,
      genomeBarcode: genomes.barcode,
    })
    .from(kits)
    .innerJoin(persons, eq(kits.personId, persons.id))
    .innerJoin(products, eq(kits.productId, products.id))
    .leftJoin(reportResults, eq(reportResults.barcode, kits.barcode))
    .leftJoin(genomes, eq(genomes.barcode, kits.barcode))
    .where(eq(kits.barcode, barcode));
  if (!row) return null;
  return {
    barcode: row.barcode,
    person: row.person,
    product: row.product,
    report:
      row.items && row.computedAt
        ? { items: row.items as ItemResult[], haplogroups: row.haplogroups ?? null, computedAt: row.computedAt }
        : null,
    genome: row.genomeBarcode ? { yHaplogroup: row.yHaplogroup, mtHaplogroup: row.mtHaplogroup } : null,
  };
}

/** Whether any person the user owns or was shared has a computed report (sample mode, §4). */
export async function userHasReport(deps: Deps, userId: string): Promise<boolean> {
  const { db } = deps.database;
  const [hit] = await db
    .select({ barcode: reportResults.barcode })
    .from(reportResults)
    .innerJoin(kits, eq(kits.barcode, reportResults.barcode))
    .innerJoin(persons, eq(persons.id, kits.personId))
    .leftJoin(personShares, and(eq(personShares.personId, persons.id), eq(personShares.userId, userId)))
    .where(or(eq(persons.ownerUserId, userId), eq(personShares.userId, userId)))
    .limit(1);
  return Boolean(hit);
}

export type ShareTokenRow = typeof shareTokens.$inferSelect;

export async function shareTokenByHash(deps: Deps, tokenHash: string): Promise<ShareTokenRow | null> {
  const [row] = await deps.database.db.select().from(shareTokens).where(eq(shareTokens.tokenHash, tokenHash));
  return row ?? null;
}

export async function insertShareToken(deps: Deps, row: typeof shareTokens.$inferInsert): Promise<void> {
  await deps.database.db.insert(shareTokens).values(row);
}

/** Share tokens a user created, newest first, with the person's name; optionally of one barcode. */
export async function shareTokensOf(deps: Deps, userId: string, type: string, barcode?: string) {
  const { db } = deps.database;
  const where = [eq(shareTokens.createdBy, userId), eq(shareTokens.type, type)];
  if (barcode) where.push(eq(shareTokens.barcode, barcode));
  return db
    .select({ token: shareTokens, personName: persons.name })
    .from(shareTokens)
    .innerJoin(persons, eq(persons.id, shareTokens.personId))
    .where(and(...where))
    .orderBy(desc(shareTokens.createdAt), desc(shareTokens.id));
}

/** Revokes a token the user created (and whose person they still own); false when there is none. */
export async function revokeShareToken(deps: Deps, userId: string, type: string, id: string, at: Date): Promise<boolean> {
  const { db } = deps.database;
  const [row] = await db
    .select({ id: shareTokens.id, revokedAt: shareTokens.revokedAt })
    .from(shareTokens)
    .innerJoin(persons, eq(persons.id, shareTokens.personId))
    .where(and(eq(shareTokens.id, id), eq(shareTokens.type, type), eq(shareTokens.createdBy, userId), eq(persons.ownerUserId, userId)));
  if (!row) return false;
  // Revoking twice keeps the first revocation time.
  if (!row.revokedAt) await db.update(shareTokens).set({ revokedAt: at }).where(eq(shareTokens.id, id));
  return true;
}

type FeelRow = typeof reportFeels.$inferSelect;

export function feelView(row: FeelRow): FeelView {
  return {
    id: row.id,
    barcode: row.barcode,
    module: row.module,
    relate_id: row.relateId,
    feel: row.feel,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function feelsOf(deps: Deps, userId: string, barcode: string, module?: string, relateId?: string): Promise<FeelRow[]> {
  const where = [eq(reportFeels.userId, userId), eq(reportFeels.barcode, barcode)];
  if (module) where.push(eq(reportFeels.module, module));
  if (relateId) where.push(eq(reportFeels.relateId, relateId));
  return deps.database.db
    .select()
    .from(reportFeels)
    .where(and(...where))
    .orderBy(reportFeels.createdAt, reportFeels.id);
}

/** One feel per user, detection, module and item: a second rating replaces the first. */
export async function upsertFeel(
  deps: Deps,
  v: { id: string; userId: string; barcode: string; module: string; relateId: string; feel: number; at: Date },
): Promise<FeelRow> {
  const [row] = await deps.database.db
    .insert(reportFeels)
    .values({ ...v, createdAt: v.at, updatedAt: v.at })
    .onConflictDoUpdate({
      target: [reportFeels.userId, reportFeels.barcode, reportFeels.module, reportFeels.relateId],
      set: { feel: v.feel, updatedAt: v.at },
    })
    .returning();
  return row;
}

/** The user's own feel by id, or null (another user's id reads as missing). */
export async function ownFeel(deps: Deps, userId: string, id: string): Promise<FeelRow | null> {
  const [row] = await deps.database.db
    .select()
    .from(reportFeels)
    .where(and(eq(reportFeels.id, id), eq(reportFeels.userId, userId)));
  return row ?? null;
}

export async function updateFeel(deps: Deps, id: string, feel: number, at: Date): Promise<FeelRow> {
  const [row] = await deps.database.db.update(reportFeels).set({ feel, updatedAt: at }).where(eq(reportFeels.id, id)).returning();
  return row;
}

export async function deleteFeel(deps: Deps, id: string): Promise<void> {
  await deps.database.db.delete(reportFeels).where(eq(reportFeels.id, id));
}
