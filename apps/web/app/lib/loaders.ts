import type { Envelope } from '@jiyin/contracts/envelope';
import { CODES } from '@jiyin/contracts/codes';
import { data } from 'react-router';

/**
 * Unwraps an API answer inside a loader: not-found codes become the 404 page, other failures the
 * error view with the server's Chinese message.
 */
export function unwrap<T>(res: Envelope<T>): T {
  if (res.code === 0) return res.data as T;
  if (res.code === CODES.NOT_FOUND.code || res.code === CODES.API_NOT_FOUND.code) throw data(null, { status: 404 });
  if (res.code === CODES.NOT_LOGGED_IN.code) throw data({ message: res.msg }, { status: 401 });
  throw data({ message: res.msg }, { status: 500 });
}
