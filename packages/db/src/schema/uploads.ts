import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * One uploaded image's re-encoding (rotate, strip metadata, resize, share variants) as a queue job on
 * the worker pool, never on the web server's event loop. The request stores the checked bytes at
 * `inputKey` (private storage, shared by every process), queues the job and waits for this row a
 * bounded time; a request that stops waiting marks it `abandoned`, and the job then drops its output.
 */
export const imageJobs = pgTable('image_jobs', {
  id: text('id').primaryKey(),
  /** Null for a sign-up avatar (no account yet). */
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** `upload`: a public upload written under DATA_DIR/uploads with its §5 share variants; `tree-file`: a private tree file in storage. */
  purpose: text('purpose').notNull().$type<'upload' | 'tree-file'>(),
  format: text('format').notNull().$type<'png' | 'jpg'>(),
  /** Longest side after resizing; null keeps the full size (scanned genealogy pages). */
  maxSide: integer('max_side'),
  inputKey: text('input_key').notNull(),
  /** Where the result goes: the upload's URL (`/uploads/<dir>/<name>`) or the tree file's storage key. */
  target: text('target').notNull(),
  state: text('state').notNull().$type<'queued' | 'running' | 'done' | 'failed' | 'abandoned'>(),
  /** Bytes of the re-encoded image. */
  size: integer('size'),
  /** The user's message should the image not be read (null: the upload code's own). */
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
