import { ACCOUNT_PATHS, type PersonView } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  NEW_DEVICE_NOTICE_TYPE,
  RELATIVES_API_PATHS,
  RELATIVES_PROTOCOL_VERSION,
  type RelativeDetailView,
  type RelativeSummary,
  STAFF_RELATIVES_ALERT_NOTICE_TYPE,
} from '@jiyin/contracts/relativesApi';
import { type ImportJobView, REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { pipelineTestTarget, schema, testDatabaseTargets } from '@jiyin/db';
import { type ChipName, callsOf, callsOnChip, type RawCall, type Simulation, simulatePedigree, simulationPanel } from '@jiyin/genome';
import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { STAFF_PATHS } from '@jiyin/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_JOB, RELATIVES_MATCH_JOB } from '../src/imports/pipeline.ts';
import { vendorFileBytes } from '../src/imports/simulated.ts';
import { drainQueue } from './drain.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

const { users, auditLog, notifications, genomes, relativesGate, relativesPauses, reportResults } = schema;
const panel = simulationPanel();

let world: Simulation | undefined;
/** The victims and the attackers' own genomes: one run of the engine's extended family. */
function simulated(): Simulation {
  world ??= simulatePedigree('extended-family', { panel, seed: 5 });
  return world;
}
/** A person's file on a chip layout (real markers only). */
function personOf(role: string, chip: ChipName = '23andme-v5') {
  const p = simulated().people.find((x) => x.id === role);
  if (!p) throw new Error(`no ${role}`);
  return { calls: callsOnChip(callsOf(simulated().family, p.genome), chip), sex: p.sex };
}

/** Heterozygous with the marker's two alleles (haploid calls stay as they are: a chip calls them so). */
const het = (c: RawCall): RawCall => {
  if (c.a2 === '' || c.chrom === 'Y' || c.chrom === 'MT') return c;
  const k = panel.indexOfRsid(c.rsid);
  return { ...c, a1: panel.ref[k], a2: panel.alt[k] };
};

/** How the victim sees her brother in the list (he keeps the default: surname and 先生). */
const BROTHER = '林先生';

const LIMITS = {
  RELATIVES_READS_PER_HOUR: '40',
  RELATIVES_VIEW_ALERT: '6',
  RELATIVES_RECENT_SIGNIN_HOURS: '24',
  RELATIVES_UPLOADS_PER_ACCOUNT: '3',
};

/** The tiling series imports 21 files: it runs once (see pipelineTestTarget). */
const TILING_TARGET = pipelineTestTarget().name;

describe.each(testDatabaseTargets())('gene relatives cannot be abused on $name', (target) => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
  const userIdOf: Record<string, string> = {};
  let phoneSeq = 0;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string | null, payload?: unknown, headers = {}) =>
    (
      await t.app.inject({
        method,
        url,
        headers: { ...(who ? { cookie: cookie[who] } : {}), ...headers },
        payload: payload as object,
      })
    ).json() as Answer;
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

  async function account(name: string): Promise<void> {
    const phone = `1390000${String(phoneSeq++).padStart(4, '0')}`;
    cookie[name] = await signUpUser(t, phone, undefined, name);
    userIdOf[name] = (await call('GET', API_PATHS.userInfo, name)).data.userId;
  }
  async function person(owner: string, name: string, gender: 'male' | 'female'): Promise<string> {
    const made = await call('POST', ACCOUNT_PATHS.persons, owner, { name, gender });
    expect(made.code, made.msg).toBe(0);
    return (made.data as PersonView).id;
  }
  /** Uploads a file for the person and imports it through the real pipeline; answers the finished job. */
  async function importFile(owner: string, personId: string, bytes: Buffer, fileName = 'genome.txt'): Promise<ImportJobView> {
    const created = await call('POST', REPORT_API_PATHS.uploads, owner, { personId, fileName, size: bytes.length });
    expect(created.code, created.msg).toBe(0);
    const id = created.data.id as string;
    const CHUNK = 4 * 1024 * 1024;
    for (let offset = 0; offset < bytes.length; offset += CHUNK) {
      const res = (
        await t.app.inject({
          method: 'PUT',
          url: fillPattern(REPORT_API_PATHS.uploadOne, { id }),
          headers: { cookie: cookie[owner], 'content-type': 'application/octet-stream', 'upload-offset': String(offset) },
          payload: bytes.subarray(offset, offset + CHUNK),
        })
      ).json() as Answer;
      expect(res.code, res.msg).toBe(0);
    }
    const job = await call('POST', REPORT_API_PATHS.imports, owner, { uploadId: id });
    expect(job.code, job.msg).toBe(0);
    await drainQueue(t, [IMPORT_JOB]);
    return (await call('GET', fillPattern(REPORT_API_PATHS.importOne, { id: job.data.id }), owner)).data as ImportJobView;
  }
  const join = (owner: string, barcode: string) =>
    call('POST', RELATIVES_API_PATHS.consent, owner, { barcode, protocolVersion: RELATIVES_PROTOCOL_VERSION });
  const list = (who: string, barcode: string, headers = {}) =>
    call('GET', `${RELATIVES_API_PATHS.list}?${q({ barcode })}`, who, undefined, headers);
  const detail = (who: string, barcode: string, id: string) =>
    call('GET', `${fillPattern(RELATIVES_API_PATHS.detail, { id })}?${q({ barcode })}`, who);
  const drain = () => drainQueue(t, [IMPORT_JOB, RELATIVES_MATCH_JOB]);
  const names = (a: Answer) => ((a.data?.list ?? []) as RelativeSummary[]).map((r) => r.relative.name);

  /** An attacker's account and person, the file imported and joined to gene relatives. */
  async function attack(name: string, bytes: Buffer, gender: 'male' | 'female') {
    await account(name);
    const pid = await person(name, `${name}本人`, gender);
    const job = await importFile(name, pid, bytes);
    if (job.barcode) expect((await join(name, job.barcode)).code).toBe(0);
    await drain();
    return { job, personId: pid };
  }

  const victim = { barcode: '', personId: '' };
  const brother = { barcode: '', personId: '' };

  beforeAll(async () => {
    t = await startTestApp(target, LIMITS);
    // The victim and her brother: realistic genomes, imported and joined like any customer.
    await account('victim');
    await account('brother');
    const v = personOf('daughter');
    const b = personOf('son', 'ancestry-v2');
    victim.personId = await person('victim', '林晓雨', v.sex);
    brother.personId = await person('brother', '林晓峰', b.sex);
    const vj = await importFile('victim', victim.personId, vendorFileBytes(v.calls));
    const bj = await importFile('brother', brother.personId, vendorFileBytes(b.calls, 'ancestry'));
    expect(vj.relativesHold).toBeNull();
    expect(bj.relativesHold).toBeNull();
    victim.barcode = vj.barcode as string;
    brother.barcode = bj.barcode as string;
    expect((await join('victim', victim.barcode)).code).toBe(0);
    expect((await join('brother', brother.barcode)).code).toBe(0);
    await drain();
  }, 600_000);

  afterAll(async () => {
    await t?.close();
  });

  it('lets realistic genomes through and shows a genuine match with rounded segments only', async () => {
    const mine = await list('victim', victim.barcode);
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.data.consent.hold).toBeNull();
    expect(names(mine)).toEqual([BROTHER]);
    const d = await detail('victim', victim.barcode, mine.data.list[0].id);
    expect(d.code).toBe(0);
    const view = d.data as RelativeDetailView;
    expect(view.segments.length).toBeGreaterThan(5);
    for (const s of view.segments) {
      expect(Object.keys(s).sort()).toEqual(['cM', 'chrom', 'end', 'start']);
      expect(s.start % 100_000).toBe(0);
      expect(s.end % 100_000).toBe(0);
      expect(s.cM).toBeGreaterThanOrEqual(7);
    }
    expect(JSON.stringify(view)).not.toMatch(/rs\d+|genotype|markers/);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, userIdOf.victim), eq(auditLog.action, 'relatives-detail')));
    expect(audits.length).toBe(1);
    expect(audits[0].detail).toMatchObject({ id: mine.data.list[0].id });
  });

  it('holds an all-heterozygous file: reports stand, no one is listed, the owner sees why', async () => {
    const { job } = await attack('allhet', vendorFileBytes(personOf('unrelated1').calls.map(het)), personOf('unrelated1').sex);
    expect(job.stage).toBe('done');
    expect(job.relativesHold?.code).toBe(CODES.RELATIVES_HELD_HETEROZYGOSITY.code);
    expect(job.relativesHold?.reasons[0].message).toMatch(/杂合率/);
    const l = await list('allhet', job.barcode as string);
    expect(l.code).toBe(0);
    expect(l.data.total).toBe(0);
    expect(l.data.consent.hold.code).toBe(CODES.RELATIVES_HELD_HETEROZYGOSITY.code);
    // The reports are computed and kept: the gate only keeps the genome out of matching.
    expect(
      await t.database.db
        .select()
        .from(reportResults)
        .where(eq(reportResults.barcode, job.barcode as string)),
    ).toHaveLength(1);
    expect(names(await list('victim', victim.barcode))).toEqual([BROTHER]);
  });

  it('keeps a real sequencing subset (1000 Genomes NA18525) out of matching for its size alone, with nothing to review', async () => {
    await account('realvcf');
    const pid = await person('realvcf', '真实样本', 'male');
    const bytes = await readFile(new URL('../../../packages/genome/test/fixtures/real/1kg-NA18525.vcf.gz', import.meta.url));
    const job = await importFile('realvcf', pid, bytes, 'NA18525.vcf.gz');
    expect(job.stage).toBe('done');
    expect(job.relativesHold?.scope).toBe('markers');
    expect(job.relativesHold?.reasons.map((r) => r.code)).toEqual([CODES.RELATIVES_TOO_FEW_MARKERS.code]);
    expect((await join('realvcf', job.barcode as string)).code).toBe(0);
    await drain();
    const l = await list('realvcf', job.barcode as string);
    expect([l.data.total, l.data.consent.hold.scope]).toEqual([0, 'markers']);
    const [gate] = await t.database.db
      .select()
      .from(relativesGate)
      .where(eq(relativesGate.barcode, job.barcode as string));
    expect(gate.state).toBe('unmatchable');
    // Not a suspicion: the account is not paused and staff get nothing to review.
    expect(await t.database.db.select().from(relativesPauses).where(eq(relativesPauses.userId, userIdOf.realvcf))).toHaveLength(0);
  });

  it('refuses an all-no-call file and never stores a genome for it', async () => {
    const { job, personId } = await attack(
      'nocall',
      vendorFileBytes(personOf('unrelated2').calls.map((c) => ({ ...c, a1: '-', a2: '-' }))),
      personOf('unrelated2').sex,
    );
    expect(job.stage).toBe('failed');
    expect(job.barcode).toBeNull();
    expect(await t.database.db.select().from(genomes).where(eq(genomes.personId, personId))).toEqual([]);
    expect(names(await list('victim', victim.barcode))).toEqual([BROTHER]);
  });

  it('holds a file of random genotypes', async () => {
    let x = 7;
    const rand = () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % 3;
    };
    const calls = personOf('unrelated2').calls.map((c) => {
      if (c.a1 === '-' || c.a2 === '') return c;
      const k = panel.indexOfRsid(c.rsid);
      const g = rand();
      return { ...c, a1: g === 2 ? panel.alt[k] : panel.ref[k], a2: g === 0 ? panel.ref[k] : panel.alt[k] };
    });
    const { job } = await attack('random', vendorFileBytes(calls), personOf('unrelated2').sex);
    expect(job.relativesHold?.reasons.map((r) => r.code)).toContain(CODES.RELATIVES_HELD_POPULATION.code);
    expect((await list('random', job.barcode as string)).data.total).toBe(0);
    expect(names(await list('victim', victim.barcode))).toEqual([BROTHER]);
  });

  it('holds a copy of another account’s genome for review, shown to neither side; staff can release a twin', async () => {
    const v = personOf('daughter');
    const { job } = await attack('copier', vendorFileBytes(v.calls, 'myheritage'), v.sex);
    expect(job.relativesHold).toBeNull(); // plausible on its own; the copy is found while matching
    const l = await list('copier', job.barcode as string);
    expect(l.data.total).toBe(0);
    expect(l.data.consent.hold.code).toBe(CODES.RELATIVES_HELD_DUPLICATE.code);
    expect(names(await list('victim', victim.barcode))).toEqual([BROTHER]);

    // Staff review: non-staff are refused, staff see the hold and may release it (identical twins).
    expect((await call('GET', RELATIVES_API_PATHS.staffHolds, 'copier')).code).toBe(CODES.NO_PERMISSION.code);
    expect((await call('POST', RELATIVES_API_PATHS.staffRelease, 'copier', { barcode: job.barcode })).code).toBe(CODES.NO_PERMISSION.code);
    await account('staff');
    await t.database.db.update(users).set({ staff: true }).where(eq(users.id, userIdOf.staff));
    // The back office's sign-in policy: the password again before any staff call.
    expect((await call('GET', RELATIVES_API_PATHS.staffHolds, 'staff')).code).toBe(CODES.STAFF_CONFIRM_REQUIRED.code);
    expect((await call('POST', STAFF_PATHS.confirm, 'staff', { password: 'jiyin-Strong-2026' })).code).toBe(0);
    const holds = await call('GET', RELATIVES_API_PATHS.staffHolds, 'staff');
    expect(holds.code).toBe(0);
    const held = holds.data.genomes.find((g: { barcode: string }) => g.barcode === job.barcode);
    expect(held.reasons[0].code).toBe(CODES.RELATIVES_HELD_DUPLICATE.code);
    expect(holds.data.genomes.map((g: { barcode: string }) => g.barcode)).toEqual(expect.arrayContaining([job.barcode]));
    const released = await call('POST', RELATIVES_API_PATHS.staffRelease, 'staff', { barcode: job.barcode });
    expect(released.code, released.msg).toBe(0);
    await drain();
    expect(names(await list('victim', victim.barcode)).length).toBe(2);
    // The twin is withdrawn again so the rest of the file sees the victim's own relatives only.
    expect((await call('DELETE', `${RELATIVES_API_PATHS.consent}?${q({ barcode: job.barcode as string })}`, 'copier')).code).toBe(0);
  });

  // Twenty full imports cost minutes: the series runs on one database (Postgres when the suite has it);
  // the gate rows and pauses it relies on are exercised on both by the tests above and below.
  it.runIf(target.name === TILING_TARGET)(
    'stops a tiling series of 20 crafted files aimed at one person and pauses the account',
    async () => {
      const base = personOf('unrelated1');
      await account('tiler');
      const own = await person('tiler', '试探者', base.sex);
      const first = await importFile('tiler', own, vendorFileBytes(base.calls));
      expect(first.relativesHold).toBeNull();
      expect((await join('tiler', first.barcode as string)).code).toBe(0);
      await drain();
      // Each file: the tiler's own genome with one 2,000-marker window of chromosome 7 made
      // heterozygous (half-identical to anyone there), the windows tiling along the chromosome. The
      // crafted files come from another chip than the first (dropping markers changes the layout), so
      // they are compared with it on the markers both chips carry.
      const other = personOf('unrelated1', 'ancestry-v2');
      const start = other.calls.findIndex((c) => c.chrom === '7');
      const jobs: ImportJobView[] = [];
      for (let i = 0; i < 20; i++) {
        const from = start + i * 2000;
        const crafted = other.calls.map((c, k) => (k >= from && k < from + 2000 ? het(c) : c));
        const pid = await person('tiler', `试探${i}`, base.sex);
        const job = await importFile('tiler', pid, vendorFileBytes(crafted, 'ancestry'));
        if (job.barcode) await join('tiler', job.barcode);
        jobs.push(job);
      }
      // The first crafted file has only the first, plausible one to be compared with: across chips.
      expect(jobs[0].relativesHold?.reasons.map((r) => r.code)).toContain(CODES.RELATIVES_HELD_PROBING.code);
      await drain();
      for (const job of jobs) {
        expect(job.stage).toBe('done');
        expect(job.relativesHold).not.toBeNull();
        const l = await list('tiler', job.barcode as string);
        expect(l.data.total).toBe(0);
      }
      const codes = new Set(jobs.flatMap((j) => j.relativesHold?.reasons.map((r) => r.code) ?? []));
      expect(codes).toContain(CODES.RELATIVES_HELD_PROBING.code);
      const [pause] = await t.database.db.select().from(relativesPauses).where(eq(relativesPauses.userId, userIdOf.tiler));
      expect(pause.code).toBe('PROBING');
      // The account is paused as a whole: even its first, plausible genome is out of matching.
      const l = await list('tiler', first.barcode as string);
      expect(l.data.total).toBe(0);
      expect(l.data.consent.hold.code).toBe(CODES.RELATIVES_HELD_PROBING.code);
      expect(names(await list('victim', victim.barcode))).toEqual([BROTHER]);
      const staffNotices = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userIdOf.staff), eq(notifications.type, STAFF_RELATIVES_ALERT_NOTICE_TYPE)));
      expect(staffNotices.some((n) => n.relatedId === userIdOf.tiler)).toBe(true);
      const gate = await t.database.db.select().from(relativesGate).where(eq(relativesGate.userId, userIdOf.tiler));
      expect(gate.filter((g) => g.state === 'held').length).toBe(20);
    },
    600_000,
  );

  it('answers other people’s barcodes like missing ones on every relatives endpoint', async () => {
    await account('stranger');
    const missing = (a: Answer) => expect([CODES.NOT_FOUND.code, CODES.REPORT_NOT_READY.code]).toContain(a.code);
    missing(await call('GET', `${RELATIVES_API_PATHS.consent}?${q({ barcode: victim.barcode })}`, 'stranger'));
    missing(await join('stranger', victim.barcode));
    missing(await call('DELETE', `${RELATIVES_API_PATHS.consent}?${q({ barcode: victim.barcode })}`, 'stranger'));
    missing(await list('stranger', victim.barcode));
    const id = (await list('victim', victim.barcode)).data.list[0].id;
    missing(await detail('stranger', victim.barcode, id));
    for (const path of [RELATIVES_API_PATHS.list, RELATIVES_API_PATHS.consent]) {
      expect((await call('GET', `${path}?${q({ barcode: victim.barcode })}`, null)).code).toBe(CODES.NOT_LOGGED_IN.code);
    }
    expect((await call('POST', RELATIVES_API_PATHS.recheck, null, { authCode: '123456' })).code).toBe(CODES.NOT_LOGGED_IN.code);
    expect((await call('GET', RELATIVES_API_PATHS.staffHolds, null)).code).toBe(CODES.NOT_LOGGED_IN.code);
    expect((await call('GET', RELATIVES_API_PATHS.staffHolds, 'stranger')).code).toBe(CODES.NO_PERMISSION.code);
  });

  it('pauses an account that views unusually many relatives, after auditing every view', async () => {
    // The brother probes ids: each is an audited view, found or not; past the alert he is paused.
    for (let i = 0; i < 7; i++) await detail('brother', brother.barcode, `${'0'.repeat(31)}${i}`);
    const [pause] = await t.database.db.select().from(relativesPauses).where(eq(relativesPauses.userId, userIdOf.brother));
    expect(pause.code).toBe('VIEWS');
    expect((await list('brother', brother.barcode)).data.total).toBe(0);
    expect(names(await list('victim', victim.barcode))).toEqual([]);
    // Staff release him: his person is matched again.
    expect((await call('POST', RELATIVES_API_PATHS.staffRelease, 'staff', { userId: userIdOf.brother })).code).toBe(0);
    await drain();
    expect(names(await list('victim', victim.barcode))).toEqual([BROTHER]);
  });

  it('rate-limits relatives reads per account', async () => {
    let last: Answer = { code: 0, data: null, msg: '' };
    for (let i = 0; i < 45 && last.code === 0; i++) last = await list('victim', victim.barcode);
    expect(last.code).toBe(CODES.RATE_LIMITED.code);
    t.clock.advance(3600_000 + 1000);
    expect((await list('victim', victim.barcode)).code).toBe(0);
  });

  it('asks an older session for an SMS re-check, and keeps embedded tokens out unless they asked', async () => {
    t.clock.advance(25 * 3600_000);
    const stale = await list('victim', victim.barcode);
    expect(stale.code).toBe(CODES.RELATIVES_RECHECK_REQUIRED.code);
    expect(stale.data).toBeNull();
    const [me] = await t.database.db.select().from(users).where(eq(users.id, userIdOf.victim));
    expect(
      (await call('POST', ACCOUNT_PATHS.sendSmsCode, 'victim', { verifyType: 'recheck', nationCode: '86', neCaptcha: 'dev' })).code,
    ).toBe(0);
    expect((await call('POST', RELATIVES_API_PATHS.recheck, 'victim', { authCode: '000000' })).code).not.toBe(0);
    const ok = await call('POST', RELATIVES_API_PATHS.recheck, 'victim', { authCode: t.sms.lastCode(me.phone) });
    expect(ok.code, ok.msg).toBe(0);
    expect((await list('victim', victim.barcode)).code).toBe(0);

    // The app's web view signs in: a new device, so the owner is told; its token cannot list relatives.
    const app = { 'user-agent': 'Mozilla/5.0 (iPhone) jiyinapp/3.2' };
    const signin = async (scopes?: string[]) =>
      (
        await t.app.inject({
          method: 'POST',
          url: ACCOUNT_PATHS.signin,
          headers: app,
          payload: { phoneNumber: me.phone, nationCode: '86', password: 'jiyin-Strong-2026', ...(scopes ? { scopes } : {}) },
        })
      ).json() as Answer;
    const plain = await signin();
    expect(plain.code, plain.msg).toBe(0);
    const bearer = (token: string) => ({ ...app, authorization: `Bearer ${token}` });
    expect(
      (await call('GET', `${RELATIVES_API_PATHS.list}?${q({ barcode: victim.barcode })}`, null, undefined, bearer(plain.data.token))).code,
    ).toBe(CODES.RELATIVES_SCOPE_DENIED.code);
    const asked = await signin(['relatives']);
    expect(
      (await call('GET', `${RELATIVES_API_PATHS.list}?${q({ barcode: victim.barcode })}`, null, undefined, bearer(asked.data.token))).code,
    ).toBe(0);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userIdOf.victim), eq(notifications.type, NEW_DEVICE_NOTICE_TYPE)));
    expect(notices.length).toBe(1);
    expect(notices[0].content).toMatch(/新设备/);
  });

  it('holds an account’s genomes past its daily upload limit out of matching, for that day only', async () => {
    // The clock has moved on more than a day above: the earlier tests' genomes no longer count.
    await account('bulk');
    // Five people unrelated to one another (founders of the simulated family), so nothing else holds them.
    const roles = ['mother', 'grandmother', 'aunt-husband', 'great-uncle-wife', 'fathers-cousin-wife'];
    const importRole = async (role: string) => {
      const p = personOf(role);
      return importFile('bulk', await person('bulk', role, p.sex), vendorFileBytes(p.calls));
    };
    const jobs: ImportJobView[] = [];
    for (const role of roles.slice(0, 4)) jobs.push(await importRole(role));
    expect(jobs.slice(0, 3).map((j) => j.relativesHold)).toEqual([null, null, null]);
    expect(jobs[3].relativesHold?.reasons).toEqual([
      { code: CODES.RELATIVES_HELD_UPLOAD_LIMIT.code, message: '本账户 24 小时内参与匹配的上传已达 3 份上限' },
    ]);
    expect(jobs[3].stage).toBe('done');
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await importRole(roles[4])).relativesHold).toBeNull();
  }, 600_000);
});
