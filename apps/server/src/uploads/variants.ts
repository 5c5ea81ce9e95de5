import { randomUUID } from 'node:crypto';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { shareJpg, shareWebp } from './encode.ts';

const RASTER = /\.(png|jpe?g)$/i;

async function newerThan(file: string, source: string): Promise<boolean> {
  try {
    return (await stat(file)).mtime >= (await stat(source)).mtime;
  } catch {
    return false;
  }
}

/** Writes aside, then moves into place: readers (and another process doing the same) never see half a file. */
export async function writeAtomically(target: string, bytes: Uint8Array): Promise<void> {
  const tmp = `${target}.${randomUUID()}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, target);
}

/**
 * §5 share images: a webp and an interlaced jpg of one png or jpg, beside it (a jpg that is not yet
 * interlaced is re-encoded in place), so share cards get files, never a conversion per request.
 * Skips what is already current. Answers the files written.
 */
export async function writeImageVariants(source: string): Promise<string[]> {
  const base = source.replace(RASTER, '');
  const written: string[] = [];
  const jpg = `${base}.jpg`;
  const stale = jpg === source ? !(await sharp(source).metadata()).isProgressive : !(await newerThan(jpg, source));
  if (stale) {
    await writeAtomically(jpg, await shareJpg(sharp(source)).toBuffer());
    written.push(jpg);
  }
  // After the jpg: a rewritten jpg source would otherwise be newer than its webp.
  const webp = `${base}.webp`;
  if (!(await newerThan(webp, source))) {
    await writeAtomically(webp, await shareWebp(sharp(source)).toBuffer());
    written.push(webp);
  }
  return written;
}

/**
 * The variants of every png and jpg under a folder (the web build's static pictures, the uploads),
 * at start. A jpg beside a png of the same name is that png's variant, not a source.
 */
export async function writeShareVariants(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(dir, { recursive: true })).filter((n) => RASTER.test(n));
  } catch {
    return [];
  }
  const baseOf = (n: string) => n.replace(RASTER, '');
  const pngs = new Set(names.filter((n) => n.toLowerCase().endsWith('.png')).map(baseOf));
  const sources = names.filter((n) => n.toLowerCase().endsWith('.png') || !pngs.has(baseOf(n)));
  const bases = sources.map(baseOf);
  const twice = bases.find((b, i) => bases.indexOf(b) !== i);
  if (twice) throw new Error(`${twice} exists as both jpg and jpeg: their share variants would collide`);
  const written: string[] = [];
  for (const name of sources) written.push(...(await writeImageVariants(path.join(dir, name))));
  return written;
}

/** Removes a stored upload (`/uploads/…` as its rows keep it) with its share variants. */
export async function removeUpload(dataDir: string, url: string): Promise<void> {
  const file = path.join(dataDir, url.slice(1));
  const base = file.replace(RASTER, '');
  await Promise.all([file, `${base}.jpg`, `${base}.webp`].map((f) => rm(f, { force: true })));
}
