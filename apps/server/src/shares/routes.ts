import { ok } from '@jiyin/contracts/envelope';
import { SHARE_INVITE_PATHS, type ShareInvitationView } from '@jiyin/contracts/sharesApi';
import { schema } from '@jiyin/db';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { findUser, type UserRow } from '../auth/users.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { requireUser } from '../users/session.ts';
import { INVITATION_GONE } from './service.ts';

const { shareInvitations, familyTrees, treeMembers, persons, personShares, users } = schema;

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * The addressee's side of share invitations (list, accept, decline) and the owner's revoke. An
 * invitation is the addressee's when its number is the signed-in account's number, whenever that
 * account was made; any other id answers like a missing one.
 */
export async function shareInviteRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  const signedIn = async (req: FastifyRequest): Promise<UserRow> => {
    const me = await requireUser(req, deps);
    const user = await findUser(deps, me.userId);
    if (!user) throw new ApiError('NOT_LOGGED_IN');
    return user;
  };
  const addressedTo = (user: UserRow) => and(eq(shareInvitations.nationCode, user.nationCode), eq(shareInvitations.phone, user.phone));
  /** One invitation of the caller's number that is still open or was accepted. */
  const mineById = async (req: FastifyRequest) => {
    const user = await signedIn(req);
    const { id } = parseInput(idParams, req.params);
    const [row] = await db
      .select()
      .from(shareInvitations)
      .where(and(eq(shareInvitations.id, id), addressedTo(user)));
    if (!row || row.status === 'revoked' || row.status === 'declined') throw INVITATION_GONE();
    return { user, row };
  };

  app.get(SHARE_INVITE_PATHS.mine, async (req) => {
    const user = await signedIn(req);
    const rows = await db
      .select({ inv: shareInvitations, treeName: familyTrees.name, personName: persons.name, inviterName: users.name })
      .from(shareInvitations)
      .innerJoin(users, eq(users.id, shareInvitations.inviterUserId))
      .leftJoin(familyTrees, eq(familyTrees.id, shareInvitations.treeId))
      .leftJoin(persons, eq(persons.id, shareInvitations.personId))
      .where(and(addressedTo(user), eq(shareInvitations.status, 'pending'), gt(shareInvitations.expiresAt, deps.now())))
      .orderBy(desc(shareInvitations.createdAt), desc(shareInvitations.id));
    const list: ShareInvitationView[] = rows.map((r) => ({
      id: r.inv.id,
      kind: r.inv.kind,
      name: r.treeName ?? r.personName ?? '',
      role: r.inv.role,
      inviterName: r.inviterName || '一位用户',
      createdAt: r.inv.createdAt.toISOString(),
      expiresAt: r.inv.expiresAt.toISOString(),
      treeId: r.inv.treeId,
      personId: r.inv.personId,
    }));
    return ok({ list });
  });

  // Accepting twice is one acceptance; an accepted invitation never brings back a share the owner removed since.
  app.post(SHARE_INVITE_PATHS.accept, async (req) => {
    const { user, row } = await mineById(req);
    if (row.status === 'pending') {
      const now = deps.now();
      if (row.expiresAt <= now) throw new ApiError('SHARE_INVITE_EXPIRED');
      await db.transaction(async (tx) => {
        const won = await tx
          .update(shareInvitations)
          .set({ status: 'accepted', respondedAt: now })
          .where(and(eq(shareInvitations.id, row.id), eq(shareInvitations.status, 'pending')))
          .returning({ id: shareInvitations.id });
        if (!won.length) return;
        // The object still exists (deleting it deletes its invitations); its owner needs no share of their own.
        if (row.treeId && row.role) {
          const [tree] = await tx.select({ owner: familyTrees.ownerUserId }).from(familyTrees).where(eq(familyTrees.id, row.treeId));
          if (!tree) throw INVITATION_GONE();
          if (tree.owner !== user.id) {
            await tx
              .insert(treeMembers)
              .values({ treeId: row.treeId, userId: user.id, role: row.role, createdAt: now })
              .onConflictDoUpdate({ target: [treeMembers.treeId, treeMembers.userId], set: { role: row.role } });
          }
        } else if (row.personId) {
          const [person] = await tx.select({ owner: persons.ownerUserId }).from(persons).where(eq(persons.id, row.personId));
          if (!person) throw INVITATION_GONE();
          if (person.owner !== user.id) {
            await tx.insert(personShares).values({ personId: row.personId, userId: user.id, createdAt: now }).onConflictDoNothing();
          }
        }
      });
      await audit(deps, req, user.id, 'share-invite-accept', { invitationId: row.id, kind: row.kind });
    }
    return ok({ kind: row.kind, treeId: row.treeId, personId: row.personId });
  });

  app.post(SHARE_INVITE_PATHS.decline, async (req) => {
    const { user, row } = await mineById(req);
    if (row.status !== 'pending') throw INVITATION_GONE();
    await db
      .update(shareInvitations)
      .set({ status: 'declined', respondedAt: deps.now() })
      .where(and(eq(shareInvitations.id, row.id), eq(shareInvitations.status, 'pending')));
    await audit(deps, req, user.id, 'share-invite-decline', { invitationId: row.id, kind: row.kind });
    return ok(null);
  });

  // The owner of the tree or person withdraws an invitation not yet answered.
  app.delete(SHARE_INVITE_PATHS.one, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const [row] = await db
      .select({ status: shareInvitations.status, treeOwner: familyTrees.ownerUserId, personOwner: persons.ownerUserId })
      .from(shareInvitations)
      .leftJoin(familyTrees, eq(familyTrees.id, shareInvitations.treeId))
      .leftJoin(persons, eq(persons.id, shareInvitations.personId))
      .where(eq(shareInvitations.id, id));
    if (!row || (row.treeOwner ?? row.personOwner) !== me.userId || row.status !== 'pending') throw INVITATION_GONE();
    await db
      .update(shareInvitations)
      .set({ status: 'revoked', respondedAt: deps.now() })
      .where(and(eq(shareInvitations.id, id), eq(shareInvitations.status, 'pending')));
    await audit(deps, req, me.userId, 'share-invite-revoke', { invitationId: id });
    return ok(null);
  });
}
