import { defineConfig } from 'vitest/config';

/** Unit, API and database tests of every workspace; browser e2e tests have their own config. */
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/db',
      'packages/genome',
      'apps/server',
      { test: { name: 'web', root: 'apps/web', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'] } },
    ],
  },
});
