import { bigint, bigserial, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Uploaded files: stored path (local disk or S3 key), detected type, size in bytes, uploader. */
export const files = pgTable(
  'files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: varchar('path', { length: 300 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    driver: varchar('driver', { length: 10 }).notNull(),
    userId: integer('user_id'),
    adminId: integer('admin_id'),
    createdAt: createdAt(),
  },
  (t) => [index('files_path_idx').on(t.path)],
);
