// `npm run worker`: a job-only process (imports, matching, PDFs) for the Postgres deployment; start as many as
// needed, on any machine that reaches DATABASE_URL and the shared file storage. It serves /healthz, /readyz
// and /metrics on PORT, nothing else.
process.env.PROCESS_ROLE = 'worker';
process.env.NODE_ENV ??= 'production';
await import('../apps/server/src/main.ts');
