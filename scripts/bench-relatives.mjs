// `npm run bench:relatives`: time to match one new genome against 1,000 and then 10,000 stored genomes
// through the queue (the relatives-match job the import pipeline queues: read the consenting genomes
// in chunks, one-to-many matching, write both ways, notices), on PGlite (in-process queue) and on
// Postgres (pg-boss) when DATABASE_URL is set (a fresh database is created and dropped).
//
// Stored genomes are written straight into the tables (persons, kits, genomes, consents): 10,000 full
// simulations would take too long, so the cohort is built the way the genome engine's own bench does
// it (packages/genome/bench/match.ts buildCohort): a few simulated founders per batch, and every cohort
// member takes each whole chromosome from a random one of them. Realistic genotypes that share nothing
// with the query beyond chance. The query's own family (one 'extended-family' run) is stored too, so
// the figures also say whether the job finds its blood relatives among the crowd.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, or, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { RELATIVES_MATCH_JOB } from '../apps/server/src/imports/pipeline.ts';
import { MATCH_CHUNK, runRelativesMatch } from '../apps/server/src/relatives/match.ts';
import { RELATIVES_PROTOCOL_VERSION } from '../packages/contracts/src/relativesApi.ts';
import { DEMO_USER, openDatabase, schema, seedDemoContent } from '../packages/db/src/index.ts';
import { buildCohort } from '../packages/genome/bench/match.ts';
import { createPopulation, createRng, loadPanel, serialisePacked, simulatePedigree } from '../packages/genome/src/index.ts';

const { persons, kits, genomes, relativeConsents, relativeMatches, queueJobs } = schema;
const SIZES = [1000, 10_000];
/** Cohort genomes built per batch, and founders simulated for each batch. */
const BATCH = 500;
const FOUNDERS_PER_BATCH = 40;
const INSERT_ROWS = 50;

const s1 = (ms) => `${(ms / 1000).toFixed(1)} s`;
const panel = loadPanel();
let t = performance.now();
const pop = createPopulation(panel, createRng(90210));
const family = simulatePedigree('extended-family', { panel, seed: 7, population: pop });
const query = family.people.find((p) => p.id === 'daughter');
const blood = new Set(
  family.pairs.filter((q) => (q.a === 'daughter' || q.b === 'daughter') && q.sharedCM > 0).map((q) => (q.a === 'daughter' ? q.b : q.a)),
);
console.log(
  `bench:relatives — population and the query's family simulated in ${s1(performance.now() - t)} (${panel.size.toLocaleString('en-US')} markers)`,
);

let serial = 0;
/** Stores genomes as consenting persons of the demo account, INSERT_ROWS at a time. */
async function store(db, entries) {
  for (let i = 0; i < entries.length; i += INSERT_ROWS) {
    const rows = entries.slice(i, i + INSERT_ROWS).map((e) => {
      serial++;
      return { id: randomUUID(), barcode: `BR${String(serial).padStart(10, '0')}`, ...e };
    });
    await db
      .insert(persons)
      .values(rows.map((r) => ({ id: r.id, ownerUserId: DEMO_USER.id, name: `对照${r.barcode.slice(-5)}`, gender: r.sex })));
    await db
      .insert(kits)
      .values(rows.map((r) => ({ barcode: r.barcode, productId: 'STANDARD_ANCESTRY', personId: r.id, boundAt: new Date() })));
    await db.insert(genomes).values(
      rows.map((r) => ({
        barcode: r.barcode,
        personId: r.id,
        packed: serialisePacked({ ...r.genome, sex: r.sex }),
        vendor: '23andme',
        build: 'GRCh37',
        sex: r.sex,
        callRate: 0.995,
        markerCount: panel.size,
      })),
    );
    await db
      .insert(relativeConsents)
      .values(
        rows.map((r) => ({ personId: r.id, userId: DEMO_USER.id, protocolVersion: RELATIVES_PROTOCOL_VERSION, consentedAt: new Date() })),
      );
  }
  return serial;
}

/** Adds cohort genomes until `target` are stored (batch by batch, so memory stays bounded). */
async function fill(db, stored, target) {
  let n = stored;
  let batch = 0;
  while (n < target) {
    const size = Math.min(BATCH, target - n);
    const cohort = buildCohort(panel, pop, size, FOUNDERS_PER_BATCH, 1000 + n + batch++);
    await store(
      db,
      cohort.map((c) => ({ genome: c.genome, sex: 'female' })),
    );
    n += size;
  }
  return n;
}

async function jobState(app, database, id) {
  if (app.deps.queue.kind === 'table') {
    const [row] = await database.db.select({ state: queueJobs.state }).from(queueJobs).where(eq(queueJobs.id, id));
    return row?.state;
  }
  const rows = await database.db.execute(sql`select state from pgboss.job where id = ${id}`);
  return rows[0]?.state;
}

async function bench(label, databaseUrl) {
  const dataDir = databaseUrl ? '' : mkdtempSync(path.join(tmpdir(), 'jy-bench-relatives-'));
  const database = await openDatabase({ url: databaseUrl, dataDir: dataDir && path.join(dataDir, 'pglite') });
  const results = [];
  try {
    await database.migrate();
    await seedDemoContent(database.db);
    const config = loadConfig({ ...process.env, APP_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir || tmpdir() });
    const app = await buildApp({ config, database }, { pages: false, logger: false });
    await app.ready();
    try {
      const { db } = database;
      // The query's family (all but the query) is stored first; the query joins last, at each size.
      const relatives = family.people.filter((p) => p.id !== 'daughter');
      const relativeIds = new Map();
      const before = serial;
      await store(
        db,
        relatives.map((p) => ({ genome: p.genome, sex: p.sex })),
      );
      for (const [i, p] of relatives.entries()) relativeIds.set(`BR${String(before + i + 1).padStart(10, '0')}`, p.id);
      let stored = relatives.length;
      const queryRow = { id: randomUUID(), barcode: `BQ${String(Date.now() % 1e10).padStart(10, '0')}` };
      for (const size of SIZES) {
        t = performance.now();
        stored = await fill(db, stored, size);
        const fillMs = performance.now() - t;
        if (size === SIZES[0]) {
          await db.insert(persons).values({ id: queryRow.id, ownerUserId: DEMO_USER.id, name: '新用户', gender: 'female' });
          await db
            .insert(kits)
            .values({ barcode: queryRow.barcode, productId: 'STANDARD_ANCESTRY', personId: queryRow.id, boundAt: new Date() });
          await db.insert(genomes).values({
            barcode: queryRow.barcode,
            personId: queryRow.id,
            packed: serialisePacked({ ...query.genome, sex: 'female' }),
            vendor: '23andme',
            build: 'GRCh37',
            sex: 'female',
            callRate: 0.995,
            markerCount: panel.size,
          });
          await db
            .insert(relativeConsents)
            .values({ personId: queryRow.id, userId: DEMO_USER.id, protocolVersion: RELATIVES_PROTOCOL_VERSION, consentedAt: new Date() });
        } else {
          // The same newcomer again, as if new: its earlier matches are removed first.
          await db
            .delete(relativeMatches)
            .where(or(eq(relativeMatches.personId, queryRow.id), eq(relativeMatches.relativePersonId, queryRow.id)));
        }
        const delay = monitorEventLoopDelay({ resolution: 10 });
        delay.enable();
        const t0 = performance.now();
        const jobId = await app.deps.queue.send(RELATIVES_MATCH_JOB, { barcode: queryRow.barcode }, { singletonKey: queryRow.barcode });
        for (;;) {
          const state = await jobState(app, database, jobId);
          if (state === 'completed') break;
          if (state === 'failed') throw new Error('matching job failed');
          await new Promise((r) => setTimeout(r, 10));
        }
        const queuedMs = performance.now() - t0;
        delay.disable();
        // The breakdown, from a second (idempotent) run of the same job's work.
        const again = await runRelativesMatch(app.deps, queryRow.barcode);
        const found = await db
          .select({ relativeBarcode: relativeMatches.relativeBarcode, grade: relativeMatches.grade })
          .from(relativeMatches)
          .where(eq(relativeMatches.personId, queryRow.id));
        const foundBlood = found.filter((f) => blood.has(relativeIds.get(f.relativeBarcode))).length;
        results.push({
          database: label,
          stored: stored.toLocaleString('en-US'),
          'stored in': s1(fillMs),
          'queued → matched': `${(queuedMs / 1000).toFixed(2)} s`,
          'read / match / write': `${(again.readMs / 1000).toFixed(2)} / ${(again.matchMs / 1000).toFixed(2)} / ${(again.writeMs / 1000).toFixed(2)} s`,
          'past prefilter': again.candidates,
          matches: found.length,
          'blood relatives found': `${foundBlood}/${blood.size}`,
          'event loop max delay': `${Math.round(delay.max / 1e6)} ms`,
        });
        console.log(`  ${label}: ${results.at(-1)['queued → matched']} at ${size.toLocaleString('en-US')} stored`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

const rows = [];
t = performance.now();
rows.push(...(await bench('PGlite (in-process queue)')));
console.log(`  PGlite run took ${s1(performance.now() - t)}`);
if (process.env.DATABASE_URL) {
  const name = `jy_bench_${Date.now().toString(36)}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    t = performance.now();
    rows.push(...(await bench('Postgres (pg-boss)', url.toString())));
    console.log(`  Postgres run took ${s1(performance.now() - t)}`);
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
console.log(
  `\nNode ${process.version}; each stored genome ~150 KB (packed, ${panel.size.toLocaleString('en-US')} markers); the query is a newcomer whose ${blood.size} blood relatives are stored among the others; one job reads every consenting genome in chunks of ${MATCH_CHUNK}`,
);
console.table(rows);
