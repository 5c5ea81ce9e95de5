import { DEMO_PRODUCTS } from '../src/seed/catalog.ts';
import { COMMODITY_TAGS, TEST_TYPES } from '@jiyin/contracts/constants';
import { reportType, STANDARD_SUBMODULES } from '@jiyin/contracts/reports';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/client.ts';
import { descriptionConfigs, kits, persons, privacySwitches, products, relativeConsents, siteContent } from '../src/schema/index.ts';
import { DEMO_FAMILY } from '../src/seed/accounts.ts';
import { seedDemoContent } from '../src/seed/index.ts';
import { testDatabaseTargets } from '../src/testing.ts';

describe.each(testDatabaseTargets())('database on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('migrates and answers a ping', async () => {
    expect(await database.ping()).toBe(true);
  });

  it('seeds idempotently', async () => {
    await seedDemoContent(database.db);
    const [{ n: first }] = await database.db.select({ n: count() }).from(products);
    await database.db.update(products).set({ name: 'changed' }).where(eq(products.id, 'STANDARD_ANCESTRY'));
    await seedDemoContent(database.db);
    const [{ n: second }] = await database.db.select({ n: count() }).from(products);
    expect(second).toBe(first);
    expect(first).toBe(DEMO_PRODUCTS.length);
    const [std] = await database.db.select().from(products).where(eq(products.id, 'STANDARD_ANCESTRY'));
    expect(std.name).toBe('基因检测·全能版');
    expect(std.skuInfos[0].actualPrice).toBe(99900);
    const [{ n: pages }] = await database.db.select({ n: count() }).from(siteContent);
    expect(pages).toBeGreaterThanOrEqual(7);
    const [{ n: configs }] = await database.db.select({ n: count() }).from(descriptionConfigs);
    expect(configs).toBe(3);
  });

  it('seeds the demo family once: accounts, persons, kits, name switches, gene-relatives consents', async () => {
    await seedDemoContent(database.db);
    const ids = DEMO_FAMILY.map((m) => m.person.id);
    const consents = await database.db.select().from(relativeConsents).where(inArray(relativeConsents.personId, ids));
    expect(consents.map((c) => c.personId).sort()).toEqual([...ids].sort());
    const bound = await database.db.select().from(kits).where(inArray(kits.personId, ids));
    expect(bound.map((k) => k.barcode).sort()).toEqual(DEMO_FAMILY.map((m) => m.barcode).sort());
    const shown = await database.db.select().from(privacySwitches).where(inArray(privacySwitches.personId, ids));
    expect(shown.filter((s) => s.open).length).toBe(DEMO_FAMILY.filter((m) => m.showFullName).length);
    // A demo relative who withdrew stays withdrawn when the seed runs again.
    await database.db.update(relativeConsents).set({ withdrawnAt: new Date() }).where(eq(relativeConsents.personId, ids[1]));
    await seedDemoContent(database.db);
    const [again] = await database.db.select().from(relativeConsents).where(eq(relativeConsents.personId, ids[1]));
    expect(again.withdrawnAt).not.toBeNull();
    const [{ n }] = await database.db.select({ n: count() }).from(persons).where(inArray(persons.id, ids));
    expect(n).toBe(DEMO_FAMILY.length);
  });

  it('running migrations twice is harmless', async () => {
    await database.migrate();
    expect(await database.ping()).toBe(true);
  });
});

describe('seeded catalogue', () => {
  it('uses only §9 commodity tags and test types, prices in whole fen', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(COMMODITY_TAGS).toContain(p.commodityTag);
      expect(TEST_TYPES).toContain(p.type);
      for (const sku of p.skuInfos) {
        expect(Number.isInteger(sku.actualPrice)).toBe(true);
        expect(sku.actualPrice).toBeLessThanOrEqual(sku.originalPrice);
      }
    }
  });
});

describe('seeded products as detections', () => {
  const byId = (id: string) => DEMO_PRODUCTS.find((p) => p.id === id) as (typeof DEMO_PRODUCTS)[number];
  const typeOf = (id: string) => {
    const p = byId(id);
    return reportType({ isOnlineProduct: p.isOnlineProduct ?? true, supportSubmodules: p.supportSubmodules });
  };

  it('carry known report submodules and give the report types of §4', () => {
    const known = new Set<string>([...STANDARD_SUBMODULES, 'relatives']);
    for (const p of DEMO_PRODUCTS) for (const m of p.supportSubmodules) expect(known).toContain(m);
    expect(typeOf('STANDARD_ANCESTRY')).toBe('standard');
    expect(typeOf('RAW_DATA_IMPORT')).toBe('standard');
    expect(typeOf('TRAIT')).toBe('noAncestry');
    expect(typeOf('HPV')).toBe('offline');
    expect(byId('ANCESTRY').supportSubmodules).toEqual(['ancestry']);
    expect(typeOf('ANCESTRY')).toBe('standard');
  });

  it('keeps the imported-data product out of the shop', () => {
    expect(byId('RAW_DATA_IMPORT').online).toBe(false);
    expect(DEMO_PRODUCTS.filter((p) => p.online === false).map((p) => p.id)).toEqual(['RAW_DATA_IMPORT']);
  });
});

describe('start-up seeding', () => {
  it('seeds once, then leaves edited rows alone', async () => {
    const { openDatabase } = await import('../src/client.ts');
    const { seedDemoContentOnce } = await import('../src/seed/index.ts');
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    expect(await seedDemoContentOnce(database.db)).toBe(true);
    await database.db.update(products).set({ name: 'edited by staff' }).where(eq(products.id, 'HP'));
    expect(await seedDemoContentOnce(database.db)).toBe(false);
    const [hp] = await database.db.select().from(products).where(eq(products.id, 'HP'));
    expect(hp.name).toBe('edited by staff');
    await database.close();
  });
});
