import type { UserNote } from '@lm/contracts/admin-users';
import { desc, eq } from 'drizzle-orm';
import { type Database, withTransaction } from '../../db/client';
import { admins, userNotes } from '../../db/schema';
import { audit } from '../audit';
import { type StaffMeta, userTypeOf } from './users.service';

/** At most this many notes are answered, newest first. */
export const USER_NOTES_SHOWN = 200;

/**
 * The staff notes on user `userId`, newest first (at most `USER_NOTES_SHOWN`), each with its author
 * and time (issue 36 "Lists"). Staff only: no user-facing route reads this table.
 * @throws NotFoundError when there is no such (live) user
 */
export async function listUserNotes(database: Database, userId: number): Promise<UserNote[]> {
  await userTypeOf(database, userId);
  const rows = await database.db
    .select({
      id: userNotes.id,
      body: userNotes.body,
      createdAt: userNotes.createdAt,
      authorId: admins.id,
      authorName: admins.name,
    })
    .from(userNotes)
    .innerJoin(admins, eq(admins.id, userNotes.adminId))
    .where(eq(userNotes.userId, userId))
    .orderBy(desc(userNotes.id))
    .limit(USER_NOTES_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    created_at: r.createdAt.toISOString(),
    author: { id: r.authorId, name: r.authorName },
  }));
}

/**
 * Add a staff note (`body`, already trimmed and 1 to 2,000 characters) on user `userId`, written by
 * `meta.adminId`, with its audit entry (`users.note_added`, the note's id and length; the text stays
 * in the note) in the same transaction.
 * @returns the note's id
 * @throws NotFoundError when there is no such (live) user
 */
export async function addUserNote(
  database: Database,
  userId: number,
  body: string,
  meta: StaffMeta,
): Promise<number> {
  await userTypeOf(database, userId);
  return withTransaction(database, async (tx) => {
    const [note] = await tx.db
      .insert(userNotes)
      .values({ userId, adminId: meta.adminId, body })
      .returning({ id: userNotes.id });
    await audit(
      database,
      { type: 'admin', id: meta.adminId, ip: meta.ip, userAgent: meta.userAgent },
      {
        action: 'users.note_added',
        targetType: 'user',
        targetId: userId,
        meta: { note_id: note!.id, length: body.length },
      },
      tx,
    );
    return note!.id;
  });
}
