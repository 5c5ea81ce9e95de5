import { inflateSync } from 'node:zlib';

/**
 * The text of each page of a PDF written by pdfkit, read back through the fonts' ToUnicode maps:
 * proves the Chinese glyphs are embedded and map back to the characters written.
 */
export function pdfPages(pdf: Buffer): string[] {
  const src = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  for (const m of src.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const body = m[2] as string;
    const at = body.indexOf('\nstream\n');
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const raw = Buffer.from(body.slice(at + 8, body.lastIndexOf('\nendstream')), 'latin1');
    objects.set(Number(m[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  // Font resource names (F1, F2…) are document-wide in pdfkit: name → ToUnicode table.
  const fonts = new Map<string, string[]>();
  for (const { dict } of objects.values()) {
    for (const m of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(m[2]));
      const toUnicode = font?.dict.match(/\/ToUnicode (\d+) 0 R/);
      const cmap = toUnicode ? objects.get(Number(toUnicode[1]))?.stream?.toString('latin1') : undefined;
      if (!cmap || fonts.has(m[1] as string)) continue;
      const table: string[] = [];
      for (const r of cmap.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/g)) {
        const start = Number.parseInt(r[1] as string, 16);
        [...(r[2] as string).matchAll(/<([0-9a-f ]+)>/g)].forEach((e, i) => {
          table[start + i] = String.fromCharCode(...(e[1] as string).split(' ').map((h) => Number.parseInt(h, 16)));
        });
      }
      fonts.set(m[1] as string, table);
    }
  }
  const pageContents = [...objects.values()]
    .filter((o) => /\/Type \/Page\b/.test(o.dict))
    .map((o) => Number(o.dict.match(/\/Contents (\d+) 0 R/)?.[1]));
  return pageContents.map((ref) => {
    const content = objects.get(ref)?.stream?.toString('latin1') ?? '';
    let table: string[] = [];
    let text = '';
    for (const m of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (m[1]) table = fonts.get(m[1]) ?? [];
      else
        for (const h of (m[2] as string).matchAll(/<([0-9a-f]+)>/g))
          text += (h[1] as string).replace(/.{4}/g, (c) => table[Number.parseInt(c, 16)] ?? '');
    }
    return text;
  });
}
