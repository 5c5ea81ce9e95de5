import { ok } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { PAY_RESULTS, PAY_TYPES, payOrderSchema, SHOP_PATHS } from '@jiyin/contracts/shop';
import { schema } from '@jiyin/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { orderPayment, ownOrder } from '../orders/queries.ts';
import { requireUser } from '../users/session.ts';
import { applyNotification, startPayment } from './logic.ts';
import { DevPayProvider } from './providers.ts';

const { payments, wechatIdentities } = schema;

/** The messaging-app identity (openid) most recently bound to this account, if any (§6 sign-in on /login). */
async function boundOpenid(db: Deps['database']['db'], userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ openid: wechatIdentities.openid })
    .from(wechatIdentities)
    .where(eq(wechatIdentities.userId, userId))
    .orderBy(desc(wechatIdentities.boundAt))
    .limit(1);
  return row?.openid;
}
const orderParams = z.object({ id: z.uuid('订单不存在') });
const providerParams = z.object({ provider: z.enum(PAY_TYPES, { error: '未知的支付渠道' }) });
const simulateParams = z.object({ paymentId: z.uuid('支付记录不存在') });
const simulateBody = z.object({ result: z.enum(PAY_RESULTS, { error: '未知的支付结果' }) });

/** §7.8 paying: start, status, provider notifications, and the development cashier's buttons. */
export async function paymentRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.post(SHOP_PATHS.pay, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(orderParams, req.params);
    const { payType } = parseInput(payOrderSchema, req.body);
    // The payer is whoever the messaging app's sign-in bound to this account, never what the page says.
    const openid = payType === 'wechat' ? await boundOpenid(db, me.userId) : undefined;
    return ok(await startPayment(deps, me.userId, id, payType, { openid }));
  });

  app.get(SHOP_PATHS.pay, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(orderParams, req.params);
    const order = await ownOrder(db, me.userId, id);
    return ok({ orderState: order.state, paymentState: (await orderPayment(db, order.id))?.state ?? null });
  });

  app.get(SHOP_PATHS.payTypes, async () => ok({ list: [...deps.pay.keys()] }));

  // Alipay posts its notifications as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /** Server to server: only a notification the provider signed is applied, and only once. */
  app.post(SHOP_PATHS.payNotify, async (req, reply) => {
    const { provider: name } = parseInput(providerParams, req.params);
    const provider = deps.pay.get(name);
    // WeChat Pay signs the raw JSON text, which the app's JSON parser keeps (http/proxy.ts).
    const notification = provider?.verify(req.body, { headers: req.headers, rawBody: req.rawBody ?? null });
    if (!provider || !notification) {
      req.log.warn({ provider: name }, 'payment notification with a bad signature refused');
      if (name === 'alipay') return reply.type('text/plain').send('fail');
      // WeChat Pay reads a 4xx with {code, message} as a failure and retries.
      if (name === 'wechat') return reply.code(401).send({ code: 'FAIL', message: '签名验证失败' });
      throw new ApiError('BAD_SIGNATURE', '支付通知签名无效');
    }
    const outcome = await applyNotification(deps, provider, notification);
    // Alipay stops retrying only on the bare word "success"; WeChat Pay on an empty 204.
    if (name === 'alipay') return reply.type('text/plain').send('success');
    if (name === 'wechat') return reply.code(204).send();
    return ok({ outcome });
  });

  /**
   * The development cashier's ok / fail / cancel buttons: it signs the notification as a provider
   * would and hands it to the same code a real notification goes through.
   */
  app.post(SHOP_PATHS.devPaySimulate, async (req) => {
    const provider = deps.pay.get('dev');
    if (!(provider instanceof DevPayProvider)) throw new ApiError('API_NOT_FOUND');
    const me = await requireUser(req, deps);
    const { paymentId } = parseInput(simulateParams, req.params);
    const { result } = parseInput(simulateBody, req.body);
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) throw new ApiError('NOT_FOUND', '支付记录不存在');
    await ownOrder(db, me.userId, payment.orderId);
    const signed = provider.notification({ notifyId: newId(), paymentId, amount: payment.amount, result, tradeNo: `DEV${Date.now()}` });
    // Through the notification route itself, as the provider's server would call it.
    const res = await app.inject({ method: 'POST', url: fillPattern(SHOP_PATHS.payNotify, { provider: 'dev' }), payload: signed });
    return res.json();
  });
}
