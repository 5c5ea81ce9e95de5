#!/usr/bin/env python3
"""Rebuild packages/genome/data/geneticmap/grch37.tsv (sex-averaged autosomes + female chrX, GRCh37, cM).

Inputs (see data/SOURCES.md, section "Genetic map"):
  --autosomes  recomb_map_hg37.rda from github.com/OchoaLab/simfam (data/), a simplified copy of the
               Beagle GRCh37 PLINK maps (HapMap II, lifted to GRCh37).
  --chrx       genetic_map_chr23_combined_b37.txt (1000 Genomes / IMPUTE chrX non-PAR map), as found in
               github.com/oncogenetics/LocusExplorer Data/GeneticMap1KG (commit 1d7020753a).
Output: one "chrom<TAB>pos<TAB>cM" line per kept point, points at least --spacing bp apart (the first and
last point of each chromosome are always kept), cM rounded to 4 decimals.

Usage: python3 scripts/derive-geneticmap.py --autosomes recomb_map_hg37.rda --chrx chrX.txt \
         --out data/geneticmap/grch37.tsv
"""
import argparse
import bz2
import gzip
import lzma
import struct


class RReader:
    """Minimal reader for R's XDR serialisation (save() / .rda), enough for lists of data frames."""

    def __init__(self, data: bytes):
        self.b = data
        self.i = 0
        self.refs = []

    def int(self):
        (v,) = struct.unpack_from('>i', self.b, self.i)
        self.i += 4
        return v

    def doubles(self, n):
        v = struct.unpack_from(f'>{n}d', self.b, self.i)
        self.i += 8 * n
        return list(v)

    def ints(self, n):
        v = struct.unpack_from(f'>{n}i', self.b, self.i)
        self.i += 4 * n
        return list(v)

    def header(self):
        magic = self.b[:5]
        if magic not in (b'RDX2\n', b'RDX3\n'):
            raise ValueError(f'not an XDR .rda file: {magic!r}')
        self.i = 5
        if self.b[self.i:self.i + 2] != b'X\n':
            raise ValueError('only XDR format is supported')
        self.i += 2
        version = self.int()
        self.int()  # writer R version
        self.int()  # minimal reader version
        if version == 3:
            n = self.int()
            self.i += n  # native encoding name

    def item(self):
        flags = self.int()
        t = flags & 0xFF
        has_attr = bool(flags & (1 << 9))
        has_tag = bool(flags & (1 << 10))
        if t == 254:  # NILVALUE
            return None
        if t in (253, 242, 241, 251, 247):  # global/empty/base env, missing arg, base namespace
            return None
        if t == 255:  # REFSXP
            idx = flags >> 8
            if idx == 0:
                idx = self.int()
            return self.refs[idx - 1]
        if t == 1:  # SYMSXP
            name = self.item()
            self.refs.append(name)
            return name
        if t in (249, 250):  # namespace / package: persistent string vector
            if self.int() != 0:
                raise ValueError('unexpected persistent name')
            n = self.int()
            names = [self.item() for _ in range(n)]
            self.refs.append(names)
            return names
        if t == 9:  # CHARSXP
            n = self.int()
            if n == -1:
                return None
            s = self.b[self.i:self.i + n].decode('utf-8', 'replace')
            self.i += n
            return s
        if t in (2, 17, 6):  # pairlist-like: attr, tag, car, cdr
            out = {}
            while True:
                if has_attr:
                    self.item()
                tag = self.item() if has_tag else None
                out[tag] = self.item()
                nxt = self.int()
                if nxt & 0xFF == 254:
                    return out
                t2 = nxt & 0xFF
                if t2 not in (2, 17, 6):
                    self.i -= 4
                    out['__cdr__'] = self.item()
                    return out
                has_attr = bool(nxt & (1 << 9))
                has_tag = bool(nxt & (1 << 10))
        if t == 14:  # REALSXP
            v = self.doubles(self.int())
        elif t in (13, 10):  # INTSXP, LGLSXP
            v = self.ints(self.int())
        elif t == 16:  # STRSXP
            v = [self.item() for _ in range(self.int())]
        elif t in (19, 20):  # VECSXP, EXPRSXP
            v = [self.item() for _ in range(self.int())]
        elif t == 238:  # ALTREP: info, state, attributes
            info = self.item()
            state = self.item()
            self.item()
            return {'altrep': info, 'state': state}
        else:
            raise ValueError(f'unsupported SEXP type {t} at byte {self.i}')
        if has_attr:
            attrs = self.item()
            return {'value': v, 'attrs': attrs}
        return v


def load_rda(path):
    raw = open(path, 'rb').read()
    if raw[:3] == b'BZh':
        raw = bz2.decompress(raw)
    elif raw[:2] == b'\x1f\x8b':
        raw = gzip.decompress(raw)
    elif raw[:6] == b'\xfd7zXZ\x00':
        raw = lzma.decompress(raw)
    r = RReader(raw)
    r.header()
    return r.item()


def columns(frame):
    """Data frame/tibble -> {name: list}."""
    names = frame['attrs']['names']
    names = names['value'] if isinstance(names, dict) else names
    return dict(zip(names, frame['value']))


def thin(points, spacing):
    kept = [points[0]]
    for p in points[1:-1]:
        if p[0] - kept[-1][0] >= spacing:
            kept.append(p)
    if points[-1][0] != kept[-1][0]:
        kept.append(points[-1])
    return kept


def trim_extrapolated_ends(pts, gap=3_000_000):
    """simfam extends each map to base 1 and to the chromosome end; over an acrocentric short arm or a
    long unmapped tail that invents tens of cM where no chip marker lies (chr15 would start at 70 cM),
    which would misplace simulated crossovers. Drop such end points and restart the map at 0 cM."""
    if len(pts) > 2 and pts[1][0] - pts[0][0] > gap:
        pts = pts[1:]
    if len(pts) > 2 and pts[-1][0] - pts[-2][0] > gap:
        pts = pts[:-1]
    base = pts[0][1]
    return [(p, g - base) for p, g in pts]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--autosomes', required=True)
    ap.add_argument('--chrx', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--spacing', type=int, default=50_000)
    a = ap.parse_args()

    top = load_rda(a.autosomes)
    maps = next(v for k, v in top.items() if k == 'recomb_map_hg37')
    maps = maps['value'] if isinstance(maps, dict) and 'value' in maps else maps
    if len(maps) != 22:
        raise SystemExit(f'expected 22 autosomes, got {len(maps)}')
    rows = []
    for c, frame in enumerate(maps, start=1):
        cols = columns(frame)
        pts = list(zip(cols['pos'], cols['posg']))
        pts.sort()
        pts = trim_extrapolated_ends(pts)
        rows += [(str(c), int(p), g) for p, g in thin(pts, a.spacing)]

    pts = []
    with open(a.chrx) as f:
        next(f)
        for line in f:
            p, _rate, g = line.split()
            pts.append((int(p), float(g)))
    rows += [('X', p, g) for p, g in thin(pts, a.spacing)]

    with open(a.out, 'w') as f:
        f.write('# chrom\tpos_grch37\tcM (see data/SOURCES.md, "Genetic map")\n')
        for c, p, g in rows:
            f.write(f'{c}\t{p}\t{g:.4f}\n')
    print(f'{len(rows)} points written to {a.out}')


if __name__ == '__main__':
    main()
