import { ACCOUNT_PATHS, type DeliveryAddressView, deliveryAddressSchema } from '@jiyin/contracts/accounts';
import { ok } from '@jiyin/contracts/envelope';
import { schema } from '@jiyin/db';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { checkRegion } from '../persons/regions.ts';
import { requireUser } from '../users/session.ts';

const { deliveryAddresses } = schema;
type AddressRow = typeof deliveryAddresses.$inferSelect;

const idParams = z.object({ id: z.uuid('收货地址不存在') });
/** Enough for any household; stops one account from filling the table. */
const MAX_ADDRESSES = 20;

function view(r: AddressRow): DeliveryAddressView {
  return {
    id: r.id,
    receiver: r.receiver,
    nationCode: r.nationCode,
    phone: r.phone,
    region: r.region,
    detail: r.detail,
    isDefault: r.isDefault,
  };
}

function checkedAddress(body: unknown) {
  const a = parseInput(deliveryAddressSchema, body);
  checkRegion(a.region, '所在地区');
  return a;
}

/** §7.2 delivery addresses: list, create, update, delete; only ever the caller's own. */
export async function addressRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  /** The caller's address; another user's id answers like a missing one. */
  async function ownAddress(userId: string, id: string): Promise<AddressRow> {
    const [row] = await db
      .select()
      .from(deliveryAddresses)
      .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.userId, userId)));
    if (!row) throw new ApiError('NOT_FOUND', '收货地址不存在');
    return row;
  }

  /** At most one default: setting one clears the others. */
  async function clearOtherDefaults(userId: string, keepId: string) {
    await db
      .update(deliveryAddresses)
      .set({ isDefault: false })
      .where(and(eq(deliveryAddresses.userId, userId), ne(deliveryAddresses.id, keepId)));
  }

  app.get(ACCOUNT_PATHS.deliveryAddresses, async (req) => {
    const me = await requireUser(req, deps);
    const rows = await db
      .select()
      .from(deliveryAddresses)
      .where(eq(deliveryAddresses.userId, me.userId))
      .orderBy(desc(deliveryAddresses.isDefault), asc(deliveryAddresses.createdAt));
    return ok({ list: rows.map(view) });
  });

  app.get(ACCOUNT_PATHS.deliveryAddress, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    return ok(view(await ownAddress(me.userId, id)));
  });

  app.post(ACCOUNT_PATHS.deliveryAddresses, async (req) => {
    const me = await requireUser(req, deps);
    const a = checkedAddress(req.body);
    const existing = await db.select({ id: deliveryAddresses.id }).from(deliveryAddresses).where(eq(deliveryAddresses.userId, me.userId));
    if (existing.length >= MAX_ADDRESSES) throw new ApiError('BAD_REQUEST', `最多保存 ${MAX_ADDRESSES} 个收货地址`);
    const id = newId();
    // The first address is the default whatever the body says.
    const isDefault = a.isDefault || existing.length === 0;
    await db.insert(deliveryAddresses).values({ id, userId: me.userId, ...a, isDefault, createdAt: deps.now(), updatedAt: deps.now() });
    if (isDefault) await clearOtherDefaults(me.userId, id);
    await audit(deps, req, me.userId, 'address-create', { addressId: id });
    return ok(view(await ownAddress(me.userId, id)));
  });

  app.put(ACCOUNT_PATHS.deliveryAddress, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    await ownAddress(me.userId, id);
    const a = checkedAddress(req.body);
    await db
      .update(deliveryAddresses)
      .set({ ...a, updatedAt: deps.now() })
      .where(eq(deliveryAddresses.id, id));
    if (a.isDefault) await clearOtherDefaults(me.userId, id);
    await audit(deps, req, me.userId, 'address-update', { addressId: id });
    return ok(view(await ownAddress(me.userId, id)));
  });

  app.delete(ACCOUNT_PATHS.deliveryAddress, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    await ownAddress(me.userId, id);
    await db.delete(deliveryAddresses).where(eq(deliveryAddresses.id, id));
    await audit(deps, req, me.userId, 'address-delete', { addressId: id });
    return ok(null);
  });
}
