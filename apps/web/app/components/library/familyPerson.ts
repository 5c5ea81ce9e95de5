import type { AppLoadContext } from 'react-router';
import { reportContext, type SwitcherEntry } from '../../lib/reportContext.ts';

/**
 * The tested person family claims are made for on the report family pages: the report's current person
 * when the reader owns it, else their first own person (claims need no report, only a bound kit).
 * Persons shared with the reader are never used: only an owner claims for a person.
 */
export async function familyPerson(
  request: Request,
  context: AppLoadContext,
): Promise<{ loggedIn: boolean; person: SwitcherEntry | null; own: SwitcherEntry[] }> {
  const ctx = await reportContext(request, context);
  const own = ctx.entries.filter((e) => e.isOwner);
  const asked = new URL(request.url).searchParams.get('barcode');
  const person =
    own.find((e) => e.barcode === asked) ??
    (ctx.current?.isOwner ? ctx.current : null) ??
    own.find((e) => e.barcode === ctx.barcode) ??
    own[0] ??
    null;
  return { loggedIn: ctx.loggedIn, person, own };
}
