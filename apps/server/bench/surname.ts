// `npm run bench:surname`: surname search latency through the API (fastify inject, full request path)
// on the seeded library, PGlite by default (the embedded database is the slower one); with
// DATABASE_URL, on a fresh Postgres database too. Prints median, p95 and max per kind of query.
import { LIBRARY_API_PATHS } from '@jiyin/contracts/libraryApi';
import { testDatabaseTargets } from '@jiyin/db';
import { startTestApp } from '../test/helpers.ts';

const ROUNDS = Number(process.env.BENCH_SURNAME_ROUNDS ?? 200);
const QUERIES: Record<string, string[]> = {
  character: ['张', '欧', '司马', '单', '龚', '尉迟', '区', '肖'],
  'full pinyin': ['zhang', 'ouyang', 'shan', 'zeng', 'Zhāng', 'yuchi', 'li', 'wang'],
  initials: ['z', 'oy', 'sm', 'yc', 'l', 'zg', 'x', 'q'],
};

for (const target of testDatabaseTargets()) {
  // The per-IP rate limit would answer most of these rounds with 4290.
  const t = await startTestApp(target, { RATE_LIMIT_PER_MINUTE: '100000000' });
  console.log(`surname search on ${target.name} (${ROUNDS} rounds of ${Object.values(QUERIES).flat().length} queries)`);
  for (const [kind, queries] of Object.entries(QUERIES)) {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of queries) {
        const start = performance.now();
        const res = await t.app.inject({ method: 'GET', url: `${LIBRARY_API_PATHS.surnameSearch}?q=${encodeURIComponent(q)}` });
        times.push(performance.now() - start);
        if (res.json().code !== 0 || !res.json().data.list.length) throw new Error(`no answer for ${q}`);
      }
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
    console.log(`  ${kind.padEnd(12)} median ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${times[times.length - 1].toFixed(2)} ms`);
  }
  await t.close();
}
