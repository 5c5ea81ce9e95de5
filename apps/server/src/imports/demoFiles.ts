import { createHash } from 'node:crypto';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type ChipName, callsOf, callsOnChip, kbFrequencyOverrides, simulatePedigree, simulationPanel, type Vendor } from '@jiyin/genome';
import { runInBackground } from '../pool/background.ts';
import { vendorFileBytes } from './simulated.ts';

/**
 * Seed of the demo family: one run of the engine's 'extended-family' pedigree, on real markers only
 * (the simulation panel), gives the demo person ('daughter') and every demo relative their genome,
 * so the same family appears on every install. Their report markers are drawn from East Asian allele
 * frequencies (kbFrequencyOverrides), so the demo person's report reads like a typical customer's.
 */
export const DEMO_FAMILY_SEED = 2;

/**
 * The chip each demo person was "tested" on, as customers bring files of different vendors: the
 * demo shows matching across chips (the overlap on the detail page) with realistic layouts.
 */
const DEMO_CHIPS: Record<string, { chip: ChipName; vendor: Vendor }> = {
  daughter: { chip: '23andme-v5', vendor: '23andme' },
  son: { chip: '23andme-v5', vendor: '23andme' },
  aunt: { chip: 'ancestry-v2', vendor: 'ancestry' },
  cousin: { chip: 'ancestry-v2', vendor: 'ancestry' },
  'second-cousin': { chip: '23andme-v5', vendor: '23andme' },
  unrelated1: { chip: 'ancestry-v2', vendor: 'ancestry' },
  unrelated2: { chip: '23andme-v5', vendor: '23andme' },
};
const chipOf = (role: string) => DEMO_CHIPS[role] ?? DEMO_CHIPS.daughter;

export interface DemoFile {
  bytes: Uint8Array;
  sha256: string;
}

/** Marks the thread this module starts (any other thread that loads it only gets the exports). */
const THREAD_KEY = 'demoFileRoles';

/**
 * The raw files of these demo family members (23andMe or AncestryDNA, see DEMO_CHIPS), each answered as
 * soon as it is made, in this order, on a thread of their own that ends with them: simulating the family and
 * writing ~15 MB files takes seconds of CPU, and the simulation panel ~90 MB of heap, that the web thread
 * should neither spend nor keep.
 */
export function demoFiles(roles: string[]): Map<string, Promise<DemoFile>> {
  const pending = new Map(roles.map((role) => [role, deferred()]));
  // A file no one asks for after a failure must not end the process as an unhandled rejection.
  for (const p of pending.values()) p.promise.catch(() => {});
  const thread = new Worker(new URL(import.meta.url), { workerData: { [THREAD_KEY]: roles } });
  thread.on('message', ([role, file]: [string, DemoFile]) => pending.get(role)?.resolve(file));
  const fail = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
  };
  thread.once('error', fail);
  // After the last file this rejects nothing: settled promises stay as they are.
  thread.once('exit', (code) => fail(new Error(`the demo files thread ended (code ${code}) before making every file`)));
  return new Map([...pending].map(([role, p]) => [role, p.promise]));
}

function deferred() {
  let resolve: (file: DemoFile) => void = () => {};
  let reject: (err: Error) => void = () => {};
  const promise = new Promise<DemoFile>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Makes each member's file and sends it on at once (its buffer is its own, a Buffer this large never comes from the shared pool: moved, not copied). */
function sendFiles(roles: string[]): void {
  const panel = simulationPanel();
  const family = simulatePedigree('extended-family', {
    panel,
    seed: DEMO_FAMILY_SEED,
    populationOptions: { freqAt: kbFrequencyOverrides(panel) },
  });
  for (const role of roles) {
    const simulated = family.people.find((p) => p.id === role);
    if (!simulated) throw new Error(`the demo family has no ${role}`);
    const { chip, vendor } = chipOf(role);
    const bytes = vendorFileBytes(callsOnChip(callsOf(family.family, simulated.genome), chip), vendor);
    const file: DemoFile = { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
    parentPort?.postMessage([role, file], [bytes.buffer as ArrayBuffer]);
  }
}

if (!isMainThread && workerData?.[THREAD_KEY]) {
  runInBackground();
  sendFiles(workerData[THREAD_KEY]);
}
