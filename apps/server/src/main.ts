import { openDatabase, seedDemoContentOnce } from '@jiyin/db';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemoGenome, seedDemoRelatives } from './imports/demo.ts';

/**
 * Start-up: open the database (PGlite under DATA_DIR unless DATABASE_URL), migrate, seed once, start
 * the job workers, give the demo person its imported genome, serve, then queue the demo relatives'
 * imports (gene relatives demo) in the background. A worker process (PROCESS_ROLE=worker) only
 * migrates, runs jobs and answers health and metrics.
 */
const config = loadConfig();
const serving = config.role !== 'worker';
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
await database.migrate();
const seeded = serving && (await seedDemoContentOnce(database.db));
const app = await buildApp({ config, database });
app.log.info(`role: ${config.role}, database: ${database.kind}${seeded ? ', demo content seeded' : ''}`);
if (config.devSignKeys) app.log.warn('request signing uses the built-in development keys (set SIGN_KEY_V1..V3)');
await app.ready();
if (serving && (await seedDemoGenome(app.deps, app.log))) app.log.info('demo genome imported (simulated 23andMe file)');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (serving) seedDemoRelatives(app.deps, app.log).catch((err) => app.log.error({ err }, 'demo relatives could not be queued'));
