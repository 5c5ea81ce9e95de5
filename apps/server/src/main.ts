// First: V8's flags, before any other module of the process is evaluated.
import './processFlags.ts';
import { openDatabase, seedDemoContentOnce } from '@jiyin/db';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemoGenome, seedDemoRelatives } from './imports/demo.ts';

/**
 * Start-up: open the database (PGlite under DATA_DIR unless DATABASE_URL), migrate, seed once, start
 * the job workers, give the demo person its imported genome, serve, then queue the demo relatives'
 * imports (gene relatives demo) in the background (DEMO_CONTENT=0 skips both genome steps). A worker
 * process (PROCESS_ROLE=worker) only migrates, runs jobs and answers health and metrics.
 *
 * SIGTERM drains: the listener closes, the queue takes no more jobs and waits up to
 * SHUTDOWN_TIMEOUT_MS for running ones, hands back what is still running, then the process exits.
 */
const config = loadConfig();
const serving = config.role !== 'worker';
const demoGenomes = serving && config.demoGenomes;
const database = await openDatabase({
  url: config.databaseUrl,
  poolSize: config.databasePoolSize,
  dataDir: `${config.dataDir}/pglite`,
  thread: true,
});
await database.migrate();
const seeded = serving && (await seedDemoContentOnce(database.db));
const app = await buildApp({ config, database });
app.log.info(`role: ${config.role}, database: ${database.kind}${seeded ? ', demo content seeded' : ''}`);
if (config.devSignKeys) app.log.warn('request signing uses the built-in development keys (set SIGN_KEY_V1..V3)');
await app.ready();
if (demoGenomes && (await seedDemoGenome(app.deps, app.log))) app.log.info('demo genome imported (simulated 23andMe file)');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  // The drain is bounded by the queue's deadline; this only catches a close that hangs past it.
  setTimeout(() => {
    app.log.error('shutdown did not finish in time, exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs + 10_000).unref();
  await app.close();
  await database.close();
  app.log.info('shut down');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// A fresh process renders its first page several times slower than the next (the renderer's and the UI kit's code
// not yet optimised, the database's pages not yet read): one anonymous render of the home page takes that cost here,
// before the first visitor's page. It reads and shows no one's data.
if (serving) await app.inject({ method: 'GET', url: '/' });
await app.listen({ port: config.port, host: config.host });
if (demoGenomes) seedDemoRelatives(app.deps, app.log).catch((err) => app.log.error({ err }, 'demo relatives could not be queued'));
