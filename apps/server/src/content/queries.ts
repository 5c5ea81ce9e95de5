import type { DescriptionConfig, SiteContent } from '@jiyin/contracts/api';
import { type Db, schema } from '@jiyin/db';
import { eq, inArray } from 'drizzle-orm';

export async function findSiteContent(db: Db, slug: string): Promise<SiteContent | null> {
  const [row] = await db.select().from(schema.siteContent).where(eq(schema.siteContent.slug, slug));
  if (!row) return null;
  const { updatedAt: _updatedAt, ...content } = row;
  return content;
}

export async function listDescriptions(db: Db, keys: string[]): Promise<DescriptionConfig[]> {
  const rows = await db.select().from(schema.descriptionConfigs).where(inArray(schema.descriptionConfigs.key, keys));
  return rows.map(({ updatedAt: _updatedAt, ...d }) => d);
}
