import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { persons } from './persons.ts';
import { familyTrees } from './trees.ts';

/**
 * A share by phone number (a family tree, or a tested person) waiting for the number's holder to accept
 * it. Sharing never looks the number up for the inviter: only when the account signed in with that
 * number accepts does a tree_members / person_shares row exist.
 */
export const shareInvitations = pgTable(
  'share_invitations',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull().$type<'tree' | 'person'>(),
    treeId: text('tree_id').references(() => familyTrees.id, { onDelete: 'cascade' }),
    personId: text('person_id').references(() => persons.id, { onDelete: 'cascade' }),
    /** Trees: editor or viewer; null for persons (always read-only). */
    role: text('role').$type<'editor' | 'viewer'>(),
    inviterUserId: text('inviter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nationCode: text('nation_code').notNull(),
    phone: text('phone').notNull(),
    /** pending past expiresAt reads as expired; a re-invite refreshes it. */
    status: text('status').notNull().$type<'pending' | 'accepted' | 'declined' | 'revoked'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    index('share_invitations_phone_idx').on(t.nationCode, t.phone, t.status),
    index('share_invitations_inviter_idx').on(t.inviterUserId, t.createdAt),
    // One open invitation per object and number: inviting again refreshes it.
    uniqueIndex('share_invitations_tree_pending_uq').on(t.treeId, t.nationCode, t.phone).where(sql`${t.status} = 'pending'`),
    uniqueIndex('share_invitations_person_pending_uq').on(t.personId, t.nationCode, t.phone).where(sql`${t.status} = 'pending'`),
  ],
);
