#!/bin/sh
# Builds the real-person fixtures of test/fixtures/real/ (see data/SOURCES.md, "Real raw-data files").
# Input: a directory holding 1KG_phase3_subset_chr{1..22,X}.vcf.gz of github.com/UW-GAC/analysis_pipeline
# testdata/ (1000 Genomes phase 3, GRCh37). Output: one single-sample VCF per sample named on the
# command line, every chromosome in order, the sample's genotype column copied unchanged (the other
# samples' columns are the only thing left out).
# Usage: sh scripts/derive-real-fixtures.sh <dir> <out-dir> NA18525 NA18939 ...
set -eu
src=$1
out=$2
shift 2
for sample in "$@"; do
  file="$out/1kg-$sample.vcf"
  : >"$file"
  first=1
  for c in $(seq 1 22) X; do
    test -f "$src/1KG_phase3_subset_chr$c.vcf.gz" || { echo "missing chromosome $c in $src" >&2; exit 1; }
    zcat "$src/1KG_phase3_subset_chr$c.vcf.gz" | awk -v s="$sample" -v first="$first" -F '\t' '
      BEGIN { OFS = "\t" }
      /^##/ { if (first) print; next }
      /^#CHROM/ { for (i = 10; i <= NF; i++) if ($i == s) col = i; if (!col) { print "no sample " s > "/dev/stderr"; exit 1 }
                  if (first) print $1, $2, $3, $4, $5, $6, $7, $8, $9, $col; next }
      { print $1, $2, $3, $4, $5, $6, $7, $8, $9, $col }' >>"$file"
    first=0
  done
  gzip -9nf "$file"
done
