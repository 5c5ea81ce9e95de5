import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** 32 random bytes, URL-safe: the opaque session token the client holds. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens and codes are stored hashed; SHA-256 suffices for high-entropy or short-lived secrets. */
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A 6-digit verification code. */
export const newSmsCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
