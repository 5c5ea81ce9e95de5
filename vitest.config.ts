import { defineConfig } from 'vitest/config';

/** Unit, API and database tests of every workspace; browser e2e tests have their own config. */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core CI machine, while
    // many files mostly wait (spawned servers, queue heartbeats, Postgres). Three at a time (the test processes still
    // used only ~1.2 of the 2 cores): 608 s with two → 475 s with three here, 84/84 files passing.
    maxWorkers: 3,
    projects: [
      'packages/contracts',
      'packages/db',
      'packages/genome',
      'apps/server',
      { test: { name: 'web', root: 'apps/web', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'] } },
    ],
  },
});
