import { copyFile, mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeShareVariants } from '../src/uploads/variants.ts';

const SHARE_PNG = path.resolve(import.meta.dirname, '../../web/public/static/share.png');

describe('share image variants written at start (§5)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'jy-share-'));
    await mkdir(path.join(dir, 'activities'));
    await copyFile(SHARE_PNG, path.join(dir, 'share.png'));
    // A baseline (non-interlaced) jpg in a sub-folder, and an SVG that is left alone.
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36cfc9' } })
      .jpeg({ progressive: false })
      .toFile(path.join(dir, 'activities', 'banner.jpg'));
    await writeFile(path.join(dir, 'hero.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a webp and an interlaced jpg beside each png or jpg, once', async () => {
    const written = await writeShareVariants(dir);
    expect(written.map((f) => path.relative(dir, f)).sort()).toEqual([
      'activities/banner.jpg',
      'activities/banner.webp',
      'share.jpg',
      'share.webp',
    ]);
    const png = await sharp(SHARE_PNG).metadata();
    const webp = await sharp(path.join(dir, 'share.webp')).metadata();
    const jpg = await sharp(path.join(dir, 'share.jpg')).metadata();
    expect(webp).toMatchObject({ format: 'webp', width: png.width, height: png.height });
    expect(jpg).toMatchObject({ format: 'jpeg', isProgressive: true, width: png.width, height: png.height });
    expect(await sharp(path.join(dir, 'activities', 'banner.jpg')).metadata()).toMatchObject({ format: 'jpeg', isProgressive: true });
    expect((await stat(path.join(dir, 'share.jpg'))).size).toBeGreaterThan(0);
    // A second start finds them current and writes nothing; a newer source is converted again.
    expect(await writeShareVariants(dir)).toEqual([]);
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dir, 'share.png'), later, later);
    expect((await writeShareVariants(dir)).map((f) => path.basename(f)).sort()).toEqual(['share.jpg', 'share.webp']);
  });

  it('refuses two pictures whose variants would overwrite each other', async () => {
    await copyFile(path.join(dir, 'activities', 'banner.jpg'), path.join(dir, 'activities', 'banner.jpeg'));
    await expect(writeShareVariants(dir)).rejects.toThrow(/both jpg and jpeg/);
    await rm(path.join(dir, 'activities', 'banner.jpeg'));
  });
});
