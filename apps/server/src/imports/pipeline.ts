import { createHash, randomInt } from 'node:crypto';
import { IMPORT_BARCODE_PREFIX, type ImportStageName, REPORT_READY_NOTICE_TYPE } from '@jiyin/contracts/reportApi';
import { type Db, schema } from '@jiyin/db';
import { type GenomeError, loadKnowledgeBase, loadPanel } from '@jiyin/genome';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Deps } from '../deps.ts';
import { genomeErrorOf } from '../pool/index.ts';
import { liveConsents } from '../relatives/consent.ts';
import { gateImport } from '../relatives/guard.ts';
import { notify, PERSON_SLOT } from '../notifications/service.ts';
import type { ImportComputed, PackedForStorage } from './compute.ts';

const { importJobs, rawFiles, kits, genomes, genomeLayouts, reportResults, persons } = schema;

export const IMPORT_JOB = 'import';
/** Queued after every import; its worker comes with the gene-relatives issue. */
export const RELATIVES_MATCH_JOB = 'relatives-match';
/** The product of detections created from imported raw data (seeded, not sold). */
export const RAW_DATA_PRODUCT_ID = 'RAW_DATA_IMPORT';

export interface ImportPayload {
  importJobId: string;
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** What to tell the user for each engine error: its own message (line, vendor, call rate), plus what to do. */
const ADVICE: Partial<Record<GenomeError['code'], string>> = {
  EMPTY_FILE: '请从检测机构重新导出原始数据后上传',
  BINARY_FILE: '请上传检测机构提供的 .txt、.csv、.vcf 文本文件或其 .zip、.gz 压缩包',
  BAD_ARCHIVE: '请重新下载原始数据后上传',
  MALFORMED_LINE: '请上传检测机构导出的原始文件，不要手工修改',
  UNSUPPORTED_FORMAT: '请上传检测机构导出的原始数据文件',
  NO_MARKERS: '请确认上传的是包含基因型的原始数据文件',
  LOW_CALL_RATE: '请联系检测机构确认样本质量，或上传完整导出的文件',
  TOO_LARGE: '请上传检测机构导出的原始数据文件',
};

export function importErrorMessage(e: GenomeError): string {
  const advice = ADVICE[e.code];
  return advice ? `${e.message}。${advice}` : e.message;
}

let kbVersionCache: string | undefined;
/** Changes whenever the knowledge base or the panel does, so stale reports can be told apart. */
export function kbVersion(): string {
  kbVersionCache ??= `${loadPanel().id}+kb-${createHash('sha256').update(JSON.stringify(loadKnowledgeBase())).digest('hex').slice(0, 12)}`;
  return kbVersionCache;
}

/**
 * Stores a layout once (its id is its content hash, so a second writer stores the same bytes). Most
 * imports come on a chip already stored: a look by id first spares sending its ~1 MB to the database.
 */
export async function storeLayout(tx: Db, layout: PackedForStorage['layout'], vendor: string): Promise<void> {
  const [known] = await tx.select({ id: genomeLayouts.id }).from(genomeLayouts).where(eq(genomeLayouts.id, layout.id));
  if (known) return;
  await tx
    .insert(genomeLayouts)
    .values({ ...layout, vendor })
    .onConflictDoNothing();
}

/**
 * An upsert's SET taking each of the row's columns from the row proposed for insertion (`excluded`),
 * so its values, the packed genome's bytes among them, go to the database once and not twice.
 */
function fromExcluded(table: PgTable, row: object): Record<string, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(Object.keys(row).map((k) => [k, sql.raw(`excluded."${columns[k].name}"`)]));
}

/** 'IM' + 10 digits: the barcode format of kits (BARCODE_PATTERN), prefixed so imports are told apart. */
async function newImportBarcode(tx: Db, personId: string, now: Date): Promise<string> {
  for (;;) {
    const barcode = `${IMPORT_BARCODE_PREFIX}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
    const made = await tx
      .insert(kits)
      .values({ barcode, productId: RAW_DATA_PRODUCT_ID, personId, boundAt: now, createdAt: now })
      .onConflictDoNothing()
      .returning({ barcode: kits.barcode });
    if (made.length) return barcode;
  }
}

/**
 * The stages a job may move to a stage from. A stage never goes back, so a second run of the same
 * job (after a lock ran out while the first still worked) cannot undo the first one's progress.
 */
const MOVES_FROM = {
  parsing: ['queued', 'parsing', 'computing'],
  computing: ['parsing'],
  done: ['matching', 'done'],
  failed: ['queued', 'parsing', 'computing'],
} satisfies Record<string, ImportStageName[]>;

/**
 * The import job: parse the stored file, compute the reports, then write the detection, genome,
 * reports and notice in one transaction, queue relative matching and finish. Idempotent: a job that
 * is done returns at once; one interrupted before its transaction starts over (nothing was
 * written); one interrupted after it only queues matching and finishes.
 */
export async function runImport(deps: Deps, importJobId: string, log?: Log): Promise<void> {
  const { db } = deps.database;
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, importJobId));
  if (!job || job.stage === 'done' || job.stage === 'failed') return;

  /** Moves the job on; false when another run of it has moved it past this point already. */
  const stage = async (s: keyof typeof MOVES_FROM, progress: number, extra: Partial<typeof importJobs.$inferInsert> = {}) => {
    log?.info({ importJobId, stage: s, progress }, 'import stage');
    const moved = await db
      .update(importJobs)
      .set({ stage: s, progress, updatedAt: deps.now(), ...extra })
      .where(and(eq(importJobs.id, importJobId), inArray(importJobs.stage, MOVES_FROM[s])))
      .returning({ id: importJobs.id });
    return moved.length > 0;
  };
  const refuse = async (code: string, message: string) => {
    await stage('failed', job.progress, { errorCode: code, errorMessage: message, finishedAt: deps.now() });
  };

  let barcode = job.barcode;
  if (job.stage !== 'matching') {
    const [file] = job.rawFileId ? await db.select().from(rawFiles).where(eq(rawFiles.id, job.rawFileId)) : [];
    if (file?.state !== 'stored') return refuse('FILE_GONE', '原始数据文件已被删除，无法导入，请重新上传');
    if (!(await stage('parsing', 10, { attempts: job.attempts + 1, errorCode: null, errorMessage: null }))) return;
    // The file's bytes and the person's stated sex go to a pool thread; packed planes and small
    // results come back (the calls never leave it).
    const t0 = performance.now();
    const [person] = await db.select({ gender: persons.gender }).from(persons).where(eq(persons.id, job.personId));
    const bytes = await deps.storage.read(file.storageKey);
    const out = await deps.pool.importFile(bytes, person?.gender ?? null);
    const t1 = performance.now();
    if ('refused' in out) {
      const r = out.refused;
      return refuse(r.code, r.kind === 'genome' ? importErrorMessage(genomeErrorOf(out)) : r.message);
    }
    const computed = out;
    const p = computed.parsed;
    const moved = await stage('computing', 50, {
      summary: {
        vendor: p.vendor,
        build: `GRCh${p.build}`,
        markers: p.markers,
        callRate: p.callRate,
        sex: p.sex === 'unknown' ? null : p.sex,
      },
    });
    if (!moved) return;
    barcode = await store(deps, job, file.id, computed);
    // Gene relatives' gate: reports stand whatever it says; a held genome is never matched.
    await gateImport(
      deps,
      {
        barcode,
        userId: job.userId,
        personId: job.personId,
        rawFileId: file.id,
        plausibility: computed.plausibility,
        stored: { layoutId: computed.stored.layout.id, packed: computed.stored.packed, layout: computed.stored.layout.bytes },
      },
      log,
    );
    const { parseMs, computeMs, cpuMs } = computed;
    // Thread time (parse, compute) beside the wall time the job waited for it and the main thread's writes.
    log?.info(
      { importJobId, parseMs, computeMs, cpuMs, poolMs: Math.round(t1 - t0), storeMs: Math.round(performance.now() - t1) },
      'import timings',
    );
  }
  // Matching runs apart (it reads every consenting genome); the singleton key keeps one per detection.
  // Only for a person who takes part: for anyone else the job would end at its consent check, and
  // joining later queues it then (consent.ts), when this genome is stored and judged by the gate.
  if ((await liveConsents(deps, [job.personId])).has(job.personId)) {
    await deps.queue.send(RELATIVES_MATCH_JOB, { barcode }, { singletonKey: barcode as string });
  }
  await stage('done', 100, { finishedAt: deps.now() });
}

/** Everything the import writes, all or nothing; answers the detection's barcode. */
async function store(deps: Deps, job: typeof importJobs.$inferSelect, rawFileId: string, c: ImportComputed): Promise<string> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    // Locks the person: two imports for one person must not each create a detection.
    const [person] = await tx.select().from(persons).where(eq(persons.id, job.personId)).for('update');
    if (!person) throw new Error(`person ${job.personId} is gone`);
    // A second run of the same job (a lock that ran out while the first still worked) writes nothing.
    const [current] = await tx.select().from(importJobs).where(eq(importJobs.id, job.id)).for('update');
    if (!current) throw new Error(`import ${job.id} is gone`);
    if (current.barcode && (current.stage === 'matching' || current.stage === 'done')) return current.barcode;
    let barcode = job.barcode;
    if (!barcode) {
      const [kit] = await tx
        .select({ barcode: kits.barcode })
        .from(kits)
        .where(and(eq(kits.personId, job.personId), eq(kits.productId, RAW_DATA_PRODUCT_ID)));
      barcode = kit?.barcode ?? (await newImportBarcode(tx, job.personId, now));
    }
    const p = c.parsed;
    await storeLayout(tx, c.stored.layout, p.vendor);
    const genome = {
      personId: job.personId,
      packed: c.stored.packed,
      layoutId: c.stored.layout.id,
      panelPacked: c.stored.panelPacked,
      vendor: p.vendor,
      build: `GRCh${p.build}`,
      sex: p.sex === 'unknown' ? null : p.sex,
      callRate: p.callRate,
      markerCount: p.markers,
      yHaplogroup: c.haplogroups.y?.haplogroup ?? null,
      mtHaplogroup: c.haplogroups.mt?.haplogroup ?? null,
      rawFileId,
      createdAt: now,
    };
    await tx
      .insert(genomes)
      .values({ barcode, ...genome })
      .onConflictDoUpdate({ target: genomes.barcode, set: fromExcluded(genomes, genome) });
    const results = { kbVersion: kbVersion(), items: c.items, haplogroups: c.haplogroups, computedAt: now };
    await tx
      .insert(reportResults)
      .values({ barcode, ...results })
      .onConflictDoUpdate({ target: reportResults.barcode, set: fromExcluded(reportResults, results) });
    await notify(tx, [
      {
        userId: job.userId,
        type: REPORT_READY_NOTICE_TYPE,
        title: '报告已生成',
        content: `${PERSON_SLOT}的基因检测报告已生成，点击查看`,
        relatedId: barcode,
        personId: person.id,
        webviewUrl: `/report?barcode=${barcode}`,
        createdAt: now,
      },
    ]);
    await tx.update(importJobs).set({ barcode, stage: 'matching', progress: 90, updatedAt: now }).where(eq(importJobs.id, job.id));
    return barcode;
  });
}

/** What the user sees when the queue gives an import up (an error of ours, not of their file). */
export const IMPORT_INTERNAL_ERROR = '导入时服务器出错，请稍后重新导入';

/**
 * The import worker: one more at a time than the pool has threads, so while one import's rows are
 * written on this thread the threads stay busy with the others' parsing.
 */
export async function registerImportWorker(deps: Deps, log?: Log): Promise<void> {
  // Imports recorded but never handed to the queue (the process stopped in between) are sent again;
  // for those the queue holds already, the singleton key makes this a no-op.
  const stranded = await deps.database.db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(inArray(importJobs.stage, ['queued', 'parsing', 'computing', 'matching']));
  for (const { id } of stranded) await deps.queue.send<ImportPayload>(IMPORT_JOB, { importJobId: id }, { singletonKey: id });
  await deps.queue.work<ImportPayload>(IMPORT_JOB, (p) => runImport(deps, p.importJobId, log), {
    concurrency: deps.pool.threads + 1,
    onFailed: async (p, error) => {
      log?.warn({ importJobId: p.importJobId, error }, 'import given up');
      await deps.database.db
        .update(importJobs)
        .set({ stage: 'failed', errorCode: 'INTERNAL', errorMessage: IMPORT_INTERNAL_ERROR, finishedAt: deps.now(), updatedAt: deps.now() })
        .where(eq(importJobs.id, p.importJobId));
    },
  });
}
