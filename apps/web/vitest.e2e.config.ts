import { defineConfig } from 'vitest/config';

/** Browser end-to-end tests: the production build served by the real server, driven in Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/setup/server.ts'],
    setupFiles: ['e2e/setup/diagnose.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Pages re-render in a React transition after the URL changes; on a loaded 2-core runner that took over
    // vitest's 1 s poll default (ancestry nation → detail, CI of stop 24).
    expect: { poll: { timeout: 15_000 } },
    // One server, a browser per test worker: two files at a time keep both cores busy while one waits on pages.
    // Three were faster here (665 → 475–523 s) but a staff save in kit-services.e2e.ts then timed out once at phone size.
    maxWorkers: 2,
  },
});
