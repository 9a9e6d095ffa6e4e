import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Uploaded files: stored path (local disk or S3 key), detected type, size in bytes, uploader. */
export const files = pg.pgTable(
  'files',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    path: pg.varchar('path', { length: 300 }).notNull(),
    originalName: pg.varchar('original_name', { length: 255 }).notNull(),
    mime: pg.varchar('mime', { length: 100 }).notNull(),
    sizeBytes: pg.bigint('size_bytes', { mode: 'number' }).notNull(),
    driver: pg.varchar('driver', { length: 10 }).notNull(),
    userId: pg.integer('user_id'),
    adminId: pg.integer('admin_id'),
    createdAt: createdAt(),
  },
  (t) => [pg.index('files_path_idx').on(t.path)],
);
