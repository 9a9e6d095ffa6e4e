import type { Database, Tx } from '../../db/client';
import { auditLogs } from './audit.schema';

/** Who did it and from where. */
export interface AuditActor {
  type: 'user' | 'admin' | 'system' | 'guest';
  id?: number | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** One audit entry: `action` is a dotted verb (auth.login, auth.login_failed, roles.update ...). */
export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | number;
  meta?: Record<string, unknown>;
}

/**
 * Append an audit entry (inside `tx` when given, so it commits with the change it records).
 * Never stores secrets: callers pass ids and field names, not values of passwords or tokens.
 */
export async function audit(
  database: Database,
  actor: AuditActor,
  entry: AuditEntry,
  tx?: Tx,
): Promise<void> {
  const db = tx?.db ?? database.db;
  await db.insert(auditLogs).values({
    actorType: actor.type,
    actorId: actor.id ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    ip: actor.ip ?? null,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
    meta: entry.meta ?? null,
  });
}
