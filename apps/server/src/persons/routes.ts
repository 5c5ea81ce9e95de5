import { ACCOUNT_PATHS, barcodeSchema, personInputSchema, privacySchema } from '@jiyin/contracts/accounts';
import { type PersonShareView, shareInviteSchema } from '@jiyin/contracts/sharesApi';
import { ok } from '@jiyin/contracts/envelope';
import { schema } from '@jiyin/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { newId } from '../auth/tokens.ts';
import { maskPhone } from '../auth/users.ts';
import type { Deps } from '../deps.ts';
import { markOrderBound } from '../orders/queries.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { deleteStoredFiles, removeGeneticData } from '../imports/cleanup.ts';
import { setRelativesVisible } from '../relatives/consent.ts';
import { invite, openInvitations } from '../shares/service.ts';
import { requireUser } from '../users/session.ts';
import { solarDateOf } from './calendar.ts';
import { listPersonRows, personFor, personViews } from './queries.ts';
import { checkRegion, REGIONS } from './regions.ts';

const { persons, kits, personShares, privacySwitches, users } = schema;

const idParams = z.object({ id: z.uuid('检测人不存在') });
const kitBody = z.object({ barcode: barcodeSchema });
const shareParams = idParams.extend({ userId: z.string().min(1).max(64) });

/** Validates a person's input against the calendars and the region list. */
function checkedPerson(body: unknown) {
  const p = parseInput(personInputSchema, body);
  if (p.birthday) solarDateOf(p.birthday);
  if (p.birthplace) checkRegion(p.birthplace);
  return p;
}

/** §7.6 tested persons: list, one, create, update, delete (or un-share), kits, shares, privacy. */
export async function personRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(ACCOUNT_PATHS.regions, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return ok({ list: REGIONS });
  });

  app.get(ACCOUNT_PATHS.persons, async (req) => {
    const me = await requireUser(req, deps);
    return ok({ list: await personViews(deps, await listPersonRows(deps, me.userId)) });
  });

  app.post(ACCOUNT_PATHS.persons, async (req) => {
    const me = await requireUser(req, deps);
    const p = checkedPerson(req.body);
    const id = newId();
    await db.insert(persons).values({
      id,
      ownerUserId: me.userId,
      ...p,
      birthday: p.birthday ?? null,
      birthplace: p.birthplace ?? null,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    });
    await audit(deps, req, me.userId, 'person-create', { personId: id });
    const [view] = await personViews(deps, [await personFor(deps, me.userId, id)]);
    return ok(view);
  });

  app.get(ACCOUNT_PATHS.person, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const [view] = await personViews(deps, [await personFor(deps, me.userId, id)]);
    return ok(view);
  });

  app.put(ACCOUNT_PATHS.person, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    await personFor(deps, me.userId, id, 'write');
    const p = checkedPerson(req.body);
    await db
      .update(persons)
      .set({ ...p, birthday: p.birthday ?? null, birthplace: p.birthplace ?? null, updatedAt: deps.now() })
      .where(eq(persons.id, id));
    await audit(deps, req, me.userId, 'person-update', { personId: id });
    const [view] = await personViews(deps, [await personFor(deps, me.userId, id)]);
    return ok(view);
  });

  // The owner deletes the person (kits are unbound, shares and switches go with it); someone it was
  // shared with only removes it from their own list (§4 "delete a shared person").
  app.delete(ACCOUNT_PATHS.person, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const { access } = await personFor(deps, me.userId, id);
    if (access === 'owner') {
      const files = await db.transaction(async (tx) => {
        const keys = await removeGeneticData(tx, [id]);
        await tx.update(kits).set({ personId: null, boundAt: null }).where(eq(kits.personId, id));
        await tx.delete(persons).where(eq(persons.id, id));
        return keys;
      });
      await deleteStoredFiles(deps, files, req.log);
    } else {
      await db.delete(personShares).where(and(eq(personShares.personId, id), eq(personShares.userId, me.userId)));
    }
    await audit(deps, req, me.userId, access === 'owner' ? 'person-delete' : 'person-unshare', { personId: id });
    return ok(null);
  });

  app.post(ACCOUNT_PATHS.personKits, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    await personFor(deps, me.userId, id, 'write');
    const { barcode } = parseInput(kitBody, req.body);
    const [kit] = await db.select().from(kits).where(eq(kits.barcode, barcode));
    if (!kit) throw new ApiError('BARCODE_UNKNOWN');
    if (kit.personId) throw new ApiError('BARCODE_BOUND');
    // Guarded by "still unbound" so two people binding the same kit at once cannot both win.
    const bound = await db
      .update(kits)
      .set({ personId: id, boundAt: deps.now() })
      .where(and(eq(kits.barcode, barcode), isNull(kits.personId)))
      .returning({ barcode: kits.barcode, orderId: kits.orderId });
    if (!bound.length) throw new ApiError('BARCODE_BOUND');
    if (bound[0].orderId) await markOrderBound(db, bound[0].orderId, deps.now());
    await audit(deps, req, me.userId, 'kit-bind', { personId: id, barcode });
    const [view] = await personViews(deps, [await personFor(deps, me.userId, id)]);
    return ok(view);
  });

  // Shares by invitation: the same answer for any number; the share exists once its holder accepts.
  app.post(ACCOUNT_PATHS.personShares, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const { row } = await personFor(deps, me.userId, id, 'write');
    const b = parseInput(shareInviteSchema, req.body);
    const sent = await invite(deps, me.userId, { kind: 'person', personId: id, name: row.name }, b);
    await audit(deps, req, me.userId, 'person-share', { personId: id });
    return ok(sent);
  });

  // Accepted shares with the account's name, then the open invitations with only the number's ends.
  app.get(ACCOUNT_PATHS.personShares, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    await personFor(deps, me.userId, id, 'write');
    const rows = await db
      .select({ userId: users.id, name: users.name, phone: users.phone, createdAt: personShares.createdAt })
      .from(personShares)
      .innerJoin(users, eq(personShares.userId, users.id))
      .where(eq(personShares.personId, id))
      .orderBy(personShares.createdAt);
    const invited = await openInvitations(db, { personId: id }, deps.now());
    const list: PersonShareView[] = [
      ...rows.map((r) => ({
        userId: r.userId,
        invitationId: null,
        userName: r.name ?? '',
        phoneNumber: maskPhone(r.phone),
        sharedAt: r.createdAt.toISOString(),
        status: 'accepted' as const,
        expiresAt: null,
      })),
      ...invited.map((r) => ({
        userId: null,
        invitationId: r.invitationId,
        userName: null,
        phoneNumber: r.phone,
        sharedAt: r.createdAt,
        status: r.status,
        expiresAt: r.expiresAt,
      })),
    ];
    return ok({ list });
  });

  app.delete(ACCOUNT_PATHS.personShare, async (req) => {
    const me = await requireUser(req, deps);
    const { id, userId } = parseInput(shareParams, req.params);
    await personFor(deps, me.userId, id, 'write');
    await db.delete(personShares).where(and(eq(personShares.personId, id), eq(personShares.userId, userId)));
    await audit(deps, req, me.userId, 'person-unshare-owner', { personId: id, userId });
    return ok(null);
  });

  app.put(ACCOUNT_PATHS.personPrivacy, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    await personFor(deps, me.userId, id, 'write');
    const b = parseInput(privacySchema, req.body);
    if (b.feature === 'geneRelativesVisible') {
      // Mirrors the gene-relatives consent: off withdraws, on needs the protocol accepted (2720).
      await setRelativesVisible(deps, id, b.open);
    } else {
      const values = { personId: id, feature: b.feature, open: b.open, updatedAt: deps.now() };
      await db
        .insert(privacySwitches)
        .values(values)
        .onConflictDoUpdate({ target: [privacySwitches.personId, privacySwitches.feature], set: { open: b.open, updatedAt: deps.now() } });
    }
    await audit(deps, req, me.userId, 'privacy-switch', { personId: id, feature: b.feature, open: b.open });
    const [view] = await personViews(deps, [await personFor(deps, me.userId, id)]);
    return ok(view);
  });
}
