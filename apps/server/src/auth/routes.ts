import {
  ACCOUNT_PATHS,
  authCodeSchema,
  avatarSchema,
  nameErrors,
  nationCodeSchema,
  normaliseName,
  passwordSchema,
  phoneSchema,
  SMS_PURPOSES,
} from '@jiyin/contracts/accounts';
import { ok } from '@jiyin/contracts/envelope';
import { schema } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { PROXY_PREFIX } from '../http/proxy.ts';
import { requireUser } from '../users/session.ts';
import { audit } from './audit.ts';
import { dummyHash, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { DevSmsProvider } from './providers.ts';
import { createSession, revokeSessions } from './sessions.ts';
import { SMS_CODE_TTL_MS, sendSmsCode, verifySmsCode } from './smsCodes.ts';
import { accountKey, ipKey, throttledAttempt } from './throttle.ts';
import { defaultAvatar, findUser, findUserByPhone, userView } from './users.ts';

const { users } = schema;

const phoneQuery = z.object({ phoneNumber: phoneSchema, nationCode: nationCodeSchema });

const sendBody = z.object({
  // Not needed for account changes: those codes go to the signed-in account's phone.
  phone: phoneSchema.optional(),
  nationCode: nationCodeSchema,
  verifyType: z.enum(SMS_PURPOSES, { error: '未知的验证码用途' }),
  neCaptcha: z.string({ error: '请完成人机验证' }).min(1, '请完成人机验证').max(4096),
});

const checkQuery = phoneQuery.extend({ authCode: authCodeSchema, verifyType: z.enum(SMS_PURPOSES).default('signup') });

/** A new password must pass §5 and not be among the 10,000 most common ones; each has its own code. */
function checkNewPassword(password: string): string {
  const rules = passwordSchema.safeParse(password);
  if (!rules.success) throw new ApiError('PASSWORD_INVALID', rules.error.issues[0]?.message);
  if (isCommonPassword(password)) throw new ApiError('PASSWORD_TOO_COMMON');
  return password;
}
const newPassword = z.string({ error: '请输入密码' }).transform(checkNewPassword);

const signupBody = z.object({
  phoneNumber: phoneSchema,
  nationCode: nationCodeSchema,
  authCode: authCodeSchema,
  password: newPassword.optional(),
  name: z.string().max(100).optional(),
  avatar: avatarSchema.optional(),
  isWechat: z.boolean().optional(),
});

const signinBody = z.union([
  z.object({
    phoneNumber: phoneSchema,
    nationCode: nationCodeSchema,
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64),
    scopes: z.array(z.string().max(32)).max(8).optional(),
  }),
  z.object({
    phoneNumber: phoneSchema,
    nationCode: nationCodeSchema,
    authCode: authCodeSchema,
    scopes: z.array(z.string().max(32)).max(8).optional(),
  }),
]);

const resetBody = z.object({ phoneNumber: phoneSchema, nationCode: nationCodeSchema, authCode: authCodeSchema, password: newPassword });
const changeBody = z.object({
  oldPassword: z.string({ error: '请输入原密码' }).max(64).optional(),
  authCode: authCodeSchema.optional(),
  password: newPassword,
});

/** Native apps (bare paths) get the token in the body for their Authorization header; pages only get the HttpOnly cookie. */
const isApp = (req: FastifyRequest) => !req.url.startsWith(PROXY_PREFIX);

export async function authRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  // The only call that says whether a phone is registered (the sign-up form needs it), so it is
  // rate-limited harder than the rest of the API.
  app.get(ACCOUNT_PATHS.isRegistered, { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (req) => {
    const q = parseInput(phoneQuery, req.query);
    return ok({ registered: Boolean(await findUserByPhone(deps, q.nationCode, q.phoneNumber)) });
  });

  app.post(ACCOUNT_PATHS.sendSmsCode, async (req) => {
    const b = parseInput(sendBody, req.body);
    if (!(await deps.captcha.verify(b.neCaptcha, req.ip))) throw new ApiError('CAPTCHA_FAILED');
    let nationCode = b.nationCode;
    let phone = b.phone ?? '';
    // Codes for account changes, the relatives re-check and withdrawals go to the signed-in account's own phone.
    const ownPhone = b.verifyType === 'modify' || b.verifyType === 'cancel' || b.verifyType === 'recheck' || b.verifyType === 'withdraw';
    if (!ownPhone && !phone) throw new ApiError('PHONE_INVALID', '请输入手机号');
    if (ownPhone) {
      const me = await findUser(deps, (await requireUser(req, deps)).userId);
      if (!me) throw new ApiError('NOT_LOGGED_IN');
      ({ nationCode, phone } = me);
    }
    const registered = Boolean(await findUserByPhone(deps, nationCode, phone));
    if (b.verifyType === 'signup' && registered) throw new ApiError('ALREADY_REGISTERED');
    // Sign-in and reset codes for unknown phones are accepted but never sent: the answer is the same.
    // Order-retrieval codes go to whoever holds the phone: parcels are sent to people without an account too.
    const deliver = b.verifyType === 'signup' || b.verifyType === 'orders' || registered;
    await sendSmsCode(deps, { nationCode, phone, purpose: b.verifyType }, req.ip, deliver);
    return ok({ expiresIn: SMS_CODE_TTL_MS / 1000, resendAfter: deps.config.sms.minIntervalS });
  });

  app.get(ACCOUNT_PATHS.checkAuthCode, async (req) => {
    const q = parseInput(checkQuery, req.query);
    await verifySmsCode(deps, { nationCode: q.nationCode, phone: q.phoneNumber, purpose: q.verifyType }, q.authCode, false);
    return ok({ valid: true });
  });

  app.post(ACCOUNT_PATHS.signup, async (req, reply) => {
    const b = parseInput(signupBody, req.body);
    const name = b.name === undefined ? '' : normaliseName(b.name);
    if (name) {
      const errors = nameErrors(name);
      if (errors.length) throw new ApiError('NAME_INVALID', errors[0]);
    }
    if (await findUserByPhone(deps, b.nationCode, b.phoneNumber)) throw new ApiError('ALREADY_REGISTERED');
    await verifySmsCode(deps, { nationCode: b.nationCode, phone: b.phoneNumber, purpose: 'signup' }, b.authCode, true);
    const id = crypto.randomUUID();
    await db.insert(users).values({
      id,
      nationCode: b.nationCode,
      phone: b.phoneNumber,
      passwordHash: b.password ? await hashPassword(b.password) : null,
      name: name || null,
      avatar: b.avatar ?? defaultAvatar(id),
      state: name ? 4 : 1,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    });
    const token = await createSession(deps, id, req, reply);
    await audit(deps, req, id, 'signup', { isWechat: Boolean(b.isWechat) });
    return ok({ userId: id, ...(isApp(req) ? { token } : {}) });
  });

  app.post(ACCOUNT_PATHS.signin, async (req, reply) => {
    const b = parseInput(signinBody, req.body);
    let user: Awaited<ReturnType<typeof findUserByPhone>>;
    if ('password' in b) {
      await throttledAttempt(
        deps,
        [accountKey(b.nationCode, b.phoneNumber), ipKey(req.ip)],
        async () => {
          // Looked up only past the lock check, so refusals during a lock cost no database work.
          user = await findUserByPhone(deps, b.nationCode, b.phoneNumber);
          // Unknown phones cost the same as wrong passwords, so timing reveals nothing.
          const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), b.password);
          return Boolean(user?.passwordHash) && valid;
        },
        new ApiError('SIGNIN_FAILED'),
      );
    } else {
      await verifySmsCode(deps, { nationCode: b.nationCode, phone: b.phoneNumber, purpose: 'signin' }, b.authCode, true);
      user = await findUserByPhone(deps, b.nationCode, b.phoneNumber);
    }
    if (!user) throw new ApiError('SIGNIN_FAILED');
    const token = await createSession(deps, user.id, req, reply, b.scopes);
    await audit(deps, req, user.id, 'signin', { method: 'password' in b ? 'password' : 'sms' });
    return ok({ userId: user.id, ...(isApp(req) ? { token } : {}) });
  });

  app.post(ACCOUNT_PATHS.resetPassword, async (req) => {
    const b = parseInput(resetBody, req.body);
    await verifySmsCode(deps, { nationCode: b.nationCode, phone: b.phoneNumber, purpose: 'reset' }, b.authCode, true);
    const user = await findUserByPhone(deps, b.nationCode, b.phoneNumber);
    if (!user) throw new ApiError('SMS_CODE_EXPIRED');
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(b.password), updatedAt: deps.now() })
      .where(eq(users.id, user.id));
    await revokeSessions(deps, user.id);
    await audit(deps, req, user.id, 'reset-password');
    return ok(null);
  });

  // Change password with the old one, or with an SMS code (accounts made by SMS have none yet).
  app.put(ACCOUNT_PATHS.changePassword, async (req) => {
    const me = await requireUser(req, deps);
    const b = parseInput(changeBody, req.body);
    const user = await findUser(deps, me.userId);
    if (!user) throw new ApiError('NOT_LOGGED_IN');
    if (b.authCode) {
      await verifySmsCode(deps, { nationCode: user.nationCode, phone: user.phone, purpose: 'modify' }, b.authCode, true);
    } else {
      await throttledAttempt(
        deps,
        [accountKey(user.nationCode, user.phone), ipKey(req.ip)],
        () => verifyPassword(user.passwordHash, b.oldPassword ?? ''),
        new ApiError('OLD_PASSWORD_WRONG'),
      );
    }
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(b.password), updatedAt: deps.now() })
      .where(eq(users.id, user.id));
    await revokeSessions(deps, user.id, { except: me.sessionId });
    await audit(deps, req, user.id, 'change-password');
    return ok(userView({ ...user, passwordHash: 'set' }));
  });

  // Development only: the last SMS code sent to a phone, so people and browser tests can sign up.
  if (deps.sms instanceof DevSmsProvider && (deps.config.env === 'local' || deps.config.env === 'test')) {
    const outbox = deps.sms;
    app.get(ACCOUNT_PATHS.devSmsOutbox, async (req) => {
      const q = parseInput(phoneQuery, req.query);
      const code = outbox.lastCode(q.phoneNumber, q.nationCode);
      if (!code) throw new ApiError('NOT_FOUND', '没有发给这个手机号的验证码');
      return ok({ code });
    });
  }
}
