import { type Avatar, schema } from '@jiyin/db';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';

const { users } = schema;

export type UserRow = typeof users.$inferSelect;

export async function findUserByPhone(deps: Deps, nationCode: string, phone: string): Promise<UserRow | undefined> {
  const [row] = await deps.database.db
    .select()
    .from(users)
    .where(and(eq(users.nationCode, nationCode), eq(users.phone, phone)));
  return row;
}

export async function findUser(deps: Deps, id: string): Promise<UserRow | undefined> {
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** §3: default avatars are colour gradients; one is picked from the user id so it stays stable. */
const GRADIENTS: [string, string][] = [
  ['#5b8cff', '#36cfc9'],
  ['#ff9a62', '#ff5e7e'],
  ['#7b61ff', '#c86dd7'],
  ['#2fbf71', '#9be15d'],
  ['#f7b733', '#fc4a1a'],
  ['#00b4db', '#0083b0'],
];
export function defaultAvatar(userId: string): Avatar {
  let h = 0;
  for (const ch of userId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const [startColor, endColor] = GRADIENTS[h % GRADIENTS.length];
  return { type: 'color', startColor, endColor };
}

export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : `${phone.slice(0, 1)}****`;
}

/** §3 User as the pages read it. */
export function userView(u: UserRow) {
  return {
    userId: u.id,
    id: u.id,
    userName: u.name ?? '',
    avatarUrl: u.avatar ?? defaultAvatar(u.id),
    userState: u.state,
    nationCode: u.nationCode,
    phoneNumber: maskPhone(u.phone),
    hasProfile: Boolean(u.name),
    hasPassword: Boolean(u.passwordHash),
    infoCount: 0,
    msgCount: 0,
  };
}
