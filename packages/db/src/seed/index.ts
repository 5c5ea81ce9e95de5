import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { RELATIVES_PROTOCOL_VERSION } from '@jiyin/contracts/relativesApi';
import {
  antispamWords,
  communityPosts,
  couponCodes,
  descriptionConfigs,
  geneClubArticles,
  kits,
  ledgerAccounts,
  ledgerEntries,
  persons,
  privacySwitches,
  products,
  relativeConsents,
  seedVersions,
  siteContent,
  users,
} from '../schema/index.ts';
import { DEMO_BOUND_KIT, DEMO_FAMILY, DEMO_PERSON, DEMO_RELATIVE_USERS, DEMO_REWARD, DEMO_USER } from './accounts.ts';
import { DEMO_COUPON_CODES, DEMO_PRODUCTS } from './catalog.ts';
import { ANTISPAM_STARTER_SOURCE, ANTISPAM_STARTER_WORDS, DEMO_POSTS, EDITORIAL_AUTHOR, GENE_CLUB_ARTICLES } from './community.ts';
import { DEMO_CONTENT, DEMO_DESCRIPTIONS } from './content.ts';
import { DEMO_KITS } from './kits.ts';
import { WEBVIEW_CONTENT } from './webviewContent.ts';
import { seedDemoFamilies, seedSurnames } from './genealogy/index.ts';

/** Bump when the demo content changes so existing installs pick it up on their next start. */
export const DEMO_SEED_VERSION = 12;

/**
 * Demo content, idempotent: rows are upserted by their natural keys, so running it again changes
 * nothing and never duplicates.
 */
export async function seedDemoContent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of DEMO_PRODUCTS) {
      const { id, ...rest } = p;
      await tx
        .insert(products)
        .values({ id, ...rest })
        .onConflictDoUpdate({ target: products.id, set: { ...rest, updatedAt: sql`now()` } });
    }
    for (const c of DEMO_COUPON_CODES) {
      const { code, ...terms } = c;
      // Terms follow the seed; how many were redeemed is the shop's own state.
      await tx.insert(couponCodes).values(c).onConflictDoUpdate({ target: couponCodes.code, set: terms });
    }
    for (const c of [...DEMO_CONTENT, ...WEBVIEW_CONTENT]) {
      const { slug, ...rest } = c;
      await tx
        .insert(siteContent)
        .values(c)
        .onConflictDoUpdate({ target: siteContent.slug, set: { ...rest, updatedAt: sql`now()` } });
    }
    for (const d of DEMO_DESCRIPTIONS) {
      const { key, ...rest } = d;
      await tx
        .insert(descriptionConfigs)
        .values(d)
        .onConflictDoUpdate({ target: descriptionConfigs.key, set: { ...rest, updatedAt: sql`now()` } });
    }
    // Kits are only created, never reset: a demo kit someone bound stays bound.
    await tx.insert(kits).values(DEMO_KITS).onConflictDoNothing();
    // The demo account is created once (by id or phone) and then left alone, like the kits.
    await tx.insert(users).values(DEMO_USER).onConflictDoNothing();
    const [demo] = await tx.select({ id: users.id }).from(users).where(eq(users.id, DEMO_USER.id));
    if (demo) {
      await tx.insert(persons).values(DEMO_PERSON).onConflictDoNothing();
      await tx
        .insert(kits)
        .values({ ...DEMO_BOUND_KIT, boundAt: sql`now()` })
        .onConflictDoNothing();
      await seedDemoReward(tx);
    }
    // The demo person's relatives (v5): created once like the demo account, all joined to gene
    // relatives; their genomes are imported at start-up (apps/server imports/demo.ts).
    await tx.insert(users).values(DEMO_RELATIVE_USERS).onConflictDoNothing();
    const owners = new Set(
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.id, [DEMO_USER.id, ...DEMO_RELATIVE_USERS.map((u) => u.id)]))
      ).map((u) => u.id),
    );
    for (const m of DEMO_FAMILY) {
      if (!owners.has(m.person.ownerUserId)) continue;
      await tx.insert(persons).values(m.person).onConflictDoNothing();
      await tx
        .insert(kits)
        .values({ barcode: m.barcode, productId: m.productId ?? 'STANDARD_ANCESTRY', personId: m.person.id, boundAt: sql`now()` })
        .onConflictDoNothing();
      await tx
        .insert(privacySwitches)
        .values({ personId: m.person.id, feature: 'showFullName', open: m.showFullName })
        .onConflictDoNothing();
      // A demo person who withdrew stays withdrawn.
      await tx
        .insert(relativeConsents)
        .values({
          personId: m.person.id,
          userId: m.person.ownerUserId,
          protocolVersion: RELATIVES_PROTOCOL_VERSION,
          consentedAt: sql`now()`,
        })
        .onConflictDoNothing();
    }
    // v9: the surname library's reference rows and the demo families.
    await seedSurnames(tx);
    await seedDemoFamilies(tx);
    // v11: the community's starter word list (staff may delete a word: it stays deleted only until
    // the next seed version), the product's own gene club articles, and two demo posts.
    await tx
      .insert(antispamWords)
      .values(ANTISPAM_STARTER_WORDS.map((w) => ({ ...w, source: ANTISPAM_STARTER_SOURCE })))
      .onConflictDoNothing();
    for (const a of GENE_CLUB_ARTICLES) {
      const { id, ...rest } = a;
      const row = { ...rest, tags: [...rest.tags], author: EDITORIAL_AUTHOR };
      await tx
        .insert(geneClubArticles)
        .values({ id, ...row })
        .onConflictDoUpdate({ target: geneClubArticles.id, set: { ...row, updatedAt: sql`now()` } });
    }
    if (demo) {
      await tx
        .insert(communityPosts)
        .values(DEMO_POSTS.map((p) => ({ ...p, images: [], createdAt: sql`now()`, updatedAt: sql`now()` })))
        .onConflictDoNothing();
    }
    await tx
      .insert(seedVersions)
      .values({ name: 'demo', version: DEMO_SEED_VERSION })
      .onConflictDoUpdate({ target: seedVersions.name, set: { version: DEMO_SEED_VERSION, appliedAt: sql`now()` } });
  });
}

/**
 * The demo account's balance (v9): one referral reward, posted once like the wallet's ledger posts
 * (two entries summing to zero, each account's balance moved by its entry), so the balance pages and
 * a withdrawal can be tried. Spent or not, it is never posted again.
 */
async function seedDemoReward(tx: Pick<Db, 'select' | 'insert'>) {
  const [posted] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.txId, DEMO_REWARD.txId));
  if (posted) return;
  const lines = [
    { accountId: DEMO_REWARD.rewardsAccount, kind: 'platform' as const, amount: -DEMO_REWARD.amount },
    { accountId: `user:${DEMO_USER.id}`, kind: 'user' as const, amount: DEMO_REWARD.amount },
  ];
  for (const l of lines) {
    await tx
      .insert(ledgerAccounts)
      .values({ id: l.accountId, kind: l.kind, balance: l.amount })
      .onConflictDoUpdate({ target: ledgerAccounts.id, set: { balance: sql`${ledgerAccounts.balance} + ${l.amount}` } });
  }
  await tx.insert(ledgerEntries).values(
    lines.map((l, i) => ({
      id: `${DEMO_REWARD.txId}-${i}`,
      txId: DEMO_REWARD.txId,
      accountId: l.accountId,
      amount: l.amount,
      reason: 'reward',
      createdAt: new Date(DEMO_REWARD.at),
    })),
  );
}

/** Seeds only when this install has not yet seen the current demo version (start-up path). */
export async function seedDemoContentOnce(db: Db): Promise<boolean> {
  const [row] = await db.select().from(seedVersions).where(eq(seedVersions.name, 'demo'));
  if (row && row.version >= DEMO_SEED_VERSION) return false;
  await seedDemoContent(db);
  return true;
}
