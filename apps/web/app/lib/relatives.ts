import type { ReportStatus } from '@jiyin/contracts/reports';
import type { AppLoadContext } from 'react-router';
import { type ReportContext, reportContext } from './reportContext.ts';

/** Whose gene relatives a page shows, or why it shows none (§2.6: never in sample or share mode). */
export type RelativesSubject =
  | { kind: 'gate'; gate: 'sample' | 'share' }
  | { kind: 'status'; status: Exclude<ReportStatus, 'out'>; message: string | null }
  | { kind: 'own'; barcode: string; ctx: ReportContext };

export async function relativesSubject(request: Request, context: AppLoadContext): Promise<RelativesSubject> {
  const ctx = await reportContext(request, context);
  if (ctx.mode === 'share') return { kind: 'gate', gate: 'share' };
  if (ctx.mode === 'sample' || !ctx.loggedIn) return { kind: 'gate', gate: 'sample' };
  if (ctx.status !== 'out' || !ctx.barcode)
    return { kind: 'status', status: ctx.status === 'out' ? 'notFound' : ctx.status, message: ctx.statusMessage };
  return { kind: 'own', barcode: ctx.barcode, ctx };
}

/** The list's address with the current person's barcode, so links survive a reload and a switch. */
export function relativesHref(path: string, barcode: string, extra: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams({ barcode });
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== '') q.set(k, String(v));
  return `${path}?${q}`;
}
