import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type Database, openDatabase } from './client.ts';

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
}

/**
 * The databases a database test runs against: always an in-memory PGlite, and a real Postgres when
 * DATABASE_URL is set. Each Postgres test database is created fresh and dropped on close, so tests
 * never see each other's rows.
 */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [
    {
      name: 'pglite',
      async open() {
        const database = await openDatabase({ dataDir: 'memory://' });
        await database.migrate();
        return database;
      },
    },
  ];
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    targets.push({
      name: 'postgres',
      async open() {
        const name = `jy_test_${randomBytes(6).toString('hex')}`;
        const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
        await admin.unsafe(`create database ${name}`);
        await admin.end();
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const database = await openDatabase({ url: url.toString(), dataDir: '' });
        await database.migrate();
        return {
          ...database,
          async close() {
            await database.close();
            const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
            await dropper.unsafe(`drop database if exists ${name} with (force)`);
            await dropper.end();
          },
        };
      },
    });
  }
  return targets;
}

/**
 * The one target for a test whose subject is the genome pipeline rather than the database (a whole
 * demo family imported, a series of crafted files): Postgres when DATABASE_URL is set, else PGlite.
 * The database paths such a test walks are tested on every target by the domain's own tests.
 */
export function pipelineTestTarget(): TestDatabaseTarget {
  return testDatabaseTargets().at(-1) as TestDatabaseTarget;
}
