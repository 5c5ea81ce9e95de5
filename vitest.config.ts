import { defineConfig } from 'vitest/config';

/** Unit, API and database tests of every workspace; browser e2e tests have their own config. */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core CI machine, while
    // many files mostly wait (spawned servers, queue heartbeats, Postgres). Two at a time use both cores.
    maxWorkers: 2,
    projects: [
      'packages/contracts',
      'packages/db',
      'packages/genome',
      'apps/server',
      { test: { name: 'web', root: 'apps/web', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'] } },
    ],
  },
});
