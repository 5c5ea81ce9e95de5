import { isOk } from '@jiyin/contracts/envelope';
import { LAB_TYPE_SLUG, type LabResultView, type LabTestType, labTypeOfSlug } from '@jiyin/contracts/kitServices';
import type { AppLoadContext } from 'react-router';
import { apiClient } from '../api/index.ts';
import { reportContext } from '../reportContext.ts';

/** Kit-service report pages (§2.2 hpv, hp, amh, vade). */
export function isKitServicePath(pathname: string): boolean {
  return /^\/report\/(hpv|hp|amh|vade|ngs)(\/|$)/.test(pathname);
}

/** The test type of a kit-service report path: /report/hpv/detail → HPV. */
export function testTypeOfPath(pathname: string): LabTestType {
  const type = labTypeOfSlug(pathname.split('/')[2] ?? '');
  if (!type) throw new Error(`not a kit-service report path: ${pathname}`);
  return type;
}

/** Where one result is read: each report keeps the path shape of §2.2. */
export function resultPath(type: LabTestType, id: string): string {
  const slug = LAB_TYPE_SLUG[type];
  return type === 'HPV' || type === 'HP' ? `/report/${slug}/detail?id=${id}` : `/report/${slug}/detail/${id}`;
}

export interface KitResultsData {
  type: LabTestType;
  loggedIn: boolean;
  /** Results of every person the user manages or was shared, the current person's first, newest first. */
  results: LabResultView[];
}

/**
 * The results of one test type for the signed-in user's persons. Kit services have no genome
 * report, so the person is not the report context's current one alone (a kit-only customer is in
 * sample mode there): every person of the switcher is asked, the current one first.
 */
export async function loadKitResults(request: Request, context: AppLoadContext): Promise<KitResultsData> {
  const type = testTypeOfPath(new URL(request.url).pathname);
  const ctx = await reportContext(request, context);
  if (!ctx.loggedIn) return { type, loggedIn: false, results: [] };
  const api = apiClient(context.api);
  const current = ctx.current?.personId;
  const personIds = [...new Set(ctx.entries.map((e) => e.personId))].sort((a, b) => Number(b === current) - Number(a === current));
  const answers = await Promise.all(personIds.map((id) => api.kitResults(type, id)));
  const results = answers
    .flatMap((a) => (isOk(a) ? a.data.list : []))
    .sort((a, b) => Number(b.personId === current) - Number(a.personId === current) || b.reportedAt.localeCompare(a.reportedAt));
  return { type, loggedIn: true, results };
}
