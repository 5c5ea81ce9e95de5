import { readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const RASTER = /\.(png|jpe?g)$/i;

async function newerThan(file: string, source: Date): Promise<boolean> {
  try {
    return (await stat(file)).mtime >= source;
  } catch {
    return false;
  }
}

/**
 * §5 share images: beside every png or jpg of the web build's static folder, a webp and an interlaced
 * jpg (a jpg source is re-encoded in place), so share cards get them as files, never converted per
 * request. Runs at start and skips what an earlier start already wrote. Answers the files written.
 */
export async function writeShareVariants(staticDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(staticDir, { recursive: true })).filter((n) => RASTER.test(n));
  } catch {
    return [];
  }
  const written: string[] = [];
  const baseOf = (n: string) => n.replace(RASTER, '');
  const pngs = new Set(names.filter((n) => n.toLowerCase().endsWith('.png')).map(baseOf));
  // A jpg beside a png of the same name is that png's variant (an earlier start wrote it), not a source.
  const sources = names.filter((n) => n.toLowerCase().endsWith('.png') || !pngs.has(baseOf(n)));
  const bases = sources.map(baseOf);
  const twice = bases.find((b, i) => bases.indexOf(b) !== i);
  if (twice) throw new Error(`static/${twice} exists as both jpg and jpeg: their share variants would collide`);
  for (const name of sources) {
    const source = path.join(staticDir, name);
    const base = source.replace(RASTER, '');
    const jpg = `${base}.jpg`;
    const stale = jpg === source ? !(await sharp(source).metadata()).isProgressive : !(await newerThan(jpg, (await stat(source)).mtime));
    if (stale) {
      // Written aside, then moved: a jpg source is its own variant's input. Before the webp, so that
      // one is newer than the rewritten source.
      const tmp = `${jpg}.tmp`;
      await sharp(source).flatten({ background: '#ffffff' }).jpeg({ quality: 85, progressive: true }).toFile(tmp);
      await rename(tmp, jpg);
      written.push(jpg);
    }
    const webp = `${base}.webp`;
    if (!(await newerThan(webp, (await stat(source)).mtime))) {
      await sharp(source).webp({ quality: 85 }).toFile(webp);
      written.push(webp);
    }
  }
  return written;
}
