#!/usr/bin/env python3
"""Rebuild packages/genome/data/haplogroups/ytree.json (Y-DNA haplogroup tree with GRCh37 markers).

Input (see data/SOURCES.md, section "Y haplogroup tree"): the ISOGG Y-DNA SNP index (2019-2020 tree) as
tabulated in LineageTracker/Data/HaplogroupInfo.csv, and the ISOGG backbone in
LineageTracker/Data/base_tree.nw, of github.com/Shuhua-Group/Y-LineageTracker (MIT licence; Chen et al.
2021, BMC Bioinformatics 22:114). Only facts are taken (SNP names, ISOGG haplogroup, rsid, GRCh37
position, ancestral->derived allele, ISOGG key-SNP flag); no code.

  --git   bare git dir of Shuhua-Group/Y-LineageTracker
  --out   data/haplogroups/ytree.json

Rules (why: keep only unambiguous, chip-readable facts, and keep the file compact):
  * rows whose haplogroup is not a clean ISOGG label (approximate '~' placements, '*' paragroups) and
    rows without one GRCh37 position are dropped;
  * SNVs 'X->Y' keep their bases; simple indels keep 'I'/'D' as the derived state (chips report indels
    as I/D); other rows are dropped;
  * a GRCh37 position listed for more than one haplogroup (recurrent or conflicting) is dropped;
  * per branch at most MAX_PER_NODE markers are kept, ISOGG key SNPs first, then those with an rsid
    (the ones consumer chips mostly carry), then classic names (M, P, F ...);
  * every label is attached to its parent by ISOGG's naming (strip the last letter/number block) up to
    the ISOGG backbone (Y-Adam ... A0T ... BT ... K2b1 ... P1 ... R).
Output JSON: {"version", "nodes": [[name, parentIndex, snpName], ...],
              "markers": [[nodeIndex, pos37, ancestral, derived, snpName, rsidNumber], ...]}
Node 0 is the root; nodes are in depth-first order, so a parent always precedes its children.
"""
import argparse
import csv
import io
import json
import re
import subprocess

TABLE = 'LineageTracker/Data/HaplogroupInfo.csv'
TOPOLOGY = 'LineageTracker/Data/base_tree.nw'
ROOT = 'Y-Adam'
MAX_PER_NODE = 10


def git_show(git, path):
    return subprocess.run(['git', '--git-dir', git, 'show', f'HEAD:{path}'], check=True,
                          capture_output=True, text=True).stdout


def parse_newick(text):
    """Returns {name: parent} for the labelled backbone '((R,Q)P1)P,...)Y-Adam;'."""
    parent = {}
    frames = [[]]
    tokens = re.findall(r'\(|\)|,|[^(),;]+', text.strip())
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t == '(':
            frames.append([])
        elif t == ')':
            # The label after ')' names the node whose child list just closed; the file's outermost
            # pair of parentheses has no label and only wraps the root.
            children = frames.pop()
            if i + 1 < len(tokens) and tokens[i + 1] not in '(),':
                name = tokens[i + 1]
                i += 1
                for c in children:
                    parent[c] = name
                children = [name]
            frames[-1].extend(children)
        elif t != ',':
            frames[-1].append(t)
        i += 1
    return parent


def split_blocks(name):
    return re.findall(r'^[A-Z][A-Z0-9-]*?(?=[0-9a-z]|$)|[0-9]+|[a-z]+', name)


def parent_label(name):
    """Parent by ISOGG naming: O2a1c1a -> O2a1c1 (missing intermediate labels are created)."""
    blocks = split_blocks(name)
    if len(blocks) <= 1:
        return None
    return ''.join(blocks[:-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--git', required=True)
    ap.add_argument('--out', required=True)
    args = ap.parse_args()

    skel_parent = parse_newick(git_show(args.git, TOPOLOGY))

    rows = []
    for r in csv.DictReader(io.StringIO(git_show(args.git, TABLE))):
        hg, pos, mut = r['Haplogroup'].strip(), r['Build37'].strip(), r['MutationInfo'].strip()
        if not re.fullmatch(r'[A-Z][A-Za-z0-9]*', hg) or not re.fullmatch(r'\d+', pos):
            continue
        p = int(pos)
        left, _, right = mut.partition('->')
        right = right.split()[0] if right else ''
        if re.fullmatch(r'[ACGT]', left) and re.fullmatch(r'[ACGT]', right):
            anc, der = left, right
        elif right == 'del' or (re.fullmatch(r'[ACGT]+', left) and re.fullmatch(r'[ACGT]+', right) and len(left) > len(right)):
            anc, der = 'I', 'D'
        elif left == 'del' or (re.fullmatch(r'[ACGT]+', left) and re.fullmatch(r'[ACGT]+', right) and len(left) < len(right)):
            anc, der = 'D', 'I'
        else:
            continue
        names = [n for n in r['Mutation'].split('/') if n]
        rs_field = r['rs'].strip()
        rs = int(rs_field[2:]) if re.fullmatch(r'rs\d+', rs_field) else 0
        rows.append((hg, p, anc, der, min(names, key=name_rank), rs, r['KeyInfo'] == 'Key'))

    by_pos = {}
    for r in rows:
        by_pos.setdefault(r[1], []).append(r)
    unique = []
    dropped_recurrent = 0
    for p, rs in by_pos.items():
        if len({(r[0], r[2], r[3]) for r in rs}) > 1:
            dropped_recurrent += len(rs)
            continue
        unique.append(rs[0] if len(rs) == 1 else merge(rs))
    per_node = {}
    for r in unique:
        per_node.setdefault(r[0], []).append(r)
    kept = []
    for rs in per_node.values():
        kept.extend(sorted(rs, key=lambda r: (not r[6], r[5] == 0, name_rank(r[4])))[:MAX_PER_NODE])

    # Nodes: skeleton plus every label carrying a marker, plus the gaps their names imply.
    parent = dict(skel_parent)
    def ensure(label):
        if label == ROOT or label in parent:
            return
        p = parent_label(label)
        if p is None:
            raise SystemExit(f'cannot place {label}')
        parent[label] = p
        ensure(p)
    for r in kept:
        ensure(r[0])

    children = {}
    for c, p in parent.items():
        children.setdefault(p, []).append(c)
    order, index = [], {}
    def walk(n):
        index[n] = len(order)
        order.append(n)
        for c in sorted(children.get(n, []), key=natural):
            walk(c)
    walk(ROOT)

    markers_of = {}
    for r in kept:
        markers_of.setdefault(r[0], []).append(r)
    nodes = []
    for n in order:
        ms = markers_of.get(n, [])
        keys = [m for m in ms if m[6]]
        snp = preferred(keys or ms)
        major = major_letter(n)
        nodes.append([n, index[parent[n]] if n != ROOT else -1, f'{major}-{snp}' if snp else ''])
    markers = sorted(([index[r[0]], r[1], r[2], r[3], r[4], r[5]] for r in kept), key=lambda m: (m[0], m[1]))
    out = {
        'version': 'ISOGG Y-DNA tree 2019-2020 (facts, via Y-LineageTracker 2021), derived by scripts/derive-ytree.py',
        'nodes': nodes,
        'markers': markers,
    }
    with open(args.out, 'w') as fh:
        json.dump(out, fh, separators=(',', ':'))
        fh.write('\n')
    print(f'rows {len(rows)} unique positions {len(unique)} kept {len(kept)} '
          f'dropped-recurrent {dropped_recurrent} nodes {len(nodes)}')


def merge(rs):
    names = sorted({r[4] for r in rs}, key=name_rank)
    rsid = next((r[5] for r in rs if r[5]), 0)
    r = rs[0]
    return (r[0], r[1], r[2], r[3], names[0], rsid, any(x[6] for x in rs))


def name_rank(n):
    # The names the literature uses first: classic M and P, then Fudan's F (East Asian subclades), then others.
    for i, pre in enumerate(['M', 'P', 'F', 'L', 'U', 'V', 'Page', 'CTS', 'Z', 'PF']):
        if re.fullmatch(pre + r'\d+', n):
            return (i, len(n), n)
    return (99, len(n), n)


def preferred(ms):
    return min((m[4] for m in ms), key=name_rank) if ms else ''


def major_letter(n):
    return split_blocks(n)[0] if n != ROOT else n


def natural(n):
    return [int(b) if b.isdigit() else b for b in split_blocks(n)]


if __name__ == '__main__':
    main()
