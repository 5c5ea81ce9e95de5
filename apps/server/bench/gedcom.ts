// `npm run bench:gedcom`: a generated 5,000-person GEDCOM 5.5.1 file imported through the API as the real
// queue job (worker pool, PGlite or DATABASE_URL's Postgres), then the tree read and exported, and the
// export imported again. Prints each time; the target is an import under 10 s.
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { TREE_API_PATHS } from '@jiyin/contracts/treesApi';
import { testDatabaseTargets } from '@jiyin/db';
import { GEDCOM_JOB } from '../src/trees/import.ts';
import { drainQueue } from '../test/drain.ts';
import { generatedGedcom } from '../test/gedcomGen.ts';
import { signUpUser, startTestApp } from '../test/helpers.ts';

const PERSONS = Number(process.env.BENCH_GEDCOM_PERSONS ?? 5000);
const target = testDatabaseTargets().at(-1);
if (!target) throw new Error('no database target');
const t = await startTestApp(target);
const cookie = await signUpUser(t, '13900009901', undefined, '基准');
const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  (await t.app.inject({ method, url, headers: { cookie }, payload })).json();
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function importInto(name: string, content: string) {
  const tree = (await call('POST', TREE_API_PATHS.trees, { name })).data.id;
  const started = performance.now();
  const queued = await call('POST', fillPattern(TREE_API_PATHS.gedcomImport, { treeId: tree }), { fileName: `${name}.ged`, content });
  await drainQueue(t, [GEDCOM_JOB], 600_000);
  const ms = performance.now() - started;
  const state = (await call('GET', fillPattern(TREE_API_PATHS.gedcomImportState, { treeId: tree, importId: queued.data.id }))).data;
  if (state.state !== 'done') throw new Error(`import ${state.state}: ${state.error}`);
  return { tree, ms, report: state.report };
}

const file = generatedGedcom(PERSONS);
console.log(`database ${target.name}; file ${PERSONS} persons, ${(file.length / 1024).toFixed(0)} KB`);
const first = await importInto('bench-1', file);
console.log(
  `import (upload, queue job, parse on the pool, write): ${s(first.ms)}  [${first.report.persons} persons, ${first.report.relations} relations, ${first.report.skipped.length} skipped]`,
);
let started = performance.now();
const data = await call('GET', fillPattern(TREE_API_PATHS.tree, { treeId: first.tree }));
console.log(`tree read (${data.data.familyNodes.length} persons, warnings computed): ${s(performance.now() - started)}`);
started = performance.now();
const exported = await t.app.inject({
  method: 'GET',
  url: fillPattern(TREE_API_PATHS.gedcomExport, { treeId: first.tree }),
  headers: { cookie },
});
console.log(`export: ${s(performance.now() - started)}  [${(exported.body.length / 1024).toFixed(0)} KB]`);
const second = await importInto('bench-2', exported.body);
console.log(`re-import of the export: ${s(second.ms)}  [${second.report.persons} persons, ${second.report.relations} relations]`);
await t.close();
