import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNT_PATHS, type CancelState, type CancelType, cancelApplicationSchema, cancelConfirmSchema } from '@jiyin/contracts/accounts';
import { ok } from '@jiyin/contracts/envelope';
import { schema } from '@jiyin/db';
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../auth/audit.ts';
import { clearSessionCookie } from '../auth/sessions.ts';
import { verifySmsCode } from '../auth/smsCodes.ts';
import { newId } from '../auth/tokens.ts';
import { findUser, userView } from '../auth/users.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { libraryExport } from '../families/export.ts';
import { deleteStoredFiles, removeGeneticData } from '../imports/cleanup.ts';
import { importJobView } from '../imports/views.ts';
import { removeCommunityContent } from '../community/queries.ts';
import { notificationViews } from '../notifications/service.ts';
import { listPersonRows, personViews } from '../persons/queries.ts';
import { reunionOfUser } from '../reunion/routes.ts';
import { treeFilesOfUser } from '../trees/files.ts';
import { treePhotoUrls, treesOfUser } from '../trees/routes.ts';
import { type ZipEntry, zipStream } from '../storage/zip.ts';
import { removeUpload } from '../uploads/variants.ts';
import { requireUser } from '../users/session.ts';

const {
  users,
  persons,
  kits,
  personShares,
  shareInvitations,
  sessions,
  auditLog,
  deliveryAddresses,
  cancelApplications,
  rawFiles,
  importJobs,
  genomes,
  reportResults,
  notifications,
  chatMessages,
  communityPosts,
  communityComments,
  communityLikes,
  relativeConsents,
  relativeMatches,
  ancestryResults,
  ytreeComments,
  reportFeels,
  shareTokens,
  gedcomImports,
} = schema;

/** The uploaded photos (/uploads/genealogy/…) of a user's 寻亲 entries. */
const genealogyUploads = (entries: { photos: string[] }[]) =>
  entries.flatMap((e) => e.photos).filter((p) => p.startsWith('/uploads/genealogy/'));

/** A name usable as one path segment inside the archive. */
const safeName = (s: string) =>
  [...s]
    .map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c))
    .join('')
    .slice(0, 100) || '_';

/** Barcodes bound to persons the user owns. */
async function ownBarcodes(deps: Deps, userId: string): Promise<string[]> {
  const rows = await deps.database.db
    .select({ barcode: kits.barcode })
    .from(kits)
    .innerJoin(persons, eq(kits.personId, persons.id))
    .where(eq(persons.ownerUserId, userId));
  return rows.map((r) => r.barcode);
}

/** PIPL rights: download all my data, and cancel the account (application, then SMS confirmation). */
export async function accountRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  // PIPL: everything the product holds about me, as one zip: my-data.json (account, persons, imports,
  // genome summaries, reports, notices, addresses, sessions, audit log) and the raw files I uploaded.
  app.get(ACCOUNT_PATHS.dataExport, async (req, reply) => {
    const me = await requireUser(req, deps);
    const user = await findUser(deps, me.userId);
    if (!user) throw new ApiError('NOT_LOGGED_IN');
    const own = (await listPersonRows(deps, me.userId)).filter((p) => p.access === 'owner');
    const ownIds = own.map((p) => p.row.id);
    const barcodes = await ownBarcodes(deps, me.userId);
    const files = await db.select().from(rawFiles).where(eq(rawFiles.userId, me.userId)).orderBy(rawFiles.createdAt);
    const treeFiles = await treeFilesOfUser(db, me.userId);
    const archive = {
      exportedAt: deps.now().toISOString(),
      user: { ...userView(user), phone: user.phone, nationCode: user.nationCode, createdAt: user.createdAt.toISOString() },
      persons: await personViews(deps, own),
      sharedWith: ownIds.length
        ? await db
            .select({ personId: personShares.personId, userId: personShares.userId })
            .from(personShares)
            .where(inArray(personShares.personId, ownIds))
        : [],
      // Invitations the user sent (the numbers they typed), answered or not.
      shareInvitationsSent: await db
        .select({
          kind: shareInvitations.kind,
          treeId: shareInvitations.treeId,
          personId: shareInvitations.personId,
          role: shareInvitations.role,
          nationCode: shareInvitations.nationCode,
          phone: shareInvitations.phone,
          status: shareInvitations.status,
          createdAt: shareInvitations.createdAt,
          expiresAt: shareInvitations.expiresAt,
        })
        .from(shareInvitations)
        .where(eq(shareInvitations.inviterUserId, me.userId))
        .orderBy(shareInvitations.createdAt),
      rawFiles: files.map((f) => ({
        id: f.id,
        personId: f.personId,
        fileName: f.fileName,
        size: f.size,
        sha256: f.sha256,
        state: f.state,
        createdAt: f.createdAt,
      })),
      imports: (await db.select().from(importJobs).where(eq(importJobs.userId, me.userId)).orderBy(importJobs.createdAt)).map((j) =>
        importJobView(j),
      ),
      // The packed genotypes are in the raw files themselves; the summary says what was read.
      genomes: ownIds.length
        ? await db
            .select({
              barcode: genomes.barcode,
              personId: genomes.personId,
              vendor: genomes.vendor,
              build: genomes.build,
              sex: genomes.sex,
              callRate: genomes.callRate,
              markerCount: genomes.markerCount,
              yHaplogroup: genomes.yHaplogroup,
              mtHaplogroup: genomes.mtHaplogroup,
              createdAt: genomes.createdAt,
            })
            .from(genomes)
            .where(inArray(genomes.personId, ownIds))
        : [],
      reportResults: barcodes.length ? await db.select().from(reportResults).where(inArray(reportResults.barcode, barcodes)) : [],
      ancestryResults: barcodes.length ? await db.select().from(ancestryResults).where(inArray(ancestryResults.barcode, barcodes)) : [],
      geneRelativesConsents: ownIds.length
        ? await db.select().from(relativeConsents).where(inArray(relativeConsents.personId, ownIds))
        : [],
      // My side of each match only: who the relative is stays theirs (their barcode and person never leave the server).
      geneRelativesMatches: barcodes.length
        ? await db
            .select({
              barcode: relativeMatches.barcode,
              personId: relativeMatches.personId,
              sharedCm: relativeMatches.sharedCm,
              longestCm: relativeMatches.longestCm,
              segmentCount: relativeMatches.segmentCount,
              sharedPercent: relativeMatches.sharedPercent,
              grade: relativeMatches.grade,
              segments: relativeMatches.segments,
              createdAt: relativeMatches.createdAt,
            })
            .from(relativeMatches)
            .where(inArray(relativeMatches.barcode, barcodes))
        : [],
      reportFeels: await db.select().from(reportFeels).where(eq(reportFeels.userId, me.userId)),
      shareLinks: await db
        .select({
          id: shareTokens.id,
          type: shareTokens.type,
          barcode: shareTokens.barcode,
          expiresAt: shareTokens.expiresAt,
          revokedAt: shareTokens.revokedAt,
          createdAt: shareTokens.createdAt,
        })
        .from(shareTokens)
        .where(eq(shareTokens.createdBy, me.userId)),
      ytreeComments: await db.select().from(ytreeComments).where(eq(ytreeComments.userId, me.userId)),
      notifications: await notificationViews(
        db,
        await db.select().from(notifications).where(eq(notifications.userId, me.userId)).orderBy(desc(notifications.createdAt)),
      ),
      // The private messages the user wrote (what others wrote to them is theirs).
      chatMessages: await db
        .select({ id: chatMessages.id, type: chatMessages.kind, content: chatMessages.content, createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .where(eq(chatMessages.senderUserId, me.userId))
        .orderBy(chatMessages.seq),
      // The user's community posts, comments and likes (replies others wrote to them are theirs).
      communityPosts: await db.select().from(communityPosts).where(eq(communityPosts.authorUserId, me.userId)),
      communityComments: await db
        .select({
          id: communityComments.id,
          postId: communityComments.postId,
          kind: communityComments.kind,
          content: communityComments.content,
          createdAt: communityComments.createdAt,
        })
        .from(communityComments)
        .where(eq(communityComments.authorUserId, me.userId)),
      communityLikes: await db
        .select({ postId: communityLikes.postId, createdAt: communityLikes.createdAt })
        .from(communityLikes)
        .where(eq(communityLikes.userId, me.userId)),
      deliveryAddresses: await db.select().from(deliveryAddresses).where(eq(deliveryAddresses.userId, me.userId)),
      genealogyLibrary: await libraryExport(db, me.userId),
      // Family trees the user owns (persons, relations, life stories, members, imports) and 寻亲 entries;
      // their uploaded photos are in the archive under genealogy/.
      familyTrees: await treesOfUser(db, me.userId),
      // Files of the trees they own and files they uploaded to others' trees; the bytes are under genealogy/files/.
      familyTreeFiles: treeFiles.map(({ storageKey: _key, ...f }) => f),
      reunionEntries: await reunionOfUser(db, me.userId),
      sessions: await db
        .select({
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, me.userId)),
      auditLog: await db
        .select({
          action: auditLog.action,
          ip: auditLog.ip,
          userAgent: auditLog.userAgent,
          detail: auditLog.detail,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .where(eq(auditLog.userId, me.userId))
        .orderBy(desc(auditLog.createdAt)),
    };
    await audit(deps, req, me.userId, 'data-export');
    const gedcomKeys = (
      await db.select({ key: gedcomImports.storageKey }).from(gedcomImports).where(eq(gedcomImports.userId, me.userId))
    ).map((r) => r.key);
    const day = deps.now().toISOString().slice(0, 10);
    const names = new Map(own.map((p) => [p.row.id, `${safeName(p.row.name)}-${p.row.id.slice(0, 8)}`]));
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: 'my-data.json', data: Buffer.from(JSON.stringify(archive, null, 2)), compress: true, mtime: deps.now() };
      for (const photo of new Set([...genealogyUploads(archive.reunionEntries), ...(await treePhotoUrls(db, me.userId))])) {
        const data = await readFile(path.join(deps.config.dataDir, photo.slice(1))).catch(() => null);
        if (data) yield { name: `genealogy/${path.basename(photo)}`, data, compress: false, mtime: deps.now() };
      }
      for (const f of treeFiles) {
        yield {
          name: `genealogy/files/${f.id.slice(0, 8)}-${safeName(f.fileName)}`,
          data: await deps.storage.get(f.storageKey),
          compress: false,
          mtime: f.createdAt,
        };
      }
      for (const key of gedcomKeys) {
        yield { name: `genealogy/${path.basename(key)}`, data: await deps.storage.get(key), compress: true, mtime: deps.now() };
      }
      const used = new Set<string>();
      for (const f of files) {
        if (f.state !== 'stored') continue;
        let name = `raw/${names.get(f.personId) ?? f.personId}/${safeName(f.fileName)}`;
        if (used.has(name)) name = `raw/${names.get(f.personId) ?? f.personId}/${f.id.slice(0, 8)}-${safeName(f.fileName)}`;
        used.add(name);
        const compressed = /\.(gz|zip)$/i.test(f.fileName);
        yield { name, data: await deps.storage.get(f.storageKey), compress: !compressed, mtime: f.createdAt };
      }
    }
    const body = zipStream(entries());
    body.on('error', (err) => req.log.error({ err }, 'data export archive failed'));
    return reply
      .header('content-disposition', `attachment; filename="jiyin-my-data-${day}.zip"`)
      .header('cache-control', 'no-store')
      .type('application/zip')
      .send(body);
  });

  async function cancelState(userId: string): Promise<CancelState> {
    const [row] = await db.select().from(cancelApplications).where(eq(cancelApplications.userId, userId));
    if (!row) return { state: 'none', application: null };
    return {
      state: 'applied',
      application: { type: row.type as CancelType, barcodes: row.barcodes, createdAt: row.createdAt.toISOString() },
    };
  }

  app.get(ACCOUNT_PATHS.accountCancel, async (req) => {
    const me = await requireUser(req, deps);
    return ok(await cancelState(me.userId));
  });

  // The application names the kits whose data goes with the account; only the user's own barcodes
  // are accepted, and someone else's answers like an unknown one.
  app.post(ACCOUNT_PATHS.accountCancelApplication, async (req) => {
    const me = await requireUser(req, deps);
    const b = parseInput(cancelApplicationSchema, req.body);
    const mine = new Set(await ownBarcodes(deps, me.userId));
    if (b.barcodes.some((code) => !mine.has(code))) throw new ApiError('BARCODE_UNKNOWN');
    const values = { type: b.type, barcodes: [...new Set(b.barcodes)], createdAt: deps.now() };
    await db
      .insert(cancelApplications)
      .values({ id: newId(), userId: me.userId, ...values })
      .onConflictDoUpdate({ target: cancelApplications.userId, set: values });
    await audit(deps, req, me.userId, 'cancel-apply', { type: b.type, barcodes: values.barcodes });
    return ok(await cancelState(me.userId));
  });

  // Confirmed by an SMS code sent to the account's phone (verifyType `cancel`): the user row goes, and
  // with it (foreign keys, ON DELETE CASCADE) persons, shares both ways, privacy switches, sessions,
  // addresses, the audit log and the application; kits are unbound so the barcodes hold no one's data,
  // and the genetic data (imported detections, genomes, reports, PDFs) and stored files are deleted.
  app.delete(ACCOUNT_PATHS.accountCancel, async (req, reply) => {
    const me = await requireUser(req, deps);
    const b = parseInput(cancelConfirmSchema, req.body);
    const user = await findUser(deps, me.userId);
    if (!user) throw new ApiError('NOT_LOGGED_IN');
    if ((await cancelState(me.userId)).state !== 'applied') throw new ApiError('BAD_REQUEST', '请先提交注销申请');
    await verifySmsCode(deps, { nationCode: user.nationCode, phone: user.phone, purpose: 'cancel' }, b.authCode, true);
    const photos = [...genealogyUploads(await reunionOfUser(db, me.userId)), ...(await treePhotoUrls(db, me.userId))];
    const treeFileKeys = (await treeFilesOfUser(db, me.userId)).map((f) => f.storageKey);
    const gedcomFiles = (
      await db.select({ key: gedcomImports.storageKey }).from(gedcomImports).where(eq(gedcomImports.userId, me.userId))
    ).map((r) => r.key);
    const files = await db.transaction(async (tx) => {
      const own = await tx.select({ id: persons.id }).from(persons).where(eq(persons.ownerUserId, me.userId));
      const keys = await removeGeneticData(
        tx,
        own.map((p) => p.id),
      );
      if (own.length) {
        await tx
          .update(kits)
          .set({ personId: null, boundAt: null })
          .where(
            inArray(
              kits.personId,
              own.map((p) => p.id),
            ),
          );
      }
      await removeCommunityContent(tx, me.userId);
      // Their uploads to trees of others go too (the rows of their own trees go with the trees).
      await tx.delete(schema.treeFiles).where(eq(schema.treeFiles.uploaderUserId, me.userId));
      await tx.delete(users).where(eq(users.id, me.userId));
      return keys;
    });
    await deleteStoredFiles(deps, [...files, ...gedcomFiles, ...treeFileKeys], req.log);
    // Trees, stories, albums and 寻亲 entries went with the user row (cascade); their uploaded photos go too.
    for (const photo of photos) await removeUpload(deps.config.dataDir, photo);
    clearSessionCookie(deps, reply);
    req.log.info({ userId: me.userId }, 'account cancelled');
    return ok(null);
  });
}
