// `npm run bench:relatives`: time for one new genome to be matched against 1,000, 10,000 and 100,000 stored
// consenting genomes on mixed chip layouts through the queue (the relatives-match job the import pipeline
// queues: list the eligible genomes, project the query once per layout, compare, write both ways, notices),
// on PGlite (in-process queue) and on Postgres (pg-boss) when DATABASE_URL is set (a fresh database is
// created and dropped). Sizes: BENCH_RELATIVES_SIZES=1000,10000 to choose; the worker's memory budget is
// RELATIVES_CACHE_MB as in production.
//
// Stored genomes are written straight into the tables in bulk (persons, kits, layouts, genomes, consents):
// 100,000 simulations or imports would take hours. A cohort is built the way the genome engine's bench does
// it (packages/genome/bench/match.ts buildCohort: each member takes each whole chromosome from one of a few
// simulated founders), packed over the engine's two simulated chips (23andMe-v5- and AncestryDNA-v2-sized
// layouts of real markers, 60% / 40%). To seed fast, POOL distinct cohort genomes per chip are packed and
// each stored person gets one of them (said in the output): every stored genome is still read and compared
// on its own. The query's own family is stored too, so the figures say whether the job finds its relatives.
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
import { RELATIVES_PROTOCOL_VERSION } from '../packages/contracts/src/relativesApi.ts';
import { DEMO_USER, openDatabase, schema, seedDemoContent } from '../packages/db/src/index.ts';
import { buildCohort } from '../packages/genome/bench/match.ts';
import {
  chipLayout,
  createPopulation,
  createRng,
  serialiseLayout,
  serialisePacked,
  simulatedOnChip,
  simulatePedigree,
  simulationPanel,
} from '../packages/genome/src/index.ts';

const { persons, kits, genomes, genomeLayouts, relativeConsents, relativeMatches, queueJobs } = schema;
const SIZES = (process.env.BENCH_RELATIVES_SIZES ?? '1000,10000,100000').split(',').map(Number);
/** Distinct cohort genomes packed per chip. */
const POOL = 200;
const FOUNDERS = 60;
/** Persons (and their kits, genomes, consents) written per statement. */
const INSERT_ROWS = 2000;
const CHIPS = [
  { name: '23andme-v5', vendor: '23andme', share: 0.6 },
  { name: 'ancestry-v2', vendor: 'ancestry', share: 0.4 },
];

/**
 * The matching thread's memory budget: RELATIVES_CACHE_MB when set, else room for every stored genome
 * of the largest size (~160 KB each, slabs' tails included), so warm jobs read nothing from the database.
 */
const CACHE_MB = Number(process.env.RELATIVES_CACHE_MB ?? Math.ceil((Math.max(...SIZES) * 170 * 1024) / 1048576) + 256);

const s1 = (ms) => `${(ms / 1000).toFixed(1)} s`;
const s2 = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (b) => `${Math.round(b / 1048576).toLocaleString('en-US')} MB`;
const panel = simulationPanel();
let t = performance.now();
const pop = createPopulation(panel, createRng(90210));
const family = simulatePedigree('extended-family', { panel, seed: 7, population: pop });
const query = family.people.find((p) => p.id === 'daughter');
const blood = new Set(
  family.pairs.filter((q) => (q.a === 'daughter' || q.b === 'daughter') && q.sharedCM > 0).map((q) => (q.a === 'daughter' ? q.b : q.a)),
);
const layouts = CHIPS.map((c) => ({ ...c, layout: chipLayout(c.name) }));
const pools = layouts.map((c, i) => {
  const cohort = buildCohort(panel, pop, POOL, FOUNDERS, 1000 + i);
  return cohort.map((m) => serialisePacked(simulatedOnChip({ ...m.genome, sex: 'female' }, c.name)));
});
console.log(
  `bench:relatives — population, the query's family and ${POOL.toLocaleString('en-US')} cohort genomes per chip built in ${s1(performance.now() - t)} (chips: ${layouts.map((c) => `${c.name} ${c.layout.size.toLocaleString('en-US')} markers`).join(', ')})`,
);

let serial = 0;
/** Columns the bench writes into `genomes` by binary COPY (created_at takes its default). */
const COPY_COLUMNS = 'barcode, person_id, packed, layout_id, vendor, build, sex, call_rate, marker_count';
const utf8 = (x) => Buffer.from(x, 'utf8');

/** One `genomes` row in COPY's binary format: field count, then each field as its length and bytes. */
function copyRow(r) {
  const real = Buffer.alloc(4);
  real.writeFloatBE(0.995);
  const int = Buffer.alloc(4);
  int.writeInt32BE(r.chip.layout.size);
  const fields = [
    utf8(r.barcode),
    utf8(r.id),
    r.packed,
    utf8(r.chip.layout.id),
    utf8(r.chip.vendor),
    utf8('GRCh37'),
    utf8(r.sex),
    real,
    int,
  ];
  const out = [Buffer.alloc(2)];
  out[0].writeInt16BE(fields.length);
  for (const f of fields) {
    const len = Buffer.alloc(4);
    len.writeInt32BE(f.length);
    out.push(len, f);
  }
  return out;
}

/**
 * Genome rows into `genomes` by binary COPY over `client` (a postgres.js connection): the packed bytes
 * go as they are (a multi-row INSERT sends them as hex text, twice the ~15 GB of 100,000 genomes).
 */
async function copyGenomes(client, rows) {
  const sink = await client.unsafe(`copy genomes (${COPY_COLUMNS}) from stdin (format binary)`).writable();
  const done = new Promise((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
  });
  const head = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
  const parts = [head];
  for (const r of rows) parts.push(...copyRow(r));
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1);
  parts.push(trailer);
  for (const part of parts) if (!sink.write(part)) await new Promise((r) => sink.once('drain', r));
  sink.end();
  await done;
}

/**
 * Stores genomes (packed bytes over a chip) as consenting persons of the demo account, in bulk;
 * `client` (Postgres) takes the genomes by binary COPY, else they are inserted.
 */
async function store(db, entries, client) {
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
    if (client) await copyGenomes(client, rows);
    for (let j = 0; !client && j < rows.length; j += 200)
      await db.insert(genomes).values(
        rows.slice(j, j + 200).map((r) => ({
          barcode: r.barcode,
          personId: r.id,
          packed: r.packed,
          layoutId: r.chip.layout.id,
          vendor: r.chip.vendor,
          build: 'GRCh37',
          sex: r.sex,
          callRate: 0.995,
          markerCount: r.chip.layout.size,
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

/** Adds cohort genomes until `target` are stored, each chip its share. */
async function fill(db, stored, target, client) {
  const entries = [];
  for (let n = stored; n < target; n++) {
    const c = n % 10 < CHIPS[0].share * 10 ? 0 : 1;
    entries.push({ chip: layouts[c], packed: pools[c][n % POOL], sex: 'female' });
    if (entries.length === INSERT_ROWS * 10) await store(db, entries.splice(0), client);
  }
  await store(db, entries, client);
  return target;
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
    const config = loadConfig({
      ...process.env,
      APP_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir || tmpdir(),
      RELATIVES_CACHE_MB: String(CACHE_MB),
    });
    const app = await buildApp({ config, database }, { pages: false, logger: false });
    await app.ready();
    // The job's own figures, from the line it logs when done ('relatives matched'): the app logs
    // nowhere here, so the bench listens on the logger the workers were given.
    const logged = [];
    const info = app.log.info.bind(app.log);
    app.log.info = (obj, msg, ...rest) => {
      if (msg === 'relatives matched') logged.push(obj);
      return info(obj, msg, ...rest);
    };
    // Postgres: genomes go in by COPY on a connection of the bench's own, into a table without WAL
    // (written once and dropped with the database; reading it is the same as reading a logged table).
    const client = databaseUrl ? postgres(databaseUrl, { max: 1, onnotice: () => {} }) : null;
    if (client) await client`alter table genomes set unlogged`;
    try {
      const { db } = database;
      for (const c of layouts) {
        await db
          .insert(genomeLayouts)
          .values({ id: c.layout.id, bytes: serialiseLayout(c.layout), markerCount: c.layout.size, vendor: c.vendor })
          .onConflictDoNothing();
      }
      // The query's family (all but the query) is stored first, on alternating chips; the query (on the
      // 23andMe-v5-sized chip) joins last, at each size.
      const relatives = family.people.filter((p) => p.id !== 'daughter');
      const relativeIds = new Map();
      const before = serial;
      await store(
        db,
        relatives.map((p, i) => {
          const chip = layouts[i % 2];
          return { chip, packed: serialisePacked(simulatedOnChip(p.genome, chip.name)), sex: p.sex };
        }),
      );
      for (const [i, p] of relatives.entries()) relativeIds.set(`BR${String(before + i + 1).padStart(10, '0')}`, p.id);
      let stored = relatives.length;
      const queryRow = { id: randomUUID(), barcode: `BQ${String(Date.now() % 1e10).padStart(10, '0')}` };
      const runQueued = async () => {
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
        const ms = performance.now() - t0;
        delay.disable();
        const job = logged.at(-1);
        if (!job || job.barcode !== queryRow.barcode) throw new Error('the matching job logged no figures');
        logged.length = 0;
        return { ms, stallMs: delay.max / 1e6, job, rss: process.memoryUsage().rss };
      };
      for (const size of SIZES) {
        t = performance.now();
        stored = await fill(db, stored, size, client);
        const fillMs = performance.now() - t;
        if (size === SIZES[0]) {
          await db.insert(persons).values({ id: queryRow.id, ownerUserId: DEMO_USER.id, name: '新用户', gender: 'female' });
          await db
            .insert(kits)
            .values({ barcode: queryRow.barcode, productId: 'STANDARD_ANCESTRY', personId: queryRow.id, boundAt: new Date() });
          await db.insert(genomes).values({
            barcode: queryRow.barcode,
            personId: queryRow.id,
            packed: serialisePacked(simulatedOnChip({ ...query.genome, sex: 'female' }, layouts[0].name)),
            layoutId: layouts[0].layout.id,
            vendor: '23andme',
            build: 'GRCh37',
            sex: 'female',
            callRate: 0.995,
            markerCount: layouts[0].layout.size,
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
        // First job after the stored genomes arrived: the worker reads the new ones from the database.
        const cold = await runQueued();
        // The next new genome's job: the matching thread holds what fits its memory budget.
        const warm = await runQueued();
        const found = await db
          .select({ relativeBarcode: relativeMatches.relativeBarcode, grade: relativeMatches.grade })
          .from(relativeMatches)
          .where(eq(relativeMatches.personId, queryRow.id));
        const foundBlood = found.filter((f) => blood.has(relativeIds.get(f.relativeBarcode))).length;
        for (const [run, r] of [
          ['cold', cold],
          ['warm', warm],
        ]) {
          const j = r.job;
          results.push({
            database: label,
            stored: stored.toLocaleString('en-US'),
            'stored in': run === 'cold' ? s1(fillMs) : '',
            job: run,
            'queued → matched': s2(r.ms),
            'pick-up': s2(r.ms - j.totalMs),
            'list / read / match / write': [j.listMs, j.readMs, j.matchMs, j.writeMs].map(s2).join(' / '),
            'match CPU': s2(j.matchCpuMs),
            'memory / db': `${j.fromMemory.toLocaleString('en-US')} / ${j.fromDatabase.toLocaleString('en-US')}`,
            'past prefilter': j.candidates,
            matches: found.length,
            'blood relatives found': `${foundBlood}/${blood.size}`,
            'store / RSS': `${mb(j.storeBytes)} / ${mb(r.rss)}`,
            'event loop max delay': `${Math.round(r.stallMs)} ms`,
          });
        }
        console.table(results.slice(-2));
        const held = warm.job.heldGenomes;
        console.log(
          `  ${label}: ${s2(warm.ms)} at ${size.toLocaleString('en-US')} stored (${s2(cold.ms)} cold); the matching thread holds ${held.toLocaleString('en-US')} genomes in ${mb(warm.job.storeBytes)} of shared memory: ${held ? mb((warm.job.storeBytes / held) * 100_000) : '—'} per 100,000; process RSS ${mb(warm.rss)}`,
        );
      }
    } finally {
      await app.close();
      await client?.end();
    }
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

const rows = [];
// BENCH_RELATIVES_DATABASES=postgres skips PGlite (100,000 genomes are ~15 GB: a Postgres-only size).
const DATABASES = (process.env.BENCH_RELATIVES_DATABASES ?? 'pglite,postgres').split(',');
if (DATABASES.includes('pglite')) {
  t = performance.now();
  rows.push(...(await bench('PGlite (in-process queue)')));
  console.log(`  PGlite run took ${s1(performance.now() - t)}`);
}
if (process.env.DATABASE_URL && DATABASES.includes('postgres')) {
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
  `\nNode ${process.version}; ${layouts.map((c) => `${c.name}: ${c.layout.size.toLocaleString('en-US')} markers, ${Math.round(c.share * 100)}% of the stored`).join('; ')}; a stored genome is ~${Math.round(pools[0][0].length / 1024)} KB packed (${mb(pools[0][0].length * 100_000)} per 100,000); ${POOL.toLocaleString('en-US')} distinct cohort genomes per chip are shared by the stored persons; worker memory budget RELATIVES_CACHE_MB=${CACHE_MB.toLocaleString('en-US')}; the query is a newcomer whose ${blood.size} blood relatives are stored among the others`,
);
console.table(rows);
