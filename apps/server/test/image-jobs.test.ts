import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { TREE_API_PATHS } from '@jiyin/contracts/treesApi';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitImage, IMAGE_BUSY_MSG, IMAGE_JOB, queueImage } from '../src/uploads/jobs.ts';
import { drainQueue } from './drain.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

const { imageJobs, users } = schema;

/** A multipart body with one `file` part, as a browser's FormData would send it. */
function multipart(bytes: Buffer, filename: string) {
  const boundary = '----jiyin-image-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Image re-encoding runs as a queue job on the worker pool, not in the request: the job row and the
 * pool's metrics show it; a corrupt image gets a Chinese error and leaves no file behind; a request
 * that stops waiting leaves nothing either.
 */
describe.each(testDatabaseTargets())('image processing through the queue on $name', (target) => {
  let t: TestApp;
  let dataDir: string;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'jiyin-image-jobs-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    cookie = await signUpUser(t, '13700000051');
    [{ id: userId }] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, '13700000051'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer) => {
    const body = multipart(bytes, 'p.jpg');
    return t.app.inject({
      method: 'POST',
      url: `${ACCOUNT_PATHS.uploadImage}?type=community`,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  };
  const files = async (dir: string) => (await readdir(path.join(dataDir, dir), { recursive: true }).catch(() => [])).sort();
  const encodeRuns = async () => {
    const text = (await t.app.inject('/metrics')).body;
    const line = text.split('\n').find((l) => l.startsWith('pool_task_duration_seconds_count{kind="encodeImage",outcome="ok"}'));
    return Number(line?.split(' ').pop() ?? 0);
  };

  it('re-encodes an upload in a job: rotated, resized, without its EXIF location, share variants beside it', async () => {
    // A phone photo: 1200×900 stored sideways (orientation 6) with a GPS position in its EXIF.
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4a8' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const runs = await encodeRuns();
    const res = (await upload(photo)).json();
    expect(res.code).toBe(0);
    const url = res.data.uploadUrl as string;
    const served = await t.app.inject({ method: 'GET', url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 800, isProgressive: true });
    expect(meta.exif).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: url.replace(/\.jpg$/, '.webp') })).statusCode).toBe(200);
    // The job row says it ran, and the pool ran it (the request did not).
    const [row] = await t.database.db.select().from(imageJobs).where(eq(imageJobs.target, url));
    expect(row).toMatchObject({ userId, purpose: 'upload', state: 'done', size: served.rawPayload.length });
    expect(await encodeRuns()).toBe(runs + 1);
    // The bytes handed to the job are gone once it is done.
    expect(await t.app.deps.storage.stat(row.inputKey)).toBeNull();
  });

  it('refuses a corrupt image with a Chinese error and stores nothing', async () => {
    const uploadsBefore = await files('uploads');
    // The jpg signature, then noise: it passes the format check and fails in the job.
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x5a)]);
    const res = (await upload(corrupt)).json();
    expect(res).toMatchObject({ code: CODES.UPLOAD_FAILED.code, msg: '上传失败，请重试' });
    expect(await files('uploads')).toEqual(uploadsBefore);
    const rows = await t.database.db.select().from(imageJobs).where(eq(imageJobs.state, 'failed'));
    expect(rows).toHaveLength(1);
    expect(await t.app.deps.storage.stat(rows[0].inputKey)).toBeNull();

    // A tree file: the whole upload is refused with the file's name, the good picture beside it is not kept.
    const tree = (
      await t.app.inject({ method: 'POST', url: TREE_API_PATHS.trees, headers: { cookie }, payload: { name: '图片家谱' } })
    ).json();
    const good = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    const treeFiles = fillPattern(TREE_API_PATHS.files, { treeId: tree.data.id });
    const answer = (
      await t.app.inject({
        method: 'POST',
        url: treeFiles,
        headers: { cookie },
        payload: {
          sourceType: 'genealogy',
          title: '卷一',
          fileResources: [
            { fileName: '封面.png', content: good.toString('base64') },
            { fileName: '坏图.jpg', content: corrupt.toString('base64') },
          ],
        },
      })
    ).json();
    expect(answer).toMatchObject({ code: CODES.UPLOAD_FAILED.code, msg: '图片「坏图.jpg」无法读取' });
    expect((await t.app.inject({ method: 'GET', url: treeFiles, headers: { cookie } })).json().data.list).toEqual([]);
    expect(await files(`files/tree-files/${tree.data.id}`)).toEqual([]);
  });

  it('leaves nothing behind when the request stops waiting', async () => {
    const uploadsBefore = await files('uploads');
    const bytes = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const target = '/uploads/community/00000000-0000-4000-8000-000000000001.png';
    const id = await queueImage(t.app.deps, { userId, purpose: 'upload', format: 'png', maxSide: 800, target, bytes });
    await expect(awaitImage(t.app.deps, id, 0)).rejects.toMatchObject({ message: IMAGE_BUSY_MSG });
    await drainQueue(t, [IMAGE_JOB]);
    const [row] = await t.database.db.select().from(imageJobs).where(eq(imageJobs.id, id));
    expect(row.state).toBe('abandoned');
    expect(await files('uploads')).toEqual(uploadsBefore);
    expect(await t.app.deps.storage.stat(row.inputKey)).toBeNull();
  });
});
