// `npm run genomes:repack`: moves every stored genome still packed against an old marker panel onto
// its own chip layout and the current reference panel (read again from its kept raw file) and re-runs
// relative matching for those that had no layout yet, through the
// queue job of apps/server/src/imports/repack.ts, printing the run's progress row until the run and
// the matching it queued are done. Resumable: stop it at any point and run it again. There is no
// staff role in the product yet, so this command (and the server log) is the staff view.
// On the embedded database stop the server first (one process owns PGlite); on Postgres
// (DATABASE_URL) run it anywhere: whichever worker takes the job, this prints the same progress.
import { and, count, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { RELATIVES_MATCH_JOB } from '../apps/server/src/imports/pipeline.ts';
import { latestRepack, queueRepack, REPACK_JOB } from '../apps/server/src/imports/repack.ts';
import { openDatabase, schema } from '../packages/db/src/index.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
await database.migrate();
const app = await buildApp({ config, database }, { pages: false });
await app.ready();

async function pending(names) {
  if (app.deps.queue.kind === 'table') {
    const { queueJobs } = schema;
    const [row] = await database.db
      .select({ n: count() })
      .from(queueJobs)
      .where(and(inArray(queueJobs.name, names), inArray(queueJobs.state, ['created', 'active'])));
    return Number(row.n);
  }
  const rows = await database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name in ${names} and state in ('created', 'retry', 'active')`,
  );
  return rows[0].n;
}

const started = Date.now();
await queueRepack(app.deps);
let last = '';
for (;;) {
  const run = await latestRepack(app.deps);
  const matching = await pending([RELATIVES_MATCH_JOB]);
  const repacking = await pending([REPACK_JOB]);
  const line = run
    ? `repack ${run.id.slice(0, 8)} ${run.state}: ${run.done + run.skipped}/${run.total} (${run.done} moved, ${run.skipped} skipped), matching jobs waiting: ${matching}`
    : 'repack: waiting for the job to start';
  if (line !== last) {
    console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);
    last = line;
  }
  if (run && run.state !== 'running' && repacking === 0 && matching === 0) break;
  await new Promise((r) => setTimeout(r, 1000));
}
await app.close();
await database.close();
