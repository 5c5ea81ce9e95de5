import type { PersonView } from '@jiyin/contracts/accounts';
import type { ApiRequest, ApiTransport } from '@jiyin/contracts/api';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { fail, ok } from '@jiyin/contracts/envelope';
import { REPORT_API_PATHS, type SideBarData } from '@jiyin/contracts/reportApi';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { drugClasses } from '../app/components/report/CategoryView.tsx';
import { formatFrequency, formatGenotype } from '../app/components/report/GenotypeTable.tsx';
import { healthEntries, withShareToken } from '../app/lib/reportData.ts';
import { modeHeaders, pickBarcode, readCookie, reportContext, switcherEntries } from '../app/lib/reportContext.ts';

function person(id: string, detections: [string, boolean][], shared = false): PersonView {
  return {
    id,
    name: `人${id}`,
    gender: 'female',
    birthday: null,
    birthdaySolar: null,
    birthplace: null,
    isOwner: !shared,
    share: { isShare: shared },
    defaultBarcode: detections[0]?.[0] ?? null,
    detections: detections.map(([barcode, hasReport]) => ({ barcode, hasReport, product: { id: 'p', name: '全能版', type: 'GENETIC' } })),
    privacy: {} as PersonView['privacy'],
  };
}

/** An API that answers the calls the context makes, and records them with their headers. */
function fakeApi(opts: { user: boolean; persons?: PersonView[]; share?: 'ok' | 'expired' }) {
  const calls: ApiRequest[] = [];
  const api: ApiTransport = async (req) => {
    calls.push(req);
    if (req.path === API_PATHS.userInfo) return opts.user ? ok({ userId: 'u1', userName: '我' }) : fail('NOT_LOGGED_IN');
    if (req.path === ACCOUNT_PATHS.persons) return ok({ list: opts.persons ?? [] });
    if (req.path === REPORT_API_PATHS.shareInfo) {
      return opts.share === 'ok'
        ? ok({
            isShareUrl: true,
            shareBarcode: 'JY0000000999',
            shareSct: { name: '分享人', gender: 'male' },
            type: 'report',
            expiresAt: '2030-01-01',
          })
        : fail('SHARE_EXPIRED');
    }
    return fail('API_NOT_FOUND');
  };
  return { api, calls };
}

const load = (url: string, api: ApiTransport, cookie?: string) =>
  reportContext(new Request(`http://x${url}`, { headers: cookie ? { cookie } : {} }), { api } as unknown as AppLoadContext);

describe('current person (§4)', () => {
  const entries = switcherEntries([
    person('b', [['JY0000000002', true]], true),
    person('a', [
      ['JY0000000001', false],
      ['JY0000000003', true],
    ]),
  ]);

  it('lists own detections before shared ones', () => {
    expect(entries.map((e) => [e.barcode, e.shared])).toEqual([
      ['JY0000000001', false],
      ['JY0000000003', false],
      ['JY0000000002', true],
    ]);
  });

  it('takes the query, else a cookie naming one of the detections, else the first with a report', () => {
    expect(pickBarcode(entries, 'JY0000000002', 'JY0000000001')).toBe('JY0000000002');
    expect(pickBarcode(entries, null, 'JY0000000001')).toBe('JY0000000001');
    expect(pickBarcode(entries, null, 'JY9999999999')).toBe('JY0000000003');
    expect(pickBarcode(entries, null, null)).toBe('JY0000000003');
    expect(pickBarcode([], null, null)).toBeNull();
  });

  it('reads the barcode cookie among others', () => {
    expect(readCookie('a=1; barcode=JY0000000001; b=2', 'barcode')).toBe('JY0000000001');
    expect(readCookie('xbarcode=1', 'barcode')).toBeNull();
    expect(readCookie(null, 'barcode')).toBeNull();
  });
});

describe('report context', () => {
  it('is sample mode for a visitor, and sends the sample header then only', async () => {
    const { api } = fakeApi({ user: false });
    const ctx = await load('/report', api);
    expect(ctx).toMatchObject({ mode: 'sample', loggedIn: false, barcode: null, status: 'out' });
    expect(modeHeaders(ctx)).toEqual({ 'x-auth-sample': '1' });
  });

  it('is sample mode for a user whose persons have no report', async () => {
    const { api } = fakeApi({ user: true, persons: [person('a', [['JY0000000001', false]])] });
    expect(await load('/report', api)).toMatchObject({ mode: 'sample', barcode: null, current: null });
  });

  it("is the user's own report otherwise: the cookie's person, no mode headers", async () => {
    const persons = [person('a', [['JY0000000001', true]]), person('b', [['JY0000000002', false]])];
    const { api } = fakeApi({ user: true, persons });
    const ctx = await load('/report', api, 'barcode=JY0000000002');
    expect(ctx).toMatchObject({ mode: 'own', barcode: 'JY0000000002', status: 'none' });
    expect(modeHeaders(ctx)).toBeUndefined();
    expect((await load('/report', fakeApi({ user: true, persons }).api)).status).toBe('out');
  });

  it('answers not found for a query barcode outside the user’s detections', async () => {
    const { api } = fakeApi({ user: true, persons: [person('a', [['JY0000000001', true]])] });
    expect(await load('/report?barcode=JY0000000777', api)).toMatchObject({ mode: 'own', status: 'notFound', current: null });
  });

  it('shares one report with a valid token, sending the token header', async () => {
    const { api, calls } = fakeApi({ user: false, share: 'ok' });
    const ctx = await load('/report?shareToken=tok', api);
    expect(ctx).toMatchObject({ mode: 'share', barcode: 'JY0000000999', shareToken: 'tok', status: 'out', entries: [] });
    expect(calls.find((c) => c.path === REPORT_API_PATHS.shareInfo)?.headers).toEqual({ 'x-share-token': 'tok' });
    expect(modeHeaders(ctx)).toEqual({ 'x-share-token': 'tok' });
  });

  it('turns share mode off on a failed lookup and takes the status from its code (§4, §8)', async () => {
    const { api } = fakeApi({ user: false, share: 'expired' });
    const ctx = await load('/report?shareToken=old', api);
    expect(ctx).toMatchObject({ mode: 'own', shareToken: null, status: 'error', statusMessage: CODES.SHARE_EXPIRED.msg });
    expect(modeHeaders(ctx)).toBeUndefined();
  });

  it('looks the context up once per page request', async () => {
    const { api, calls } = fakeApi({ user: false });
    const context = { api } as unknown as AppLoadContext;
    const request = new Request('http://x/report');
    await Promise.all([reportContext(request, context), reportContext(request, context)]);
    expect(calls.filter((c) => c.path === API_PATHS.userInfo)).toHaveLength(1);
  });
});

describe('report helpers', () => {
  it('keeps the share token on report links only', () => {
    expect(withShareToken('/report/disease', 'a b')).toBe('/report/disease?shareToken=a%20b');
    expect(withShareToken('/report/drug?x=1#top', 't')).toBe('/report/drug?x=1&shareToken=t#top');
    expect(withShareToken('/shop/gene/product-select', 't')).toBe('/shop/gene/product-select');
    expect(withShareToken('/report', null)).toBe('/report');
  });

  it('builds the health submenu from the sidebar without the ancestry entry', () => {
    const item = (name: string, enName: string, path: string) => ({ name, enName, path }) as SideBarData[number]['data']['list'][number];
    const sideBar: SideBarData = [
      {
        data: { sample: false, list: [item('祖源分析', 'parentage', '/report/ancestry'), item('疾病风险', 'disease', '/report/disease')] },
      },
    ];
    expect(healthEntries(sideBar)).toEqual([{ name: '疾病风险', path: '/report/disease' }]);
    expect(healthEntries(null).map((e) => e.path)).toContain('/report/carrier-status');
  });

  it('groups drugs by class in first-seen order', () => {
    const d = (id: string, cls: string) => ({ id, drugClass: cls, drugClassId: cls }) as Parameters<typeof drugClasses>[0][number];
    expect(drugClasses([d('a', 'x'), d('b', 'y'), d('c', 'x')]).map((c) => [c.id, c.items.map((i) => i.id)])).toEqual([
      ['x', ['a', 'c']],
      ['y', ['b']],
    ]);
  });

  it('shows frequencies as percentages and genotypes as read', () => {
    expect(formatFrequency(0.2931)).toBe('29.3%');
    expect(formatFrequency(0.0015)).toBe('0.15%');
    expect(formatFrequency(0)).toBe('0.0%');
    expect(formatFrequency(null)).toBe('暂无数据');
    expect(formatGenotype('AG')).toBe('AG');
    expect(formatGenotype('--')).toBe('未检出');
    expect(formatGenotype(null)).toBe('芯片未覆盖');
  });
});
