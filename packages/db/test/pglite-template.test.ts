import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../src/client.ts';
import { createPGlite, isNewDataDir, saveTemplate, templatePath } from '../src/pgliteTemplate.ts';

/** New embedded databases start from a kept copy of a migrated one (pgliteTemplate.ts). */

const scratch = mkdtempSync(path.join(tmpdir(), 'jy-template-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const journalEntries = (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
  .entries.length;

async function migrationsApplied(pg: { query(q: string): Promise<{ rows: unknown[] }> }): Promise<number> {
  const { rows } = await pg.query('select count(*)::int as n from drizzle.__drizzle_migrations');
  return (rows[0] as { n: number }).n;
}

describe('the kept copy of a migrated database', () => {
  it('is made by the first new database and holds every migration and no rows written after', async () => {
    const file = templatePath(MIGRATIONS_DIR);
    // Other test files' databases meanwhile run initdb; the copy is replaced whole (saveTemplate).
    rmSync(file, { force: true });
    const first = await openDatabase({ dataDir: 'memory://' });
    await first.migrate();
    // What one database writes after its migrations never reaches the copy the next one starts from.
    await first.db.execute(sql`create table template_probe (x int)`);
    await first.db.execute(sql`insert into template_probe values (1)`);
    expect(existsSync(file)).toBe(true);

    const { pg, fromTemplate } = await createPGlite('memory://', file, {});
    expect(fromTemplate).toBe(true);
    expect(await migrationsApplied(pg)).toBe(journalEntries);
    const probe = await pg.query(`select to_regclass('template_probe') as t`);
    expect((probe.rows[0] as { t: string | null }).t).toBeNull();
    await pg.close();

    const second = await openDatabase({ dataDir: 'memory://' });
    await second.migrate();
    const answer = (await second.db.execute(sql`select to_regclass('template_probe') as t`)) as unknown as { rows: { t: string | null }[] };
    expect(answer.rows[0].t).toBeNull();
    await Promise.all([first.close(), second.close()]);
  });

  it('never replaces a database that exists: reopened, a data directory keeps its rows', async () => {
    const dir = path.join(scratch, 'kept');
    expect(isNewDataDir(dir)).toBe(true);
    const a = await openDatabase({ dataDir: dir, thread: true });
    await a.migrate();
    await a.db.execute(sql`create table kept_probe (x int)`);
    await a.db.execute(sql`insert into kept_probe values (7)`);
    await a.close();
    expect(isNewDataDir(dir)).toBe(false);
    const b = await openDatabase({ dataDir: dir, thread: true });
    await b.migrate();
    const kept = (await b.db.execute(sql`select x from kept_probe`)) as unknown as { rows: unknown[] };
    expect(kept.rows).toEqual([{ x: 7 }]);
    await b.close();
  });

  it('saving the copy removes copies of other keys and parts left by a process killed while writing', () => {
    const file = templatePath(MIGRATIONS_DIR);
    const dir = path.dirname(file);
    const old = path.join(dir, 'aaaaaaaaaaaaaaaa.tar');
    const stalePart = path.join(dir, `${path.basename(file)}.1.x.part`);
    const livePart = path.join(dir, `${path.basename(file)}.2.y.part`);
    for (const f of [old, stalePart, livePart]) writeFileSync(f, 'x');
    const twoHoursAgo = new Date(Date.now() - 7_200_000);
    utimesSync(stalePart, twoHoursAgo, twoHoursAgo);
    saveTemplate(file, readFileSync(file));
    expect([existsSync(old), existsSync(stalePart), existsSync(livePart), existsSync(file)]).toEqual([false, false, true, true]);
    rmSync(livePart);
  });

  it('is keyed by the migrations: a changed migration file gets a copy of its own', () => {
    const migrations = path.join(scratch, 'migrations');
    cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
    const same = templatePath(migrations);
    expect(path.basename(same)).toBe(path.basename(templatePath(MIGRATIONS_DIR)));
    const init = path.join(migrations, '0000_init.sql');
    writeFileSync(init, `${readFileSync(init, 'utf8')}\n-- changed\n`);
    expect(templatePath(migrations)).not.toBe(same);
  });

  it('a copy that does not load is removed and the database made by initdb, in memory and on disk', async () => {
    const good = templatePath(MIGRATIONS_DIR);
    // openDatabase above kept it; a cut-short copy stands in for a write that was interrupted.
    const broken = path.join(scratch, 'broken.tar');
    for (const dataDir of ['memory://', path.join(scratch, 'from-broken')]) {
      copyFileSync(good, broken);
      writeFileSync(broken, readFileSync(broken).subarray(0, 1 << 20));
      const { pg, fromTemplate } = await createPGlite(dataDir, broken, {});
      expect(fromTemplate).toBe(false);
      expect(existsSync(broken)).toBe(false);
      expect((await pg.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await pg.close();
    }
  }, 60_000);
});
