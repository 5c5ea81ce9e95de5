/**
 * A new embedded database starts from a copy of one already created and migrated, not from initdb:
 * PGlite's initdb and the migrations took 3.4–4.7 s per new database here, loading the copy 1.5–2.4 s
 * (the test suite makes dozens, in memory and in each spawned server's data directory). The copy
 * is PGlite's own dump of a database's files right after its migrations, kept under a key of the
 * PGlite version and the migration files, so a changed migration or PGlite never loads a stale one.
 * It is kept in the project's node_modules/.cache, not in the shared temp directory, where another
 * user of the machine could leave a database of their making for the site to load.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { fileURLToPath } from 'node:url';

const DIR = path.resolve(import.meta.dirname, '../../../node_modules/.cache/jiyin-pglite-templates');

/** Whether `dataDir` holds no database yet: in memory, or a directory without Postgres's files. */
export function isNewDataDir(dataDir: string): boolean {
  return dataDir.startsWith('memory://') || !existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Where the copy for this PGlite and these migrations is (or will be) kept. */
export function templatePath(migrationsDir: string): string {
  const hash = createHash('sha256');
  // The package does not export its package.json: it is read beside its entry (dist/index.js).
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const pkg = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${pkg.version}\n`);
  const walk = (dir: string) => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(dir, d.name);
      if (d.isDirectory()) walk(file);
      else hash.update(`${path.relative(migrationsDir, file)}\n`).update(readFileSync(file));
    }
  };
  walk(migrationsDir);
  return path.join(DIR, `${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * PGlite on `dataDir`, started from the kept copy at `template` when there is one. A copy that does
 * not load (cut short, say) is removed and the database made by initdb instead, as with no copy.
 */
export async function createPGlite(
  dataDir: string,
  template: string | null,
  options: PGliteOptions,
): Promise<{ pg: PGlite; fromTemplate: boolean }> {
  let loadDataDir: Blob | undefined;
  try {
    loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
  } catch {
    // No copy kept yet.
  }
  if (template && loadDataDir) {
    try {
      return { pg: await PGlite.create(dataDir, { ...options, loadDataDir }), fromTemplate: true };
    } catch {
      rmSync(template, { force: true });
      // What the failed load wrote; the directory held no database before (isNewDataDir).
      if (!dataDir.startsWith('memory://')) {
        rmSync(dataDir, { recursive: true, force: true });
        mkdirSync(dataDir, { recursive: true });
      }
    }
  }
  return { pg: await PGlite.create(dataDir, options), fromTemplate: false };
}

/**
 * Keeps `dump` as the copy: written beside it and renamed, so a process loading it never reads half
 * a file and two processes saving at once leave one whole copy. Copies for other keys are removed,
 * and parts older than an hour (a process killed while writing one).
 */
export function saveTemplate(file: string, dump: Uint8Array): void {
  mkdirSync(DIR, { recursive: true });
  const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  writeFileSync(part, dump);
  renameSync(part, file);
  const stale = Date.now() - 3_600_000;
  for (const name of readdirSync(DIR)) {
    const other = path.join(DIR, name);
    if (name === path.basename(file)) continue;
    if (!name.endsWith('.part') || (statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? 0) < stale) rmSync(other, { force: true });
  }
}
