import { timestamp } from 'drizzle-orm/pg-core';

// The columns most tables carry, built in one place so every table writes them the same way (the
// SQL they make is the one the migrations already hold). Each call answers a new builder: drizzle
// binds a builder to the table it is put in.

/** `created_at timestamptz not null default now()`: when the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()`: the service sets it on each change. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `deleted_at timestamptz` (null while the row is live): soft delete, the row stays for history. */
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });

/** `created_at` and `updated_at` together, to spread into a table's columns: `...timestamps()`. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
