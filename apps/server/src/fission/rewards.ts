import { type Db, schema } from '@jiyin/db';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { OrderRow } from '../orders/queries.ts';
import { post, REWARDS_ACCOUNT, userAccount } from '../wallet/ledger.ts';

const { referrals, referralRewards, activities } = schema;
type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/**
 * Pays the inviter of an order's buyer when that order is done: once per invitee order (the reward's
 * primary key is the order id, so a second call inserts nothing and posts nothing). The reward is
 * the one of the activity the invitee joined under, if the order was placed while it ran. Runs in
 * the transaction that moves the order to done.
 */
export async function rewardReferral(tx: Tx, order: Pick<OrderRow, 'id' | 'userId' | 'createdAt'>, now: Date): Promise<number> {
  const [ref] = await tx
    .select({ inviter: referrals.inviterUserId, activityId: referrals.activityId, amount: activities.rewardAmount })
    .from(referrals)
    .innerJoin(activities, eq(activities.id, referrals.activityId))
    .where(
      and(
        eq(referrals.inviteeUserId, order.userId),
        lte(activities.startDate, order.createdAt),
        gt(activities.endDate, order.createdAt),
        lte(referrals.createdAt, order.createdAt),
      ),
    );
  if (!ref || ref.amount <= 0) return 0;
  const txId = await post(
    tx,
    {
      reason: 'reward',
      orderId: order.id,
      lines: [
        { accountId: REWARDS_ACCOUNT, amount: -ref.amount },
        { accountId: userAccount(ref.inviter), amount: ref.amount },
      ],
    },
    now,
  );
  const paid = await tx
    .insert(referralRewards)
    .values({
      orderId: order.id,
      inviterUserId: ref.inviter,
      inviteeUserId: order.userId,
      activityId: ref.activityId,
      amount: ref.amount,
      ledgerTxId: txId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ orderId: referralRewards.orderId });
  // Already paid: the conflict means this posting must not stand, so the caller's transaction is undone.
  if (!paid.length) throw new Error(`referral reward for order ${order.id} was already paid`);
  return ref.amount;
}
