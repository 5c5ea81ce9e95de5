import { CODES } from '@jiyin/contracts/codes';
import type { Envelope } from '@jiyin/contracts/envelope';
import { unwrap } from './loaders.ts';

/** Codes the staff layout answers itself (sign-in, role, the password step): the page then has no data. */
const LAYOUT_CODES: readonly number[] = [
  CODES.NOT_LOGGED_IN.code,
  CODES.SESSION_EXPIRED.code,
  CODES.SESSION_REVOKED.code,
  CODES.NO_PERMISSION.code,
  CODES.STAFF_CONFIRM_REQUIRED.code,
  CODES.STAFF_SIGNIN_REQUIRED.code,
];

/** A staff page loader's answer: null while the layout shows its own step, else the data (errors as usual). */
export function staffData<T>(res: Envelope<T>): T | null {
  if (LAYOUT_CODES.includes(res.code)) return null;
  return unwrap(res);
}
