import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Double-entry balance ledger (§7.8 balance): every change is a transaction of entries that sum to
 * zero across accounts. A user's account ('user:<id>') can never go below zero; the platform's
 * accounts (rewards paid out, withdrawals in transit) are the other side of every entry.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull().$type<'user' | 'platform'>(),
    /** Kept with the entries in one transaction; fen. */
    balance: integer('balance').notNull().default(0),
  },
  (t) => [check('ledger_accounts_user_balance_check', sql`${t.kind} <> 'user' OR ${t.balance} >= 0`)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    /** The entries of one change share it; their amounts sum to zero. */
    txId: text('tx_id').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    orderId: text('order_id'),
    withdrawalId: text('withdrawal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.accountId, t.createdAt), index('ledger_entries_tx_idx').on(t.txId)],
);

/** §3 Withdrawal payload: amount to a payee account and name, confirmed by an SMS code. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    amount: integer('amount').notNull(),
    payeeAccount: text('payee_account').notNull(),
    payeeName: text('payee_name').notNull(),
    /** Paid out by staff from the in-transit account later; 'pending' until then. */
    state: text('state').notNull().$type<'pending' | 'paid' | 'rejected'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('withdrawals_user_idx').on(t.userId), check('withdrawals_amount_check', sql`${t.amount} > 0`)],
);
