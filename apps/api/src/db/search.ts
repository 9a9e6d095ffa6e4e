import { ilike, or, type SQL, sql } from 'drizzle-orm';
import { users } from './schema';

/**
 * ILIKE pattern matching `q` anywhere, with the LIKE wildcards of `q` taken literally (so a search for
 * "50%" finds "50%" and not everything starting with "50"). Every list search of every module uses it,
 * so it lives with the database helpers rather than in one module.
 */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Users whose e-mail or full name ("First Last") matches the ILIKE `pattern` (see `containsPattern`):
 * how the back-office lists find a person. For a query over `users`, or joined to it.
 */
export function userMatches(pattern: string): SQL {
  return or(
    ilike(users.email, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
  )!;
}
