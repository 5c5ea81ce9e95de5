import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { DEMO_KITS, DEMO_USER, schema, testDatabaseTargets } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../src/storage/index.ts';
import { acceptShareInvitations, signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

const CHINESE = /[\u4e00-\u9fff]/;
const HAIDIAN = {
  province: { code: '11', name: '北京市' },
  city: { code: '1101', name: '市辖区' },
  district: { code: '110108', name: '海淀区' },
};
const ADDRESS = { receiver: '张三', nationCode: '86', phone: '13812345678', region: HAIDIAN, detail: '中关村大街 1 号' };

/** A multipart body with one `file` part, as a browser's FormData would send it. */
function multipart(bytes: Buffer, filename: string, contentType: string) {
  const boundary = '----jiyin-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testDatabaseTargets())('addresses, uploads, data export and account cancel on $name', (target) => {
  let t: TestApp;
  let dataDir: string;
  let alice: string;
  let bob: string;
  let png: Buffer;
  let jpg: Buffer;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'jiyin-uploads-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    alice = await signUpUser(t, '13700000001', undefined, '爱丽丝');
    bob = await signUpUser(t, '13700000002', undefined, '鲍勃');
    const picture = sharp({ create: { width: 800, height: 600, channels: 3, background: '#3080ff' } });
    png = await picture.clone().png().toBuffer();
    jpg = await picture.clone().jpeg().toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, body?: unknown): Promise<Answer> => {
    const res = await t.app.inject({ method, url, payload: body as object, headers: cookie ? { cookie } : {} });
    return res.json();
  };
  const address = (id: string) => fillPattern(ACCOUNT_PATHS.deliveryAddress, { id });
  const upload = (url: string, cookie: string | null, bytes: Buffer, filename: string, type: string) => {
    const body = multipart(bytes, filename, type);
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });
  };
  /** Stored uploads, each counted once with its share variants (same name, other formats). */
  const storedFiles = async () =>
    new Set((await readdir(path.join(dataDir, 'uploads', 'avatars')).catch(() => [])).map((f) => path.parse(f).name)).size;

  it('keeps delivery addresses per user, with one default and checked regions', async () => {
    const first = await call('POST', ACCOUNT_PATHS.deliveryAddresses, alice, { ...ADDRESS, isDefault: false });
    expect(first).toMatchObject({ code: 0, data: { receiver: '张三', isDefault: true, region: HAIDIAN } });
    t.clock.advance(1000);
    const second = await call('POST', ACCOUNT_PATHS.deliveryAddresses, alice, { ...ADDRESS, receiver: '李四', isDefault: true });
    expect(second.data.isDefault).toBe(true);
    const list = await call('GET', ACCOUNT_PATHS.deliveryAddresses, alice);
    expect(list.data.list.map((a: { receiver: string; isDefault: boolean }) => [a.receiver, a.isDefault])).toEqual([
      ['李四', true],
      ['张三', false],
    ]);

    const updated = await call('PUT', address(first.data.id), alice, { ...ADDRESS, detail: '中关村大街 2 号', isDefault: true });
    expect(updated.data).toMatchObject({ detail: '中关村大街 2 号', isDefault: true });
    expect((await call('GET', address(second.data.id), alice)).data.isDefault).toBe(false);

    for (const bad of [
      { ...ADDRESS, phone: '123' },
      { ...ADDRESS, receiver: '  ' },
      { ...ADDRESS, detail: '短' },
      { ...ADDRESS, region: { ...HAIDIAN, district: { code: '110108', name: '朝阳区' } } },
      { ...ADDRESS, region: { province: HAIDIAN.province } },
    ]) {
      const answer = await call('POST', ACCOUNT_PATHS.deliveryAddresses, alice, bad);
      expect(answer.code).not.toBe(0);
      expect(answer.msg).toMatch(CHINESE);
    }
    expect((await call('GET', ACCOUNT_PATHS.deliveryAddresses, alice)).data.list).toHaveLength(2);

    expect((await call('DELETE', address(second.data.id), alice)).code).toBe(0);
    expect((await call('GET', ACCOUNT_PATHS.deliveryAddresses, alice)).data.list).toHaveLength(1);
    expect((await call('GET', ACCOUNT_PATHS.deliveryAddresses, null)).code).toBe(CODES.NOT_LOGGED_IN.code);
  });

  it("never shows, edits or deletes another user's address: same answer as a missing one", async () => {
    const mine = (await call('POST', ACCOUNT_PATHS.deliveryAddresses, alice, ADDRESS)).data;
    const missing = await call('GET', address('00000000-0000-4000-8000-00000000ffff'), bob);
    expect(missing.code).toBe(CODES.NOT_FOUND.code);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { ...ADDRESS, detail: '被篡改的地址' }],
      ['DELETE', undefined],
    ] as const) {
      expect(await call(method, address(mine.id), bob, body)).toEqual(missing);
    }
    expect((await call('GET', ACCOUNT_PATHS.deliveryAddresses, bob)).data.list).toEqual([]);
    expect((await call('GET', address(mine.id), alice)).data.detail).toBe(ADDRESS.detail);
  });

  it('stores an avatar re-encoded to at most 240×240 and serves it back', async () => {
    for (const [bytes, name, type, ext] of [
      [png, 'me.png', 'image/png', 'png'],
      [jpg, 'me.jpeg', 'image/jpeg', 'jpg'],
    ] as const) {
      const res = await upload(`${ACCOUNT_PATHS.uploadImage}?type=avatar`, alice, bytes, name, type);
      const url = res.json().data.uploadUrl as string;
      expect(url).toMatch(new RegExp(`^/uploads/avatars/[0-9a-f-]{36}\\.${ext}$`));
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(ext === 'png' ? 'image/png' : 'image/jpeg');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([240, 180]);
      // §5 share variants, written with the upload: a webp and an interlaced jpg (a jpg upload is stored interlaced).
      for (const [variant, format] of [
        ['webp', 'webp'],
        ['jpg', 'jpeg'],
      ] as const) {
        const v = await t.app.inject({ method: 'GET', url: url.replace(/\.\w+$/, `.${variant}`) });
        expect(v.headers['content-type'], variant).toBe(`image/${format}`);
        expect(await sharp(v.rawPayload).metadata(), variant).toMatchObject({ format, width: 240, height: 180 });
        if (format === 'jpeg') expect((await sharp(v.rawPayload).metadata()).isProgressive).toBe(true);
      }
      const info = await call('PUT', API_PATHS.userInfo, alice, { avatar: { type: 'img', url } });
      expect(info.data.avatarUrl).toEqual({ type: 'img', url });
    }
  });

  it('refuses text posing as a png, other formats, oversized files and pixel bombs with 上传失败，请重试', async () => {
    const before = await storedFiles();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const oversized = Buffer.concat([png.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024 + 1, 1)]);
    for (const [bytes, name, type] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.png', 'image/png'],
      [Buffer.from('just some text'), 'me.png', 'image/png'],
      [gif, 'me.png', 'image/png'],
      [Buffer.concat([png.subarray(0, 8), Buffer.from('not really a png')]), 'me.png', 'image/png'],
      [oversized, 'big.png', 'image/png'],
      [bomb, 'bomb.png', 'image/png'],
    ] as const) {
      const res = await upload(`${ACCOUNT_PATHS.uploadImage}?type=avatar`, alice, bytes, name, type);
      expect(res.json()).toMatchObject({ code: CODES.UPLOAD_FAILED.code, msg: '上传失败，请重试' });
    }
    // A png sent as text/plain is still a png: the bytes decide, not the label.
    expect((await upload(`${ACCOUNT_PATHS.uploadImage}?type=avatar`, alice, png, 'me.txt', 'text/plain')).json().code).toBe(0);
    expect(await storedFiles()).toBe(before + 1);
    expect((await upload(`${ACCOUNT_PATHS.uploadImage}?type=avatar`, null, png, 'me.png', 'image/png')).json().code).toBe(
      CODES.NOT_LOGGED_IN.code,
    );
    const notOurs = await call('PUT', API_PATHS.userInfo, alice, { avatar: { type: 'img', url: 'https://evil.example/a.png' } });
    expect(notOurs.code).not.toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/avatars/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('uploads a sign-up avatar with the unused sign-up code only', async () => {
    const phone = '13700000009';
    t.clock.advance(61_000);
    await call('POST', ACCOUNT_PATHS.sendSmsCode, null, { phone, nationCode: '86', verifyType: 'signup', neCaptcha: 'dev-token' });
    const code = t.sms.lastCode(phone) as string;
    const url = (authCode: string) =>
      `${ACCOUNT_PATHS.uploadImageByAuth}?type=avatar&nationCode=86&phoneNumber=${phone}&authCode=${authCode}`;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await upload(url(wrong), null, png, 'me.png', 'image/png')).json().code).toBe(CODES.SMS_CODE_WRONG.code);
    const good = (await upload(url(code), null, png, 'me.png', 'image/png')).json();
    expect(good.data.uploadUrl).toMatch(/^\/uploads\/avatars\//);
    // The code still signs up afterwards, with the uploaded picture.
    const signup = await call('POST', ACCOUNT_PATHS.signup, null, {
      phoneNumber: phone,
      nationCode: '86',
      authCode: code,
      password: 'jiyin-Strong-2026',
      name: '新用户',
      avatar: { type: 'img', url: good.data.uploadUrl },
    });
    expect(signup.code).toBe(0);
    const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.phone, phone));
    expect(row.avatar).toEqual({ type: 'img', url: good.data.uploadUrl });
  });

  /** Uploads bytes as a raw-data file of a person (the resumable upload, in one chunk). */
  const storeRawFile = async (cookie: string, personId: string, fileName: string, bytes: Buffer) => {
    const created = await call('POST', REPORT_API_PATHS.uploads, cookie, { personId, fileName, size: bytes.length });
    const res = await t.app.inject({
      method: 'PUT',
      url: fillPattern(REPORT_API_PATHS.uploadOne, { id: created.data.id }),
      payload: bytes,
      headers: { cookie, 'content-type': 'application/octet-stream', 'upload-offset': '0' },
    });
    expect(res.json().data.state).toBe('stored');
    const [row] = await t.database.db.select().from(schema.rawFiles).where(eq(schema.rawFiles.id, created.data.id));
    return row;
  };
  const stored = (key: string) => new FsStorage(path.join(dataDir, 'files')).stat(key);

  it('exports all my data and my raw files as one zip download, and nothing of anyone else', async () => {
    const person = (await call('POST', ACCOUNT_PATHS.persons, alice, { name: '爱丽丝/本人', gender: 'female' })).data;
    const raw = Buffer.from('# rsid\tchromosome\tposition\tgenotype\nrs1\t1\t100\tAG\n');
    await storeRawFile(alice, person.id, '基因数据.txt', raw);
    const gz = Buffer.from([0x1f, 0x8b, 1, 2, 3]);
    await storeRawFile(alice, person.id, '基因数据.txt', gz);

    const res = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.dataExport, headers: { cookie: alice } });
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="jiyin-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(res.rawPayload);
    const folder = `raw/爱丽丝_本人-${person.id.slice(0, 8)}`;
    const names = Object.keys(zip);
    expect(names).toHaveLength(3);
    expect(names).toContain('my-data.json');
    expect(names).toContain(`${folder}/基因数据.txt`);
    // The same name again: the second file is told apart by its id.
    expect(names.some((n) => new RegExp(`^${folder}/[0-9a-f]{8}-基因数据.txt$`).test(n))).toBe(true);
    expect(Buffer.from(zip[`${folder}/基因数据.txt`]).equals(raw)).toBe(true);
    const archive = JSON.parse(strFromU8(zip['my-data.json']));
    expect(archive.user).toMatchObject({ userName: '爱丽丝', phone: '13700000001' });
    expect(JSON.stringify(archive)).not.toMatch(/argon2|passwordHash|tokenHash|storageKey|packed/);
    expect(archive.deliveryAddresses.length).toBeGreaterThan(0);
    expect(archive.auditLog.some((e: { action: string }) => e.action === 'signup')).toBe(true);
    expect(archive.rawFiles).toEqual([
      expect.objectContaining({ fileName: '基因数据.txt', size: raw.length, state: 'stored', personId: person.id }),
      expect.objectContaining({ fileName: '基因数据.txt', size: gz.length }),
    ]);
    for (const key of ['imports', 'genomes', 'reportResults', 'notifications']) expect(archive[key]).toEqual([]);

    const bobs = unzipSync((await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.dataExport, headers: { cookie: bob } })).rawPayload);
    expect(Object.keys(bobs)).toEqual(['my-data.json']);
    const bobData = JSON.parse(strFromU8(bobs['my-data.json']));
    expect(bobData.user.phone).toBe('13700000002');
    expect(bobData.deliveryAddresses).toEqual([]);
    expect(bobData.rawFiles).toEqual([]);
    expect((await call('GET', ACCOUNT_PATHS.dataExport, null)).code).toBe(CODES.NOT_LOGGED_IN.code);
  });

  it('cancels an account: application with own barcodes, SMS confirmation, everything deleted', async () => {
    const carol = await signUpUser(t, '13700000003', undefined, '卡罗尔');
    const person = (await call('POST', ACCOUNT_PATHS.persons, carol, { name: '卡罗尔', gender: 'female' })).data;
    const barcode = DEMO_KITS[10].barcode;
    expect((await call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id: person.id }), carol, { barcode })).code).toBe(0);
    await call('POST', `${fillPattern(ACCOUNT_PATHS.person, { id: person.id })}/shares`, carol, {
      phoneNumber: '13700000002',
      nationCode: '86',
    });
    expect(await acceptShareInvitations(t, bob)).toBe(1);
    await call('POST', ACCOUNT_PATHS.deliveryAddresses, carol, ADDRESS);
    expect((await call('GET', ACCOUNT_PATHS.persons, bob)).data.list.some((p: { id: string }) => p.id === person.id)).toBe(true);
    const rawFile = await storeRawFile(carol, person.id, 'carol.txt', Buffer.from('rs1\t1\t100\tAG\n'));
    expect(await stored(rawFile.storageKey)).not.toBeNull();

    expect((await call('GET', ACCOUNT_PATHS.accountCancel, carol)).data).toEqual({ state: 'none', application: null });
    t.clock.advance(61_000);
    expect(
      (await call('POST', ACCOUNT_PATHS.sendSmsCode, carol, { nationCode: '86', verifyType: 'cancel', neCaptcha: 'dev-token' })).code,
    ).toBe(0);
    const code = t.sms.lastCode('13700000003') as string;
    // Not before an application.
    expect((await call('DELETE', ACCOUNT_PATHS.accountCancel, carol, { authCode: code })).code).toBe(CODES.BAD_REQUEST.code);

    // Someone else's barcode (or an unknown one) is refused, and changes nothing.
    const alicePerson = (await call('POST', ACCOUNT_PATHS.persons, alice, { name: '爱丽丝', gender: 'female' })).data;
    const aliceCode = DEMO_KITS[11].barcode;
    await call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id: alicePerson.id }), alice, { barcode: aliceCode });
    for (const barcodes of [[aliceCode], ['JY9999999999'], ['bad']]) {
      const answer = await call('POST', ACCOUNT_PATHS.accountCancelApplication, carol, { type: 'privacy', barcodes });
      expect(answer.code).not.toBe(0);
      expect(answer.msg).toMatch(CHINESE);
    }
    expect((await call('POST', ACCOUNT_PATHS.accountCancelApplication, carol, { type: 'hack', barcodes: [] })).code).not.toBe(0);
    expect((await call('GET', ACCOUNT_PATHS.accountCancel, carol)).data.state).toBe('none');

    const applied = await call('POST', ACCOUNT_PATHS.accountCancelApplication, carol, { type: 'privacy', barcodes: [barcode] });
    expect(applied.data).toMatchObject({ state: 'applied', application: { type: 'privacy', barcodes: [barcode] } });

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call('DELETE', ACCOUNT_PATHS.accountCancel, carol, { authCode: wrong })).code).toBe(CODES.SMS_CODE_WRONG.code);
    expect((await call('GET', API_PATHS.userInfo, carol)).code).toBe(0);

    const done = await t.app.inject({
      method: 'DELETE',
      url: ACCOUNT_PATHS.accountCancel,
      payload: { authCode: code },
      headers: { cookie: carol },
    });
    expect(done.json().code).toBe(0);
    expect(done.cookies.find((c) => c.name === '__token')?.value).toBe('');
    const { db } = t.database;
    expect(await db.select().from(schema.users).where(eq(schema.users.phone, '13700000003'))).toEqual([]);
    expect(await db.select().from(schema.persons).where(eq(schema.persons.id, person.id))).toEqual([]);
    expect((await db.select().from(schema.kits).where(eq(schema.kits.barcode, barcode)))[0]).toMatchObject({
      personId: null,
      boundAt: null,
    });
    expect((await call('GET', ACCOUNT_PATHS.persons, bob)).data.list.some((p: { id: string }) => p.id === person.id)).toBe(false);
    expect((await call('GET', API_PATHS.userInfo, carol)).code).toBe(CODES.NOT_LOGGED_IN.code);
    expect(await db.select().from(schema.rawFiles).where(eq(schema.rawFiles.id, rawFile.id))).toEqual([]);
    expect(await stored(rawFile.storageKey)).toBeNull();
    // Alice's kit stays hers.
    expect((await db.select().from(schema.kits).where(eq(schema.kits.barcode, aliceCode)))[0].personId).toBe(alicePerson.id);
  });

  it('believes X-Forwarded-For from a local proxy only, so per-IP limits cannot be dodged by a header', async () => {
    const lastIp = async () => (await call('GET', ACCOUNT_PATHS.auditLog, alice)).data.list[0].ip;
    const log = (remoteAddress: string) => {
      t.clock.advance(1000); // the log is newest first
      return t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.handleLog,
        payload: { identify: 'x', type: 'ip-check' },
        headers: { cookie: alice, 'x-forwarded-for': '198.51.100.23' },
        remoteAddress,
      });
    };
    await log('127.0.0.1');
    expect(await lastIp()).toBe('198.51.100.23');
    await log('203.0.113.9');
    expect(await lastIp()).toBe('203.0.113.9');
  });

  it('seeds a demo account that signs in with the documented password', async () => {
    const answer = await call('POST', ACCOUNT_PATHS.signin, null, {
      phoneNumber: DEMO_USER.phone,
      nationCode: '86',
      password: 'jiyin-demo-2026',
    });
    expect(answer.code).toBe(0);
  });
});
