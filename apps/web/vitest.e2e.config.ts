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
    // Pages re-render in a React transition after the URL changes; on a loaded 2-core runner that took over
    // vitest's 1 s poll default (ancestry nation → detail, CI of stop 24).
    expect: { poll: { timeout: 15_000 } },
    // One server, a browser per test worker: three files at a time keep both cores busy while pages wait on the
    // server and the jobs (665 s with two → 475 s with three here, 19/19 files passing).
    maxWorkers: 3,
  },
});
