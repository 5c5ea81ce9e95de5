#!/usr/bin/env python3
"""Rebuild packages/genome/data/haplogroups/mttree.json (mtDNA haplogroup tree on rCRS positions).

Input (see data/SOURCES.md, section "mt haplogroup tree"): PhyloTree Build 17 (van Oven & Kayser 2009,
www.phylotree.org, 18 Feb 2016) in the rCRS-oriented XML form distributed as resources/phylotree17.xml
by github.com/genepi/haplogrep-core, and the rCRS sequence (NC_012920) from the same repository
(test-data/reference/rcrs/rCRS.fasta). Only the tree's facts are used.

  --git   bare git dir of genepi/haplogrep-core (e.g. /work/.mirror/genepi+haplogrep-core/repo)
  --out   data/haplogroups/mttree.json

That XML is rooted at rCRS itself (H2a2a1) and each <poly> gives the state reached when walking away
from rCRS (e.g. '263G', '8281d', '152C!'). The script computes every node's full state on rCRS
positions, then re-roots the tree at 'mt-MRCA' so parents are real ancestors, and writes each node's
defining markers as (position, ancestral state, derived state): the states of its true parent and of
itself. Insertions ('315.1C', '573.XC') are dropped: chips cannot read them. Deletions keep 'D' as the
derived (or ancestral) state. A marker is flagged as a back mutation (1) when its derived state is a
state the position already had higher up the path.
Output JSON: {"version", "nodes": [[name, parentIndex], ...],
              "markers": [[nodeIndex, pos, ancestral, derived, back], ...]}
Node 0 is mt-MRCA; nodes are in depth-first order, so a parent always precedes its children.
"""
import argparse
import re
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

XML = 'resources/phylotree17.xml'
RCRS = 'test-data/reference/rcrs/rCRS.fasta'
ROOT = 'mt-MRCA'


def git_show(git, path):
    return subprocess.run(['git', '--git-dir', git, 'show', f'HEAD:{path}'], check=True,
                          capture_output=True, text=True).stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--git', required=True)
    ap.add_argument('--out', required=True)
    args = ap.parse_args()

    rcrs = ''.join(git_show(args.git, RCRS).split('\n')[1:]).strip()
    assert len(rcrs) == 16569, len(rcrs)
    tree = ET.fromstring(git_show(args.git, XML))

    # Undirected edges with the XML direction's polys; node states relative to rCRS.
    state = {}        # name -> {pos: state} differences from rCRS
    adj = {}          # name -> list of (neighbour, polys as (pos, state) walking xml-parent -> child)
    dropped_ins = 0

    def visit(el, parent_name, parent_state):
        nonlocal dropped_ins
        name = el.get('name')
        polys = []
        details = el.find('details')
        for p in (details.findall('poly') if details is not None else []):
            m = re.fullmatch(r'(\d+)([ACGTd])!?', p.text.strip())
            if not m:
                dropped_ins += 1
                continue
            polys.append((int(m.group(1)), 'D' if m.group(2) == 'd' else m.group(2)))
        st = dict(parent_state)
        for pos, s in polys:
            if s == rcrs[pos - 1]:
                st.pop(pos, None)
            else:
                st[pos] = s
        assert name not in state, f'duplicate {name}'
        state[name] = st
        adj.setdefault(name, [])
        if parent_name is not None:
            adj[parent_name].append((name, polys))
            adj[name].append((parent_name, polys))
        for child in el.findall('haplogroup'):
            visit(child, name, st)

    top = tree.findall('haplogroup')
    assert len(top) == 1
    sys.setrecursionlimit(100000)
    visit(top[0], None, {})

    def at(name, pos):
        return state[name].get(pos, rcrs[pos - 1])

    order, index, parent_of = [], {}, {}
    markers = []

    def walk(n, parent, history):
        index[n] = len(order)
        order.append(n)
        parent_of[n] = parent
        edge = next((polys for nb, polys in adj[n] if nb == parent), []) if parent else []
        hist = dict(history)
        for pos in sorted({p for p, _ in edge}):
            anc, der = at(parent, pos), at(n, pos)
            if anc == der:
                continue  # a poly listed twice on one edge cancels out
            back = 1 if der in history.get(pos, ()) else 0
            markers.append([index[n], pos, anc, der, back])
            hist[pos] = history.get(pos, (anc,)) + (der,)
        for nb, _ in sorted(adj[n], key=lambda x: x[0]):
            if nb != parent:
                walk(nb, n, hist)

    walk(ROOT, None, {})
    nodes = [[n, index[parent_of[n]] if parent_of[n] else -1] for n in order]
    out = {
        'version': 'PhyloTree Build 17 (2016-02-18), rCRS positions, derived by scripts/derive-mttree.py',
        'nodes': nodes,
        'markers': markers,
    }
    with open(args.out, 'w') as fh:
        json.dump(out, fh, separators=(',', ':'))
        fh.write('\n')
    diff = len(state[ROOT])
    print(f'nodes {len(nodes)} markers {len(markers)} insertions-dropped {dropped_ins} '
          f'mt-MRCA differs from rCRS at {diff} positions')


if __name__ == '__main__':
    main()
