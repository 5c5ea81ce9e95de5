import { z } from 'zod';

/** §7.8 balance calls (the web-view pages of the embedding issue use them). Money in fen. */
export const WALLET_PATHS = {
  /** GET {result}: the caller's balance. */
  balance: '/v1/balance',
  /** GET the caller's ledger entries, page and size. */
  flows: '/v1/balance/flows',
  /** GET {balance, minWithdrawal, maxWithdrawal}. */
  balanceAndLimit: '/v1/balance/balance_and_limit',
  /** POST §3 Withdrawal payload {authCode, payeeAccount, payeeName, amount}. */
  withdrawals: '/v1/balance/withdrawals',
} as const;

export const MIN_WITHDRAWAL = 100;
export const MAX_WITHDRAWAL = 500_000;

/** Why a balance changed; the ledger keeps the code, pages show the label. */
export const LEDGER_REASONS = { reward: '邀请奖励', withdrawal: '提现' } as const;
export type LedgerReason = keyof typeof LEDGER_REASONS;

export const withdrawalSchema = z.object({
  authCode: z.string({ error: '请输入验证码' }).regex(/^\d{6}$/, '验证码为 6 位数字'),
  payeeAccount: z.string({ error: '请输入收款账号' }).trim().min(4, '请输入收款账号').max(64),
  payeeName: z.string({ error: '请输入收款人姓名' }).trim().min(2, '请输入收款人姓名').max(30),
  amount: z
    .number({ error: '请输入提现金额' })
    .int('金额以分为单位，须为整数')
    .min(MIN_WITHDRAWAL, `单笔至少提现 ${MIN_WITHDRAWAL / 100} 元`)
    .max(MAX_WITHDRAWAL, `单笔最多提现 ${MAX_WITHDRAWAL / 100} 元`),
});

export interface LedgerFlow {
  id: string;
  amount: number;
  reason: LedgerReason;
  reasonLabel: string;
  orderId: string | null;
  createdAt: string;
}
