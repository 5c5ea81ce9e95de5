import { describe, expect, it } from 'vitest';
import { detectDevice } from '../src/device.ts';
import { anonymousRedirect, isGuardedPath, isPlainAnchor, safeReturnPath, signinPath } from '../src/guards.ts';

describe('guards (§6)', () => {
  it.each([
    ['/buy/standard/order', true],
    ['/buy/STANDARD_ANCESTRY/order', true],
    ['/user', true],
    ['/user/', true],
    ['/user/persons', true],
    ['/user/orders', true],
    ['/user/orders/123', false],
    ['/notice', true],
    ['/import', true],
    ['/import/chip', true],
    ['/ancestry/reunion', false],
    ['/ancestry/reunion/list', true],
    ['/ancestry/reunion/edit', true],
    ['/ancestry/reunion/edit/5', true],
    ['/ancestry/family-tree', true],
    ['/', false],
    ['/report', false],
    ['/userx', false],
    ['/shop/gene/product-select', false],
    ['/staff', true],
    ['/staff/orders', true],
    ['/staffing', false],
  ])('%s guarded=%s', (path, guarded) => {
    expect(isGuardedPath(path)).toBe(guarded);
  });

  const base = {
    pathWithQuery: '/user/persons?x=1',
    query: new URLSearchParams('x=1'),
    host: 'www.example.cn',
    env: 'prod' as const,
    reunionHosts: ['reunion.example.cn'],
    bridgeLoginUrl: 'https://bridge.example.cn/login',
  };
  const wechatMobile = detectDevice('Mozilla/5.0 (iPhone) MicroMessenger/8.0');

  it('sends anonymous PC users to sign-in with from encoded', () => {
    expect(anonymousRedirect({ ...base, device: detectDevice('Mozilla/5.0 (X11; Linux x86_64)') })).toBe(
      '/auth/signin?from=%2Fuser%2Fpersons%3Fx%3D1',
    );
  });
  it('sends messaging-app mobile users to the bridge login, except the spec exceptions', () => {
    expect(anonymousRedirect({ ...base, device: wechatMobile })).toBe('https://bridge.example.cn/login?from=%2Fuser%2Fpersons%3Fx%3D1');
    expect(anonymousRedirect({ ...base, device: wechatMobile, env: 'local' })).toMatch(/^\/auth\/signin/);
    expect(anonymousRedirect({ ...base, device: wechatMobile, host: 'reunion.example.cn' })).toMatch(/^\/auth\/signin/);
    expect(anonymousRedirect({ ...base, device: wechatMobile, query: new URLSearchParams('authorize=0') })).toMatch(/^\/auth\/signin/);
  });
  it('builds the sign-in path', () => {
    expect(signinPath('/user')).toBe('/auth/signin?from=%2Fuser');
  });
  it('accepts only same-site return paths', () => {
    expect(safeReturnPath('/user?a=1')).toBe('/user?a=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil', '', null, 'javascript:alert(1)']) {
      expect(safeReturnPath(bad)).toBe('/');
      expect(safeReturnPath(bad, '/report')).toBe('/report');
    }
  });
  it('marks plain anchors', () => {
    expect(isPlainAnchor('/community/')).toBe(true);
    expect(isPlainAnchor('/community?module=health')).toBe(true);
    expect(isPlainAnchor('/gene-club/detail')).toBe(true);
    expect(isPlainAnchor('/legacy')).toBe(true);
    expect(isPlainAnchor('javascript:void(0)')).toBe(true);
    expect(isPlainAnchor('/communityx')).toBe(false);
    expect(isPlainAnchor('/report')).toBe(false);
  });
});

describe('device detection', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14) jiyinapp/3.2', 'app', 4, true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) MicroMessenger/8.0.40 miniProgram', 'mini-program', 6, true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) MicroMessenger/8.0.40', 'wechat', 6, true],
    ['Mozilla/5.0 (Windows NT 10.0) MicroMessenger/3.9 WindowsWechat', 'wechat', 6, true],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', 'android', 5, false],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'ios', 5, false],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36', 'pc', 1, false],
  ])('%s → %s', (ua, kind, siteId, hidden) => {
    const d = detectDevice(ua);
    expect(d.kind).toBe(kind);
    expect(d.siteId).toBe(siteId);
    expect(d.hideSiteHeader).toBe(hidden);
  });
  it('honours the client query', () => {
    expect(detectDevice('Mozilla/5.0 (X11)', new URLSearchParams('client=app')).kind).toBe('app');
  });
});
