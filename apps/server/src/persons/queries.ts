import { PRIVACY_FEATURES, type PersonView, type PrivacyFeature } from '@jiyin/contracts/accounts';
import { schema } from '@jiyin/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { liveConsents } from '../relatives/consent.ts';
import { solarDateOf } from './calendar.ts';

const { persons, kits, personShares, privacySwitches, products, reportResults } = schema;
type PersonRow = typeof persons.$inferSelect;

export type Access = 'owner' | 'shared';

/**
 * A person the user may see: their own, or one shared with them. Anything else — another user's
 * person, a guessed id — answers exactly like a missing one (4004), so ids reveal nothing.
 */
export async function personFor(
  deps: Deps,
  userId: string,
  personId: string,
  need: 'read' | 'write' = 'read',
): Promise<{ row: PersonRow; access: Access }> {
  const { db } = deps.database;
  const [row] = await db.select().from(persons).where(eq(persons.id, personId));
  if (row?.ownerUserId === userId) return { row, access: 'owner' };
  if (row && need === 'read') {
    const [share] = await db
      .select()
      .from(personShares)
      .where(and(eq(personShares.personId, personId), eq(personShares.userId, userId)));
    if (share) return { row, access: 'shared' };
  }
  throw new ApiError('NOT_FOUND', '检测人不存在');
}

/** Own persons first (oldest first), then persons shared with the user. */
export async function listPersonRows(deps: Deps, userId: string): Promise<{ row: PersonRow; access: Access }[]> {
  const { db } = deps.database;
  const own = await db.select().from(persons).where(eq(persons.ownerUserId, userId)).orderBy(persons.createdAt, persons.id);
  const shared = await db
    .select({ p: persons })
    .from(personShares)
    .innerJoin(persons, eq(personShares.personId, persons.id))
    .where(eq(personShares.userId, userId))
    .orderBy(personShares.createdAt);
  return [...own.map((row) => ({ row, access: 'owner' as const })), ...shared.map(({ p }) => ({ row: p, access: 'shared' as const }))];
}

/** §3 Detection person with its detections (bound kits) and privacy switches. */
export async function personViews(deps: Deps, entries: { row: PersonRow; access: Access }[]): Promise<PersonView[]> {
  if (!entries.length) return [];
  const { db } = deps.database;
  const ids = entries.map((e) => e.row.id);
  const kitRows = await db
    .select({
      barcode: kits.barcode,
      personId: kits.personId,
      boundAt: kits.boundAt,
      productId: products.id,
      productName: products.name,
      productType: products.type,
    })
    .from(kits)
    .innerJoin(products, eq(kits.productId, products.id))
    .where(inArray(kits.personId, ids))
    .orderBy(kits.boundAt);
  const switches = await db.select().from(privacySwitches).where(inArray(privacySwitches.personId, ids));
  // geneRelativesVisible is the gene-relatives consent itself, not a switch of its own.
  const joined = await liveConsents(deps, ids);
  const barcodes = kitRows.map((k) => k.barcode);
  const reported = new Set(
    barcodes.length
      ? (await db.select({ barcode: reportResults.barcode }).from(reportResults).where(inArray(reportResults.barcode, barcodes))).map(
          (r) => r.barcode,
        )
      : [],
  );
  return entries.map(({ row, access }) => {
    const detections = kitRows
      .filter((k) => k.personId === row.id)
      .map((k) => ({
        barcode: k.barcode,
        hasReport: reported.has(k.barcode),
        product: { id: k.productId, name: k.productName, type: k.productType },
      }));
    const privacy = Object.fromEntries(
      PRIVACY_FEATURES.map((f) => [
        f.feature,
        f.feature === 'geneRelativesVisible'
          ? joined.has(row.id)
          : (switches.find((s) => s.personId === row.id && s.feature === f.feature)?.open ?? f.defaultOpen),
      ]),
    ) as Record<PrivacyFeature, boolean>;
    return {
      id: row.id,
      name: row.name,
      gender: row.gender,
      birthday: row.birthday ?? null,
      birthdaySolar: row.birthday ? solarDateOf(row.birthday) : null,
      birthplace: row.birthplace ?? null,
      isOwner: access === 'owner',
      share: { isShare: access === 'shared' },
      defaultBarcode: detections[0]?.barcode ?? null,
      detections,
      privacy,
    };
  });
}
