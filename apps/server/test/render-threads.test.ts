import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PATHS } from '@jiyin/contracts/api';
import { detectDevice } from '@jiyin/contracts/device';
import { testDatabaseTargets } from '@jiyin/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { RenderPool, sharedContext } from '../src/pages/renderPool.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// Pages need the web build (npm test builds it first).
describe('documents rendered on the render threads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseTargets()[0], { RENDER_THREADS: '1', PAGE_CACHE_TTL_MS: '0' }, { pages: true });
  });
  afterAll(() => t.close());

  const metric = async (name: string) => {
    const text = (await t.app.inject('/metrics')).body;
    const line = text.split('\n').find((l) => l.startsWith(name));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it('renders every document there, each from the API answered as its own visitor; data requests stay on the web thread', async () => {
    expect(await metric('render_threads')).toBe(0);
    const before = await metric('render_pages_total{outcome="ok"}');
    const anonymous = await t.app.inject('/');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toContain('登录/注册');
    expect(await metric('render_threads')).toBe(1);
    // The thread's API calls carry the visitor's session: the signed-in page is theirs.
    const cookie = await signUpUser(t, '13700005678', undefined, '线程访客');
    const persons = await t.app.inject({ url: '/user/persons', headers: { cookie } });
    expect(persons.statusCode).toBe(200);
    expect(persons.body).not.toContain('登录/注册');
    expect(persons.body).toContain('线程访客');
    const head = await t.app.inject({ method: 'HEAD', url: '/topics' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    // A client navigation's data carries the same root data (the request-signing keys the browser uses).
    const data = await t.app.inject({ url: '/topics.data' });
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain(t.config.signKeys.v1);
    expect(anonymous.body).toContain(t.config.signKeys.v1);
    expect(await metric('render_pages_total{outcome="ok"}')).toBe(before + 3);
  });

  it('asks the API once per page for what several of its loaders read (the root and the page both read the product list)', async () => {
    const listCalls = async () =>
      (await t.app.inject('/metrics')).body
        .split('\n')
        .filter((l) => l.startsWith('http_request_duration_seconds_count') && l.includes(`route="${API_PATHS.commodityList}"`))
        .reduce((n, l) => n + Number(l.split(' ').pop()), 0);
    const before = await listCalls();
    const page = await t.app.inject('/shop/group');
    expect(page.statusCode).toBe(200);
    expect(await listCalls()).toBe(before + 1);
  });

  it('answers many pages at once from one thread, each its own', async () => {
    const pages = await Promise.all(
      ['/', '/topics', '/no-such-page', '/', '/topics', '/no-such-page', '/', '/topics'].map((url) => t.app.inject(url)),
    );
    expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 404, 200, 200, 404, 200, 200]);
    expect(pages[2].body).toContain('data-testid="not-found"');
    expect(pages[1].body).not.toContain('data-testid="not-found"');
  });
});

describe('the render pool', () => {
  const config = loadConfig({ APP_ENV: 'test' });
  const serverEntry = path.join(config.webBuildDir, 'server', 'index.js');
  const shared = sharedContext(config);
  const device = detectDevice('Mozilla/5.0 Chrome/130', new URLSearchParams());
  const task = {
    method: 'GET' as const,
    url: 'http://localhost/',
    headers: [] as [string, string][],
    context: { signedIn: false, device },
  };
  let pool: RenderPool;
  beforeAll(() => {
    pool = new RenderPool(serverEntry, shared, 1);
  });
  afterAll(() => pool.close());

  it('gives the error page, not a hung render, when the web thread cannot answer', async () => {
    const page = await pool.render(task, () => Promise.reject(new Error('database down')), new AbortController().signal);
    expect(page.status).toBe(500);
    expect(page.headers).toContainEqual(['content-type', 'text/html; charset=utf-8']);
  });

  it('gives up a page whose visitor left while its API call was pending, and keeps rendering others', async () => {
    const leaving = new AbortController();
    const pending = pool.render(
      task,
      () => {
        leaving.abort();
        return new Promise<string>(() => {});
      },
      leaving.signal,
    );
    const outcome = await Promise.race([
      pending.then(
        (p) => p.status,
        () => 'rejected',
      ),
      sleep(10_000).then(() => 'hung'),
    ]);
    expect(outcome).not.toBe('hung');
    const next = await pool.render(task, async () => JSON.stringify({ code: 0, data: null, msg: 'ok' }), new AbortController().signal);
    expect(next.body.toString()).toContain('<!DOCTYPE html>');
  });
});
