/**
 * Sharing by phone number (family trees, tested persons) as invitations: the inviter learns nothing
 * about the number (same answer whether it has an account or not); its holder accepts or declines.
 */
import { z } from 'zod';
import { nationCodeSchema, phoneSchema } from './accounts.ts';

export const SHARE_INVITE_PATHS = {
  /** GET: open invitations addressed to the signed-in account's phone number. */
  mine: '/v1/share_invitations',
  /** POST: the addressee accepts (idempotent) or declines. */
  accept: '/v1/share_invitations/:id/accept',
  decline: '/v1/share_invitations/:id/decline',
  /** DELETE: the owner of the shared tree or person revokes an open invitation. */
  one: '/v1/share_invitations/:id',
} as const;

/** An invitation stays open this long; inviting the same number again refreshes it. */
export const SHARE_INVITE_TTL_DAYS = 7;
/** Invitations one account may send per 24 hours (trees and persons together). */
export const SHARE_INVITES_PER_DAY = 20;
/** Open invitations one tree or person may have at once. */
export const SHARE_INVITES_OPEN_PER_OBJECT = 10;
/**
 * Notification type of "you were invited to view …". §9 types are 1, 2, 3, 7, 17, 19; this is an
 * internal value beside the other internal ones (30, 41, 42).
 */
export const SHARE_INVITE_NOTICE_TYPE = 43;
/** The one answer to any well-formed number (registered or not). */
export const SHARE_INVITE_SENT = '邀请已发送，对方用这个手机号登录后接受即可查看';

export const shareInviteSchema = z.object({ phoneNumber: phoneSchema, nationCode: nationCodeSchema });

export type ShareInviteStatus = 'accepted' | 'pending' | 'expired';

/** An invitation as its addressee sees it. */
export interface ShareInvitationView {
  id: string;
  kind: 'tree' | 'person';
  /** The tree's or person's name. */
  name: string;
  /** Trees: editor or viewer; persons: null (read-only). */
  role: 'editor' | 'viewer' | null;
  inviterName: string;
  createdAt: string;
  expiresAt: string;
  /** Where the object opens once accepted. */
  treeId: string | null;
  personId: string | null;
}

/** GET /v1/persons/:id/shares: accepted shares (userId, name), then open invitations (invitationId, masked number, no name). */
export interface PersonShareView {
  userId: string | null;
  invitationId: string | null;
  userName: string | null;
  phoneNumber: string;
  sharedAt: string;
  status: ShareInviteStatus;
  expiresAt: string | null;
}
