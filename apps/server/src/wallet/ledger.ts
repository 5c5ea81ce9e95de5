import { LEDGER_REASONS, type LedgerReason } from '@jiyin/contracts/wallet';
import { type Db, schema } from '@jiyin/db';
import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import { ApiError } from '../http/errors.ts';

const { ledgerAccounts, ledgerEntries } = schema;
type Tx = Pick<Db, 'insert' | 'update'>;

export const userAccount = (userId: string) => `user:${userId}`;
/** Rewards paid to users come out of this account (it goes negative by what was paid). */
export const REWARDS_ACCOUNT = 'platform:rewards';
/** Withdrawals wait here until staff pay them out. */
export const PAYOUTS_ACCOUNT = 'platform:payouts';

export interface Posting {
  reason: LedgerReason;
  lines: { accountId: string; amount: number }[];
  orderId?: string;
  withdrawalId?: string;
}

/**
 * Posts one balanced change. Each account is updated by a statement that refuses to take a user's
 * balance below zero (its row lock makes concurrent postings queue, and the check constraint backs
 * it), so two withdrawals can never both spend the same money. Accounts are touched in id order,
 * so concurrent postings cannot deadlock. Run it inside the caller's transaction.
 */
export async function post(tx: Tx, p: Posting, now: Date): Promise<string> {
  if (!(p.reason in LEDGER_REASONS)) throw new Error(`unknown ledger reason ${p.reason}`);
  if (p.lines.length < 2 || p.lines.reduce((s, l) => s + l.amount, 0) !== 0 || p.lines.some((l) => !Number.isInteger(l.amount)))
    throw new Error('a ledger posting needs two or more integer lines summing to zero');
  const txId = newId();
  for (const line of [...p.lines].sort((a, b) => a.accountId.localeCompare(b.accountId))) {
    await tx
      .insert(ledgerAccounts)
      .values({ id: line.accountId, kind: line.accountId.startsWith('user:') ? 'user' : 'platform' })
      .onConflictDoNothing();
    const moved = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${line.amount}` })
      .where(
        and(
          eq(ledgerAccounts.id, line.accountId),
          sql`(${ledgerAccounts.kind} <> 'user' OR ${ledgerAccounts.balance} + ${line.amount} >= 0)`,
        ),
      )
      .returning({ id: ledgerAccounts.id });
    if (!moved.length) throw new ApiError('BAD_REQUEST', '余额不足');
  }
  await tx.insert(ledgerEntries).values(
    p.lines.map((l) => ({
      id: newId(),
      txId,
      accountId: l.accountId,
      amount: l.amount,
      reason: p.reason,
      orderId: p.orderId ?? null,
      withdrawalId: p.withdrawalId ?? null,
      createdAt: now,
    })),
  );
  return txId;
}
