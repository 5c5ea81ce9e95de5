import { defineConfig } from 'vitest/config';

/** Browser end-to-end tests: the production build served by the real server, driven in Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/setup/server.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser, one server: files run one after another so timings stay honest on 2 cores.
    fileParallelism: false,
  },
});
