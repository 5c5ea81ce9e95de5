import { beforeEach } from 'vitest';
import { describeOpenPages } from '../browser.ts';

// A failed browser test prints what its pages showed: CI keeps only the log, not the screens.
beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => console.error(`pages when the test failed:\n${await describeOpenPages()}`));
});
