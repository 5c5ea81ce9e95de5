import type { SmsPurpose } from '@jiyin/contracts/accounts';
import { schema } from '@jiyin/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { newId, newSmsCode, sha256 } from './tokens.ts';

const { smsCodes } = schema;

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_TRIES = 5;
export const SMS_PHONE_PER_DAY = 10;

interface Target {
  nationCode: string;
  phone: string;
  purpose: SmsPurpose;
}

const codeHash = (t: Target, code: string) => sha256(`${t.nationCode}:${t.phone}:${t.purpose}:${code}`);

async function countSince(deps: Deps, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await deps.database.db.select({ n: sql<number>`count(*)::int` }).from(smsCodes).where(where);
  return row?.n ?? 0;
}

/** Sends a code, within the per-phone (1 per minute by default, 10 per day) and per-IP limits. */
export async function sendSmsCode(deps: Deps, t: Target, ip: string, deliver = true): Promise<void> {
  const now = deps.now();
  const interval = deps.config.sms.minIntervalS * 1000;
  const phoneWhere = (since: number) =>
    and(eq(smsCodes.nationCode, t.nationCode), eq(smsCodes.phone, t.phone), gt(smsCodes.createdAt, new Date(now.getTime() - since)));
  const [last] = await deps.database.db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(phoneWhere(interval))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (last) {
    const wait = Math.ceil((last.createdAt.getTime() + interval - now.getTime()) / 1000);
    throw new ApiError('SMS_TOO_FREQUENT', `验证码发送过于频繁，请 ${Math.max(1, wait)} 秒后再试`);
  }
  if ((await countSince(deps, phoneWhere(24 * 3600_000))) >= SMS_PHONE_PER_DAY) throw new ApiError('SMS_DAILY_LIMIT');
  if (
    (await countSince(deps, and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, new Date(now.getTime() - 3600_000))))) >=
    deps.config.sms.ipPerHour
  ) {
    throw new ApiError('SMS_TOO_FREQUENT');
  }

  const code = newSmsCode();
  const id = newId();
  // Recorded even when not delivered (see the reset route), so limits count every request.
  await deps.database.db.insert(smsCodes).values({
    id,
    ...t,
    ip,
    codeHash: codeHash(t, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
  });
  if (!deliver) return;
  try {
    await deps.sms.send({ ...t, code });
  } catch (err) {
    await deps.database.db.delete(smsCodes).where(eq(smsCodes.id, id));
    throw new ApiError('UNAVAILABLE', '短信发送失败，请稍后重试', 200, err);
  }
}

/**
 * Checks a code: the latest unused one for the phone and purpose, not expired, at most 5 wrong tries.
 * With `consume`, a right code is used up (single use).
 */
export async function verifySmsCode(deps: Deps, t: Target, code: string, consume: boolean): Promise<void> {
  const now = deps.now();
  const [row] = await deps.database.db
    .select()
    .from(smsCodes)
    .where(
      and(eq(smsCodes.nationCode, t.nationCode), eq(smsCodes.phone, t.phone), eq(smsCodes.purpose, t.purpose), isNull(smsCodes.usedAt)),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt <= now) throw new ApiError('SMS_CODE_EXPIRED');
  if (row.tries >= SMS_MAX_TRIES) throw new ApiError('SMS_CODE_EXPIRED', '验证码错误次数过多，请重新获取');
  if (row.codeHash !== codeHash(t, code)) {
    await deps.database.db
      .update(smsCodes)
      .set({ tries: row.tries + 1 })
      .where(eq(smsCodes.id, row.id));
    const left = SMS_MAX_TRIES - row.tries - 1;
    throw new ApiError('SMS_CODE_WRONG', left > 0 ? `验证码错误，还可以再试 ${left} 次` : '验证码错误次数过多，请重新获取');
  }
  if (consume) {
    // Conditional, so two requests racing with one code cannot both use it.
    const used = await deps.database.db
      .update(smsCodes)
      .set({ usedAt: now })
      .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    if (!used.length) throw new ApiError('SMS_CODE_EXPIRED');
  }
}
