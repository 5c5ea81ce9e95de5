import type { ActivityPic } from '@jiyin/contracts/fission';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/** §3 Activity: a campaign with exactly 3 pictures and start and end dates; fission ones pay a reward. */
export const activities = pgTable(
  'activities',
  {
    id: text('id').primaryKey(),
    /** Which web-view page shows it: the general invitation campaign or a themed one. */
    topic: text('topic').notNull().$type<'fission' | 'hearing' | 'sleep'>(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    rules: text('rules').notNull(),
    /** Paid to the inviter for each of an invitee's orders that is done, in fen. */
    rewardAmount: integer('reward_amount').notNull(),
    picInfos: jsonb('pic_infos').notNull().$type<ActivityPic[]>(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('activities_pics_check', sql`jsonb_array_length(${t.picInfos}) = 3`),
    check('activities_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check('activities_reward_check', sql`${t.rewardAmount} >= 0`),
    index('activities_topic_idx').on(t.topic, t.startDate),
  ],
);

/** A user's invitation code (made on first use). */
export const fissionInvites = pgTable('fission_invites', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Who invited whom: an invitee is invited once, under the activity that was running then. */
export const referrals = pgTable(
  'referrals',
  {
    inviteeUserId: text('invitee_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterUserId: text('inviter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('referrals_inviter_idx').on(t.inviterUserId),
    check('referrals_not_self_check', sql`${t.inviteeUserId} <> ${t.inviterUserId}`),
  ],
);

/** One reward per invitee order: the primary key makes a second payout impossible. */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    inviterUserId: text('inviter_user_id').notNull(),
    inviteeUserId: text('invitee_user_id').notNull(),
    activityId: text('activity_id').notNull(),
    amount: integer('amount').notNull(),
    ledgerTxId: text('ledger_tx_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('referral_rewards_inviter_idx').on(t.inviterUserId, t.createdAt)],
);
