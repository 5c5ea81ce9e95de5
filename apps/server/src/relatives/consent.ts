import { RELATIVES_PROTOCOL_VERSION, type RelativesConsentView, type RelativesHoldView } from '@jiyin/contracts/relativesApi';
import { schema } from '@jiyin/db';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { RELATIVES_MATCH_JOB } from '../imports/pipeline.ts';

const { relativeConsents, relativeMatches, genomes } = schema;

export type ConsentRow = typeof relativeConsents.$inferSelect;

/**
 * The consent of each person is the one source of truth for gene relatives: the protocol page
 * writes it, the privacy switch geneRelativesVisible reads and withdraws it, matching and every
 * relatives read require it to be live on both sides.
 */
export async function consentOf(deps: Deps, personId: string): Promise<ConsentRow | null> {
  const [row] = await deps.database.db.select().from(relativeConsents).where(eq(relativeConsents.personId, personId));
  return row ?? null;
}

export const isLive = (c: ConsentRow | null): c is ConsentRow => c !== null && c.withdrawnAt === null;

/** Persons among `personIds` who take part right now. */
export async function liveConsents(deps: Deps, personIds: string[]): Promise<Set<string>> {
  if (!personIds.length) return new Set();
  const rows = await deps.database.db
    .select({ personId: relativeConsents.personId })
    .from(relativeConsents)
    .where(and(inArray(relativeConsents.personId, personIds), isNull(relativeConsents.withdrawnAt)));
  return new Set(rows.map((r) => r.personId));
}

export function consentView(
  c: ConsentRow | null,
  person: { personId: string; name: string; barcode: string },
  canChange: boolean,
  hold: RelativesHoldView | null = null,
): RelativesConsentView {
  return {
    barcode: person.barcode,
    personId: person.personId,
    personName: person.name,
    joined: isLive(c),
    protocolVersion: c?.protocolVersion ?? null,
    consentedAt: c?.consentedAt.toISOString() ?? null,
    withdrawnAt: c?.withdrawnAt?.toISOString() ?? null,
    currentVersion: RELATIVES_PROTOCOL_VERSION,
    olderVersion: isLive(c) && c.protocolVersion !== RELATIVES_PROTOCOL_VERSION,
    canChange,
    hold,
  };
}

/** The detection a person is matched with: their newest genome (one row per person pair). */
export async function matchedBarcodeOf(deps: Deps, personId: string): Promise<string | null> {
  const [row] = await deps.database.db
    .select({ barcode: genomes.barcode })
    .from(genomes)
    .where(eq(genomes.personId, personId))
    .orderBy(desc(genomes.createdAt), desc(genomes.barcode))
    .limit(1);
  return row?.barcode ?? null;
}

/** Queues matching of a person's genome (no-op while one is waiting for the same detection). */
export async function queueMatching(deps: Deps, personId: string): Promise<void> {
  const barcode = await matchedBarcodeOf(deps, personId);
  if (barcode) await deps.queue.send(RELATIVES_MATCH_JOB, { barcode }, { singletonKey: barcode });
}

/**
 * Opt-in through the protocol page: records the protocol version and the time, then queues
 * matching. Accepting an older version than the current one is refused.
 */
export async function joinRelatives(
  deps: Deps,
  person: { personId: string; ownerUserId: string },
  protocolVersion: string,
): Promise<ConsentRow> {
  if (protocolVersion !== RELATIVES_PROTOCOL_VERSION) throw new ApiError('RELATIVES_PROTOCOL_OUTDATED');
  const now = deps.now();
  const values = { userId: person.ownerUserId, protocolVersion, consentedAt: now, withdrawnAt: null };
  const [row] = await deps.database.db
    .insert(relativeConsents)
    .values({ personId: person.personId, ...values })
    .onConflictDoUpdate({ target: relativeConsents.personId, set: values })
    .returning();
  await queueMatching(deps, person.personId);
  return row;
}

/**
 * Withdrawal: the person is hidden from everyone at once (every read joins on live consent) and
 * their matches are deleted, both ways, in the same transaction. Consenting again matches anew.
 * Answers the consent as it now stands (null when the person never joined).
 */
export async function withdrawRelatives(deps: Deps, personId: string): Promise<ConsentRow | null> {
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(relativeConsents)
      .set({ withdrawnAt: deps.now() })
      .where(and(eq(relativeConsents.personId, personId), isNull(relativeConsents.withdrawnAt)))
      .returning();
    await tx.delete(relativeMatches).where(or(eq(relativeMatches.personId, personId), eq(relativeMatches.relativePersonId, personId)));
    if (row) return row;
    const [current] = await tx.select().from(relativeConsents).where(eq(relativeConsents.personId, personId));
    return current ?? null;
  });
}

/**
 * The privacy switch geneRelativesVisible mirrors consent: turning it off withdraws; turning it on
 * is only possible by accepting the protocol, so without a live consent it answers 2720.
 */
export async function setRelativesVisible(deps: Deps, personId: string, open: boolean): Promise<void> {
  if (!open) {
    await withdrawRelatives(deps, personId);
    return;
  }
  if (!isLive(await consentOf(deps, personId))) throw new ApiError('RELATIVES_CONSENT_REQUIRED');
}
