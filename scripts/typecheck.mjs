// `npm run typecheck`: TypeScript strict over every workspace (the web app after its route typegen).
import path from 'node:path';
import { ROOT, run, WEB_DIR } from './lib.mjs';

const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
let failed = false;
for (const project of ['packages/contracts', 'packages/db', 'packages/genome', 'apps/server']) {
  failed = (await run(tsc, ['-p', project, '--noEmit'])) !== 0 || failed;
}
failed = (await run(path.join(ROOT, 'node_modules', '.bin', 'react-router'), ['typegen'], { cwd: WEB_DIR })) !== 0 || failed;
failed = (await run(tsc, ['-p', 'apps/web', '--noEmit'])) !== 0 || failed;
process.exit(failed ? 1 : 0);
