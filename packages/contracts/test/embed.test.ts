import { describe, expect, it } from 'vitest';
import { isTopLevelPage, miniProgramEnvVersion } from '../src/embed.ts';

describe('embedded contexts', () => {
  it('flags exactly the §4 top-level pages in the page-change message', () => {
    for (const path of [
      '/report/ancestry/nation',
      '/report/ancestry/paternal',
      '/report/ancestry/maternal',
      '/report/ancestry/family',
      '/report/ancestry/family-history',
      '/report/ancestry/neolithic',
      '/report/ancestry/eastern-zhou',
      '/report/drug/detail/123',
      '/report/disease/detail/abc/',
      '/report/activity/share',
    ]) {
      expect(isTopLevelPage(path), path).toBe(true);
    }
    for (const path of [
      '/report',
      '/report/ancestry',
      '/report/ancestry/nation/detail',
      '/report/drug/detail',
      '/report/traits/detail/1',
      '/webview/balance',
    ]) {
      expect(isTopLevelPage(path), path).toBe(false);
    }
  });

  it('launches the release mini-program unless the query names another version (§9)', () => {
    expect(miniProgramEnvVersion(null)).toBe('release');
    expect(miniProgramEnvVersion('trial')).toBe('trial');
    expect(miniProgramEnvVersion('develop')).toBe('develop');
    expect(miniProgramEnvVersion('beta')).toBe('release');
  });
});
