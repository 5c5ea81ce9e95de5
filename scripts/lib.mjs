// Helpers shared by the start, test and bench scripts (plain ESM: they run before anything is built).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIR = path.join(ROOT, 'apps', 'web');
const WEB_SERVER_ENTRY = path.join(path.resolve(WEB_DIR, process.env.WEB_BUILD_DIR ?? 'build'), 'server', 'index.js');
const WEB_SOURCES = [path.join(WEB_DIR, 'app'), path.join(ROOT, 'packages', 'contracts', 'src'), path.join(WEB_DIR, 'public')];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', (err) => {
      console.error(`[run] cannot start ${command}: ${err.message} (did npm install finish?)`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Builds the web app when there is no build or a source is newer than it. */
export async function buildWebIfStale() {
  const built = existsSync(WEB_SERVER_ENTRY) ? statSync(WEB_SERVER_ENTRY).mtimeMs : 0;
  const sources = Math.max(
    ...WEB_SOURCES.map(newestMtime),
    newestMtime(path.join(WEB_DIR, 'vite.config.ts')),
    newestMtime(path.join(WEB_DIR, 'antd-stylesheet.ts')),
    newestMtime(path.join(WEB_DIR, 'precompress.ts')),
  );
  if (built && built >= sources) return;
  console.log('[build] building the web app (react-router build)…');
  const code = await run(path.join(ROOT, 'node_modules', '.bin', 'react-router'), ['build'], { cwd: WEB_DIR });
  if (code !== 0) throw new Error(`web build failed with exit code ${code}`);
}

/**
 * Node flags for the server a bench starts (BENCH_NODE_ARGS, space-separated), e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile of each of its threads (NODE_OPTIONS refuses --cpu-prof).
 */
export const serverNodeArgs = () => (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
