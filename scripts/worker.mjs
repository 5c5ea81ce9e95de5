// `npm run worker`: a job-only process (imports, matching, PDFs) for the Postgres deployment; start as many as
// needed, on any machine that reaches DATABASE_URL and the shared file storage. It serves /healthz, /readyz
// and /metrics on PORT, nothing else.
// First: the server process's V8 flags, before anything else runs (processFlags.ts).
import '../apps/server/src/processFlags.ts';
process.env.PROCESS_ROLE = 'worker';
process.env.NODE_ENV ??= 'production';
await import('../apps/server/src/main.ts');
