// `npm test`: every test. Lint and format check, type check, the production web build (the page tests serve it), unit, API,
// page and database tests (on PGlite, and on Postgres too when DATABASE_URL is set), then the browser
// end-to-end tests against the production build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from '../apps/web/e2e/chromium.ts';
import { buildWebIfStale, ROOT, run } from './lib.mjs';

// The servers the tests start share the machine with the test driver, Chromium and the database: compute threads at
// normal priority there (apps/server/src/pool/background.ts).
process.env.COMPUTE_NICENESS ??= '0';
const vitest = path.join(ROOT, 'node_modules', '.bin', 'vitest');
console.log(
  `[test] database tests on PGlite${process.env.DATABASE_URL ? ' and Postgres (DATABASE_URL)' : ' only (set DATABASE_URL to add Postgres)'}`,
);

let failed = (await run(path.join(ROOT, 'node_modules', '.bin', 'biome'), ['check', '.'])) !== 0;
failed = (await run(process.execPath, [path.join(ROOT, 'scripts', 'typecheck.mjs')])) !== 0 || failed;
await buildWebIfStale();
failed = (await run(vitest, ['run'])) !== 0 || failed;

const chromium = chromiumPath();
if (!existsSync(chromium)) {
  console.error(
    `[test] browser tests need Chromium at ${chromium}: apt-get install -y chromium-headless-shell fonts-noto-cjk poppler-utils`,
  );
  failed = true;
} else {
  failed = (await run(vitest, ['run', '--config', 'apps/web/vitest.e2e.config.ts'])) !== 0 || failed;
}
process.exit(failed ? 1 : 0);
