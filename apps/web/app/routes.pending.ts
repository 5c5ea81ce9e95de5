/**
 * Routes whose capability is not built yet. Each renders its real layout with an honest "coming soon"
 * body (routes/pending.tsx). Remove a path from here when its page lands (and add it to REAL_PAGES in
 * routes.ts); a test checks every route of the table is in exactly one of the two.
 */
export const PENDING_ROUTES: readonly string[] = [];
