// `npm start`: build what is not built, then run the server (it migrates and seeds demo content once).
// First: the server process's V8 flags, before anything else runs (processFlags.ts).
import '../apps/server/src/processFlags.ts';
import { buildWebIfStale } from './lib.mjs';

await buildWebIfStale();
// The production build with React's production runtime (it is chosen when React is first loaded).
process.env.NODE_ENV ??= 'production';
await import('../apps/server/src/main.ts');
