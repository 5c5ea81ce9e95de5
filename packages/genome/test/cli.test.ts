import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/index.ts';
import { compiledYTree, findNode, pathIndexes } from '../src/haplogroups/tree.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/raw/${name}`, import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every well-formed raw-data fixture, one per vendor layout. */
const GOOD_FIXTURES: [file: string, vendor: string, build: number][] = [
  ['23andme_v5.txt', '23andme', 37],
  ['23andme_v3_build36.txt', '23andme', 36],
  ['wegene.txt', 'wegene', 37],
  ['ancestry.txt', 'ancestry', 37],
  ['myheritage.csv', 'myheritage', 37],
  ['ftdna.csv', 'ftdna', 37],
  ['livingdna.txt', 'livingdna', 37],
  ['sample_grch37.vcf', 'vcf', 37],
  ['sample_grch38.vcf', 'vcf', 38],
];

/**
 * A male 23andMe-layout file of a known lineage: every Y-tree site derived on the path to
 * O2a1b1a1a1a (O-F11) and ancestral elsewhere, rCRS with the published D4 states at every MT site,
 * and hemizygous X calls.
 */
function knownLineageFile(): string {
  const t = compiledYTree();
  const onPath = new Set(pathIndexes(t, findNode(t, 'O2a1b1a1a1a')));
  const lines = ['# rsid\tchromosome\tposition\tgenotype'];
  for (let x = 0; x < 100; x++) lines.push(`rsx${x}\tX\t${5_000_000 + x * 1_000_000}\t${'ACGT'[x % 4]}`);
  for (let n = 0; n < t.names.length; n++) {
    for (let i = t.markerStart[n]; i < t.markerStart[n + 1]; i++) {
      lines.push(`ry${i}\tY\t${t.pos[i]}\t${onPath.has(n) ? t.der[i] : t.anc[i]}`);
    }
  }
  const rcrs = readFileSync(new URL('./fixtures/haplogroups/rCRS.txt', import.meta.url), 'utf8').trim();
  const d4 = new Map<number, string>();
  for (const m of ['73G', '263G', '750G', '1438G', '2706G', '4769G', '7028T', '8860G', '11719A', '14766T', '15326G'])
    d4.set(Number(m.slice(0, -1)), m.slice(-1));
  for (const m of ['8701G', '9540C', '10398G', '10873C', '15301A', '12705T', '16223T', '489C', '10400T', '14783C', '15043A'])
    d4.set(Number(m.slice(0, -1)), m.slice(-1));
  for (const m of ['4883T', '5178A', '16362C', '3010A', '8414T', '14668T']) d4.set(Number(m.slice(0, -1)), m.slice(-1));
  for (let p = 1; p <= rcrs.length; p++) if (rcrs[p - 1] !== 'N') lines.push(`rm${p}\tMT\t${p}\t${d4.get(p) ?? rcrs[p - 1]}`);
  return `${lines.join('\n')}\n`;
}

/** Runs the CLI in-process and captures what it prints. */
async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    out += String(s);
    return true;
  });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    err += String(s);
    return true;
  });
  try {
    const code = await main(argv);
    return { code, out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

describe('genome CLI', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'genome-cli-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('inspect --json gives vendor, build, counts, sex, haplogroups and what was dropped', async () => {
    const r = await cli('inspect', fixture('23andme_v5.txt'), '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(Object.keys(j).sort()).toEqual([
      'build',
      'callRate',
      'called',
      'dropped',
      'layoutId',
      'layoutMarkers',
      'markers',
      'mtHaplogroup',
      'sex',
      'vendor',
      'yHaplogroup',
    ]);
    expect(j).toMatchObject({ vendor: '23andme', build: 37, layoutId: expect.stringMatching(/^lay-[0-9a-f]{16}$/) });
    expect(j.called).toBeLessThanOrEqual(j.markers);
    expect(j.layoutMarkers).toBeLessThanOrEqual(j.markers);
  });

  it.each(GOOD_FIXTURES)('inspect, genotype and report read %s (%s, GRCh%i)', async (file, vendor, build) => {
    const i = await cli('inspect', fixture(file), '--json');
    expect(i.code, i.err).toBe(0);
    const j = JSON.parse(i.out);
    expect(j).toMatchObject({ vendor, build, sex: expect.stringMatching(/^(male|female|unknown)$/) });
    expect(j.called).toBeGreaterThan(0);
    expect(j.callRate).toBeCloseTo(j.called / j.markers, 3);
    const g = await cli('genotype', fixture(file), 'rs671', 'rs4988235', 'rs0', '--json');
    expect(g.code, g.err).toBe(0);
    for (const [rsid, gt] of Object.entries(JSON.parse(g.out) as Record<string, string>)) {
      expect(['rs671', 'rs4988235']).toContain(rsid);
      expect(gt).toMatch(/^(--|[ACGTDI]{1,2})$/);
    }
    // Reports need a call rate of 90%; the small fixtures with many no-calls are refused in one line.
    const r = await cli('report', fixture(file), '--json');
    if (j.callRate >= 0.9) {
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(r.out).items.length).toBeGreaterThanOrEqual(120);
    } else {
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^genome: LOW_CALL_RATE: [^\n]+\n$/);
    }
  });

  it('inspect --json gives the sex and the Y and mt haplogroups of a known lineage', async () => {
    const file = join(dir, 'lineage.txt');
    await writeFile(file, knownLineageFile());
    const r = await cli('inspect', file, '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ sex: 'male', yHaplogroup: 'O2a1b1a1a1a', mtHaplogroup: 'D4' });
  });

  it('runs from the repository root as `npx genome`', () => {
    const out = execFileSync('npx', ['--no-install', 'genome', 'inspect', fixture('23andme_v5.txt'), '--json'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toMatchObject({ vendor: '23andme', build: 37 });
  }, 30_000);

  it('genotype --json gives forward-strand sorted genotypes and omits absent rsids', async () => {
    const r = await cli('genotype', fixture('23andme_v5.txt'), 'rs671', 'rs999999999', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as Record<string, string>;
    expect(Object.keys(j)).toEqual(['rs671']);
    expect(j.rs671).toMatch(/^([ACGT])([ACGT])$|^--$/);
    expect(j.rs671 === '--' || j.rs671 === [...j.rs671].sort().join('')).toBe(true);
  });

  it('report --json lists every knowledge-base item with status and result', async () => {
    const r = await cli('report', fixture('23andme_v5.txt'), '--json');
    expect(r.code).toBe(0);
    const { items } = JSON.parse(r.out) as {
      items: {
        id: string;
        status: string;
        rsids: string[];
        genotypes: object;
        result: { code: string; label: string; level: string } | null;
      }[];
    };
    expect(items.length).toBeGreaterThanOrEqual(120);
    for (const i of items) {
      expect(Object.keys(i.genotypes).sort()).toEqual([...i.rsids].sort());
      if (i.status === 'out')
        expect(i.result).toMatchObject({ code: expect.any(String), label: expect.any(String), level: expect.any(String) });
      else expect(i.result).toBeNull();
    }
    expect(items.some((i) => i.status === 'out')).toBe(true);
  });

  it('simulate writes one file per person and truth.json; match grades the pair', async () => {
    const sim = await cli('simulate', '--pedigree', 'parent-child', '--format', '23andme', '--out', dir, '--seed', '7', '--json');
    expect(sim.code).toBe(0);
    const summary = JSON.parse(sim.out) as { files: string[] };
    const truth = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')) as {
      people: { id: string; file: string }[];
      pairs: { a: string; b: string; relationship: string }[];
    };
    expect(summary.files).toEqual(truth.people.map((p) => p.file));
    const fileOf = (id: string) => join(dir, truth.people.find((p) => p.id === id)?.file ?? '');
    const pair = truth.pairs[0];
    expect(pair.relationship).toBeTruthy();

    const m = await cli('match', fileOf(pair.a), fileOf(pair.b), '--json');
    expect(m.code).toBe(0);
    const j = JSON.parse(m.out);
    expect(j.sharedCM).toBeGreaterThan(3000);
    expect(j.relationship.grade).toBe('2-3');
    expect(j.overlapMarkers).toBeGreaterThan(600_000);
    expect(j.insufficientOverlap).toBe(false);
    expect(j.segments[0]).toMatchObject({
      chrom: expect.any(String),
      start: expect.any(Number),
      end: expect.any(Number),
      cM: expect.any(Number),
      markers: expect.any(Number),
    });
  }, 300_000);

  it('ancestry gives the share of every reference group of a simulated file, as JSON and as a table', async () => {
    const out = join(dir, 'ancestry');
    expect((await cli('simulate', '--pedigree', 'parent-child', '--format', 'wegene', '--out', out, '--seed', '3')).code).toBe(0);
    const truth = JSON.parse(await readFile(join(out, 'truth.json'), 'utf8')) as { people: { file: string }[] };
    const file = join(out, truth.people[0].file);
    const r = await cli('ancestry', file, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as {
      populations: { id: string; name: string; share: number; low: number; high: number }[];
      markersUsed: number;
      method: string;
    };
    expect(j.method).toBe('supervised-admixture-em');
    expect(j.populations.map((p) => p.name)).toEqual([
      '北方汉族',
      '南方汉族',
      '维吾尔族/中亚',
      '蒙古族',
      '日本',
      '傣族/东南亚',
      '南亚',
      '欧洲',
      '非洲',
    ]);
    // The simulator's founders are half northern, half southern Han; close East Asian groups can take
    // some share (see data/ancestry/METHOD.zh.md), groups from other continents almost none.
    const sum = (ids: string[]) => j.populations.filter((p) => ids.includes(p.id)).reduce((s, p) => s + p.share, 0);
    expect(sum(['han_north', 'han_south'])).toBeGreaterThan(0.75);
    expect(sum(['han_north', 'han_south', 'japanese', 'dai_sea', 'mongol'])).toBeGreaterThan(0.95);
    expect(j.markersUsed).toBeGreaterThan(6000);
    const t = await cli('ancestry', file);
    expect(t.code).toBe(0);
    const lines = t.out.trim().split('\n');
    expect(lines[0]).toBe('人群\t占比\t90% 区间');
    // Rows are sorted by share, so a Han group comes first.
    expect(lines[1]).toMatch(/^(北方汉族|南方汉族)\t\d+\.\d%\t\d+\.\d% – \d+\.\d%$/);
    expect(t.out).toContain('使用标记');
  }, 300_000);

  it('ancestry refuses a file with too few reference markers', async () => {
    const r = await cli('ancestry', fixture('23andme_v5.txt'), '--json');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^genome: NO_MARKERS: 可用于祖源分析的标记太少/);
  });

  it.each([
    ['a missing file', ['inspect', '/no/such/file.txt', '--json']],
    ['an empty file', ['inspect', fixture('empty.txt'), '--json']],
    ['an unknown vendor', ['report', fixture('unknown-vendor.txt'), '--json']],
    ['a malformed line', ['genotype', fixture('bad-columns.txt'), 'rs671', '--json']],
    ['missing arguments', ['match', fixture('23andme_v5.txt')]],
    ['an unknown pedigree', ['simulate', '--pedigree', 'aunts', '--format', '23andme', '--out', '/tmp/x']],
    ['an unknown command', ['frobnicate']],
    ['no command', []],
    ['a report on a file without enough calls', ['report', fixture('header-only.txt'), '--json']],
    ['ancestry with an unknown option', ['ancestry', fixture('23andme_v5.txt'), '--seed']],
  ])('exits non-zero with one line on stderr for %s', async (_what, argv) => {
    const r = await cli(...argv);
    expect(r.code).not.toBe(0);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^genome: /);
  });
});
