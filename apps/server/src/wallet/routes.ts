import { ok } from '@jiyin/contracts/envelope';
import { LEDGER_REASONS, type LedgerFlow, MAX_WITHDRAWAL, MIN_WITHDRAWAL, WALLET_PATHS, withdrawalSchema } from '@jiyin/contracts/wallet';
import { type Db, schema } from '@jiyin/db';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { verifySmsCode } from '../auth/smsCodes.ts';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { parseInput } from '../http/errors.ts';
import { requireUser } from '../users/session.ts';
import { PAYOUTS_ACCOUNT, post, userAccount } from './ledger.ts';

const { ledgerAccounts, ledgerEntries, withdrawals, users } = schema;
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

async function balanceOf(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, userAccount(userId)));
  return row?.balance ?? 0;
}

/** §7.8 balance: the caller's balance, its flows, limits, and withdrawals confirmed by SMS code. */
export async function walletRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(WALLET_PATHS.balance, async (req) => {
    const me = await requireUser(req, deps);
    return ok({ result: await balanceOf(db, me.userId) });
  });

  app.get(WALLET_PATHS.balanceAndLimit, async (req) => {
    const me = await requireUser(req, deps);
    return ok({ balance: await balanceOf(db, me.userId), minWithdrawal: MIN_WITHDRAWAL, maxWithdrawal: MAX_WITHDRAWAL });
  });

  app.get(WALLET_PATHS.flows, async (req) => {
    const me = await requireUser(req, deps);
    const { page, size } = parseInput(pageQuery, req.query);
    const mine = eq(ledgerEntries.accountId, userAccount(me.userId));
    const rows = await db
      .select()
      .from(ledgerEntries)
      .where(mine)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(size)
      .offset((page - 1) * size);
    const [{ total }] = await db.select({ total: count() }).from(ledgerEntries).where(mine);
    const list: LedgerFlow[] = rows.map((r) => {
      const reason = r.reason as LedgerFlow['reason'];
      return {
        id: r.id,
        amount: r.amount,
        reason,
        reasonLabel: LEDGER_REASONS[reason],
        orderId: r.orderId,
        createdAt: r.createdAt.toISOString(),
      };
    });
    return ok({ list, total, page, size });
  });

  app.post(WALLET_PATHS.withdrawals, async (req) => {
    const me = await requireUser(req, deps);
    const w = parseInput(withdrawalSchema, req.body);
    const [user] = await db.select().from(users).where(eq(users.id, me.userId));
    await verifySmsCode(deps, { nationCode: user.nationCode, phone: user.phone, purpose: 'withdraw' }, w.authCode, true);
    const now = deps.now();
    const id = newId();
    await db.transaction(async (tx) => {
      await tx.insert(withdrawals).values({
        id,
        userId: me.userId,
        amount: w.amount,
        payeeAccount: w.payeeAccount,
        payeeName: w.payeeName,
        state: 'pending',
        createdAt: now,
      });
      await post(
        tx,
        {
          reason: 'withdrawal',
          withdrawalId: id,
          lines: [
            { accountId: userAccount(me.userId), amount: -w.amount },
            { accountId: PAYOUTS_ACCOUNT, amount: w.amount },
          ],
        },
        now,
      );
    });
    return ok({ id, amount: w.amount, state: 'pending', balance: await balanceOf(db, me.userId) });
  });
}
