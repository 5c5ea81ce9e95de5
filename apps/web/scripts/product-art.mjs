// Our own product artwork (issue 19): one motif per product, drawn as SVG, and the home hero's picture.
// `node apps/web/scripts/product-art.mjs` rewrites apps/web/public/static/products/*.svg and hero.svg.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const OUT = path.resolve(import.meta.dirname, '../public/static');
const W = 320;
const H = 200;
const f = (n) => Math.round(n * 10) / 10;

/** A double helix across [x0, x1] around the middle line y, with rungs. */
function helix(x0, x1, y, amp, turns, opacity = 0.9) {
  const parts = [];
  const steps = 24;
  for (let i = 0; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / steps;
    const a = (i / steps) * turns * 2 * Math.PI;
    const y1 = y + amp * Math.sin(a);
    const y2 = y - amp * Math.sin(a);
    parts.push(`<line x1="${f(x)}" y1="${f(y1)}" x2="${f(x)}" y2="${f(y2)}" stroke="#fff" stroke-opacity="0.3" stroke-width="2"/>`);
    parts.push(`<circle cx="${f(x)}" cy="${f(y1)}" r="4" fill="#fff" opacity="${opacity}"/>`);
    parts.push(`<circle cx="${f(x)}" cy="${f(y2)}" r="4" fill="#fff" opacity="${opacity * 0.65}"/>`);
  }
  return parts.join('');
}

/** A branching tree from (x, y) to the right: `depth` levels of two children each. */
function tree(x, y, dx, spread, depth, r = 6) {
  let out = `<circle cx="${f(x)}" cy="${f(y)}" r="${r}" fill="#fff"/>`;
  if (!depth) return out;
  for (const s of [-1, 1]) {
    const cx = x + dx;
    const cy = y + s * spread;
    out += `<path d="M${f(x)},${f(y)} H${f(x + dx / 2)} V${f(cy)} H${f(cx)}" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="2.5"/>`;
    out += tree(cx, cy, dx, spread / 2, depth - 1, Math.max(3, r - 1));
  }
  return out;
}

/** A head-and-shoulders figure. */
function person(x, y, s, opacity = 1) {
  return `<g opacity="${opacity}"><circle cx="${f(x)}" cy="${f(y - 16 * s)}" r="${f(12 * s)}" fill="#fff"/><path d="M${f(x - 22 * s)},${f(y + 22 * s)} a${f(22 * s)},${f(20 * s)} 0 0 1 ${f(44 * s)},0 z" fill="#fff"/></g>`;
}

const MOTIFS = {
  // Health and ancestry: the helix with a heart on it.
  standard: () =>
    helix(40, 280, 100, 34, 2) +
    '<path d="M160 128 c-30 -22 -34 -46 -16 -54 c8 -4 14 0 16 6 c2 -6 8 -10 16 -6 c18 8 14 32 -16 54 z" fill="#fff" opacity="0.95"/>',
  // Ancestry: a family tree over three generations.
  ancestry: () => tree(46, 92, 64, 40, 3, 8),
  // Ancestry and traits: the tree beside a person.
  'ancestry-trait': () => tree(50, 100, 56, 40, 2, 7) + person(236, 112, 1.6),
  // Traits: a person with trait dots around the head.
  trait: () =>
    person(160, 112, 2.2) +
    [0, 1, 2, 3, 4]
      .map((i) => {
        const a = Math.PI * (1.1 + i * 0.2);
        return `<circle cx="${f(160 + 78 * Math.cos(a))}" cy="${f(70 + 60 * Math.sin(a))}" r="6" fill="#fff" opacity="0.75"/>`;
      })
      .join(''),
  // Relatives: people joined by shared segments.
  relatives: () =>
    '<path d="M90 92 L160 70 L230 92 M90 92 L160 130 L230 92" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="3" stroke-dasharray="6 6"/>' +
    person(90, 104, 1.1) +
    person(160, 82, 1.1) +
    person(230, 104, 1.1) +
    person(160, 142, 0.9, 0.85),
  // Whole Y sequencing: the Y chromosome with its bands.
  yfull: () =>
    '<path d="M132 40 q-12 0 -12 14 v30 q0 12 10 16 q-10 4 -10 16 v40 q0 14 14 14 h12 q14 0 14 -14 v-40 q0 -12 -10 -16 q10 -4 10 -16 v-30 q0 -14 -14 -14 z" fill="#fff" opacity="0.95" transform="translate(20 0)"/>' +
    [58, 74, 120, 136, 152].map((y) => `<rect x="138" y="${y}" width="44" height="6" fill="currentColor" opacity="0.25"/>`).join('') +
    '<text x="214" y="110" font-size="40" font-weight="700" fill="#fff" font-family="sans-serif">Y</text>',
  // Paternal lineage: one line running down a branching tree.
  'y-ancestry': () =>
    tree(60, 100, 62, 48, 3, 6) + '<path d="M60 100 H91 V52 H122 H153 V76 H184 H215 V64 H246" fill="none" stroke="#fff" stroke-width="5"/>',
  // HPV: a virus particle.
  hpv: () =>
    Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * 2 * Math.PI;
      return `<line x1="${f(160 + 40 * Math.cos(a))}" y1="${f(100 + 40 * Math.sin(a))}" x2="${f(160 + 58 * Math.cos(a))}" y2="${f(100 + 58 * Math.sin(a))}" stroke="#fff" stroke-width="4"/><circle cx="${f(160 + 62 * Math.cos(a))}" cy="${f(100 + 62 * Math.sin(a))}" r="6" fill="#fff"/>`;
    }).join('') +
    '<circle cx="160" cy="100" r="40" fill="#fff" opacity="0.95"/><circle cx="148" cy="90" r="8" fill="currentColor" opacity="0.2"/><circle cx="172" cy="108" r="10" fill="currentColor" opacity="0.2"/>',
  // Helicobacter pylori: a curved rod with flagella.
  hp: () =>
    '<path d="M110 120 c20 -50 80 -50 100 -20" fill="none" stroke="#fff" stroke-width="34" stroke-linecap="round"/>' +
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="M214 ${92 + i * 6} c16 -10 26 10 42 0 s26 10 42 0" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="2.5"/>`,
      )
      .join(''),
};

const PRODUCTS = {
  standard: ['#2563eb', '#06b6d4', '全能版'],
  ancestry: ['#f59e0b', '#ef4444', '祖源'],
  'ancestry-trait': ['#7c3aed', '#ec4899', '祖源＋特质'],
  trait: ['#16a34a', '#84cc16', '特质'],
  relatives: ['#f97316', '#facc15', '寻亲'],
  yfull: ['#1e3a8a', '#3b82f6', 'Y 全序列'],
  'y-ancestry': ['#0f766e', '#14b8a6', '父系'],
  hpv: ['#db2777', '#f472b6', 'HPV'],
  hp: ['#0891b2', '#22d3ee', 'HP'],
};

for (const [id, [from, to, label]] of Object.entries(PRODUCTS)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}" color="${from}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${W}" height="${H}" rx="16" fill="url(#g)"/>${MOTIFS[id]()}
<text x="${W - 16}" y="${H - 16}" text-anchor="end" font-size="20" font-weight="700" fill="#fff" font-family="sans-serif">${label}</text>
</svg>
`;
  writeFileSync(path.join(OUT, 'products', `${id}.svg`), svg);
}

// The home hero: a helix turning into a family tree, on the hero's own gradient (transparent ground).
const hero = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300" viewBox="0 0 480 300" role="img" aria-label="从基因到家族">
${helix(20, 240, 150, 60, 2.5)}
<g transform="translate(250 150)">${tree(0, 0, 64, 70, 3, 9)}</g>
</svg>
`;
writeFileSync(path.join(OUT, 'hero.svg'), hero);
