import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files that take minutes (each spawns and kills real servers), started first: on a clean clone Vitest has no
 * durations cached and queues files project by project, largest first, so these began only after the genome
 * project's files and ran on alone at the end (clean-clone CI: 553 s for 1,366 s of files on three workers).
 */
const LONG_FILES = ['apps/server/test/imports-restart.test.ts', 'apps/server/test/relatives-abuse.test.ts'];

class LongFilesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = LONG_FILES.findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? LONG_FILES.length : i;
    };
    // Array sort is stable: the rest keep the base sequencer's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** Unit, API and database tests of every workspace; browser e2e tests have their own config. */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core CI machine, while
    // many files mostly wait (spawned servers, queue heartbeats, Postgres). Three at a time (the test processes still
    // used only ~1.2 of the 2 cores): 608 s with two → 475 s with three here, 84/84 files passing.
    maxWorkers: 3,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      'packages/contracts',
      'packages/db',
      'packages/genome',
      'apps/server',
      { test: { name: 'web', root: 'apps/web', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'] } },
    ],
  },
});
