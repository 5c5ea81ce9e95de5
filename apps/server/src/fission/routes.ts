import { randomInt } from 'node:crypto';
import { ok } from '@jiyin/contracts/envelope';
import {
  ACTIVITY_TOPICS,
  type ActivityView,
  activityCheckPass,
  FISSION_PATHS,
  type FissionMe,
  inviteCodeSchema,
} from '@jiyin/contracts/fission';
import { type Db, schema } from '@jiyin/db';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { requireUser } from '../users/session.ts';

const { activities, fissionInvites, referrals, referralRewards, users } = schema;
type ActivityRow = typeof activities.$inferSelect;

export function activityView(a: ActivityRow, now: Date): ActivityView {
  return {
    id: a.id,
    topic: a.topic,
    title: a.title,
    description: a.description,
    rules: a.rules,
    rewardAmount: a.rewardAmount,
    picInfos: a.picInfos,
    startDate: a.startDate.toISOString(),
    endDate: a.endDate.toISOString(),
    now: now.toISOString(),
    createAt: a.createdAt.toISOString(),
    params: { activityStartTime: a.startDate.toISOString(), activityEndTime: a.endDate.toISOString() },
    checkPass: activityCheckPass(a),
  };
}

/** A name shown to the other side of an invitation: its first character and a mask. */
const maskName = (name: string | null) => (name ? `${[...name][0]}**` : '用户');

/** The activity of a topic running at `now`, newest first. */
async function runningActivity(db: Pick<Db, 'select'>, topic: ActivityRow['topic'], now: Date): Promise<ActivityRow | undefined> {
  const [a] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.topic, topic), lte(activities.startDate, now), gt(activities.endDate, now)))
    .orderBy(desc(activities.startDate))
    .limit(1);
  return a;
}

// No 0/O, 1/I: codes are read aloud and typed from pictures.
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');

/** §1 referral campaign (fission) and §3 activities, for the web-view pages. */
export async function fissionRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(FISSION_PATHS.current, async (req) => {
    const { topic } = parseInput(z.object({ topic: z.enum(ACTIVITY_TOPICS, { error: '未知的活动类型' }).default('fission') }), req.query);
    const now = deps.now();
    const a = await runningActivity(db, topic, now);
    return ok({ list: a ? [activityView(a, now)] : [] });
  });

  app.get(FISSION_PATHS.all, async () => {
    const rows = await db.select().from(activities).orderBy(desc(activities.startDate)).limit(100);
    return ok({ list: rows.map((a) => activityView(a, deps.now())) });
  });

  app.get(FISSION_PATHS.one, async (req) => {
    const { id } = parseInput(z.object({ id: z.uuid('活动不存在') }), req.params);
    const [a] = await db.select().from(activities).where(eq(activities.id, id));
    if (!a) throw new ApiError('NOT_FOUND', '活动不存在');
    return ok(activityView(a, deps.now()));
  });

  app.get(FISSION_PATHS.me, async (req) => {
    const me = await requireUser(req, deps);
    let [invite] = await db.select().from(fissionInvites).where(eq(fissionInvites.userId, me.userId));
    // A code clash (1 in 32^8) just tries again.
    for (let i = 0; !invite && i < 5; i++) {
      [invite] = await db
        .insert(fissionInvites)
        .values({ userId: me.userId, code: newCode(), createdAt: deps.now() })
        .onConflictDoNothing()
        .returning();
      if (!invite) [invite] = await db.select().from(fissionInvites).where(eq(fissionInvites.userId, me.userId));
    }
    if (!invite) throw new ApiError('INTERNAL');
    const invitees = await db
      .select({ name: users.name, joinedAt: referrals.createdAt })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.inviteeUserId))
      .where(eq(referrals.inviterUserId, me.userId))
      .orderBy(desc(referrals.createdAt));
    const rewards = await db
      .select({ amount: referralRewards.amount, name: users.name, createdAt: referralRewards.createdAt })
      .from(referralRewards)
      .innerJoin(users, eq(users.id, referralRewards.inviteeUserId))
      .where(eq(referralRewards.inviterUserId, me.userId))
      .orderBy(desc(referralRewards.createdAt));
    const [by] = await db
      .select({ name: users.name })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.inviterUserId))
      .where(eq(referrals.inviteeUserId, me.userId));
    const view: FissionMe = {
      code: invite.code,
      invitees: invitees.map((i) => ({ name: maskName(i.name), joinedAt: i.joinedAt.toISOString() })),
      rewards: rewards.map((r) => ({ amount: r.amount, inviteeName: maskName(r.name), createdAt: r.createdAt.toISOString() })),
      rewardTotal: rewards.reduce((s, r) => s + r.amount, 0),
      invitedBy: by ? maskName(by.name) : null,
    };
    return ok(view);
  });

  /** The invitee's landing page: who invites them (masked) and the running campaign. */
  app.get(FISSION_PATHS.invite, async (req) => {
    const { code } = parseInput(inviteCodeSchema, req.query);
    const [row] = await db
      .select({ name: users.name })
      .from(fissionInvites)
      .innerJoin(users, eq(users.id, fissionInvites.userId))
      .where(eq(fissionInvites.code, code));
    if (!row) throw new ApiError('INVITE_INVALID');
    const now = deps.now();
    const a = await runningActivity(db, 'fission', now);
    return ok({ inviterName: maskName(row.name), activity: a ? activityView(a, now) : null });
  });

  /**
   * The invitee accepts: once per invitee (primary key), never oneself (check constraint), only
   * while a campaign runs, and only before their first order (a customer is not "new" any more).
   */
  app.post(FISSION_PATHS.accept, async (req) => {
    const me = await requireUser(req, deps);
    const { code } = parseInput(inviteCodeSchema, req.body);
    const [inviter] = await db.select().from(fissionInvites).where(eq(fissionInvites.code, code));
    if (!inviter) throw new ApiError('INVITE_INVALID');
    if (inviter.userId === me.userId) throw new ApiError('INVITE_INVALID', '不能接受自己的邀请');
    const now = deps.now();
    const a = await runningActivity(db, 'fission', now);
    if (!a) throw new ApiError('ACTIVITY_ENDED');
    const [ordered] = await db.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.userId, me.userId)).limit(1);
    if (ordered) throw new ApiError('INVITE_INVALID', '邀请仅限尚未下过单的新用户');
    const added = await db
      .insert(referrals)
      .values({ inviteeUserId: me.userId, inviterUserId: inviter.userId, activityId: a.id, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!added.length) throw new ApiError('INVITE_TAKEN');
    await audit(deps, req, me.userId, 'fission-accept', { activityId: a.id });
    return ok({ accepted: true, activity: activityView(a, now) });
  });
}
