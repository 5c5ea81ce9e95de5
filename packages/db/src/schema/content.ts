import type { DescriptionConfig, SiteContent } from '@jiyin/contracts/api';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Editorial content of the public pages (home, topics, white papers, IRB, app download). */
export const siteContent = pgTable('site_content', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  sections: jsonb('sections').notNull().$type<SiteContent['sections']>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** §7.4 description configs: key → content, read by pages as configuration. */
export const descriptionConfigs = pgTable('description_configs', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  content: text('content').notNull(),
  contentType: text('content_type').notNull().$type<DescriptionConfig['contentType']>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
