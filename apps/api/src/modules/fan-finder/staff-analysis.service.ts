import { and, count, desc, eq, exists, ilike, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { containsPattern, userMatches } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { type ListQuery, paginate } from '../../platform/http';
import { connectionsOf, subscriptionConnectionFields } from './connections.service';
import { fanFinderConnections, fanFinderFans } from './fan-finder.schema';
import { currentSubscription, subscriptionView } from './subscriptions.service';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/**
 * Back-office /fan/finder/search: artists with Fan Finder connections, newest first,
 * searched (`q`) on the artist's name or email, their Spotify profile name or any Instagram username
 * analysed (own or related); with their connection names and fan counts.
 */
export async function searchAnalysedArtists(deps: Deps, query: ListQuery) {
  const { page, limit } = query;
  const anyConnection = exists(
    deps.database.db
      .select({ one: sql`1` })
      .from(fanFinderConnections)
      .where(eq(fanFinderConnections.userId, users.id)),
  );
  const where: SQL[] = [anyConnection];
  if (query.q) {
    const like = containsPattern(query.q);
    where.push(
      or(
        userMatches(like),
        exists(
          deps.database.db
            .select({ one: sql`1` })
            .from(fanFinderConnections)
            .where(
              and(
                eq(fanFinderConnections.userId, users.id),
                or(
                  ilike(fanFinderConnections.spotifyName, like),
                  ilike(fanFinderConnections.instagramUsername, like),
                ),
              ),
            ),
        ),
      )!,
    );
  }
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    deps.database.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        fans: sql<number>`(select count(*)::int from fan_finder_fans f where f.user_id = ${users.id} and f.scope = 'own')`,
        relatedFans: sql<number>`(select count(*)::int from fan_finder_fans f where f.user_id = ${users.id} and f.scope = 'related')`,
      })
      .from(users)
      .where(cond)
      .orderBy(desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db.select({ n: count() }).from(users).where(cond),
  ]);
  const data = await Promise.all(
    rows.map(async (r) => {
      const c = await subscriptionConnectionFields(deps, r.id);
      const conns = await connectionsOf(deps, r.id);
      const syncs = [conns.instagram, ...conns.related].map((x) => x?.last_sync).filter(Boolean) as string[];
      return {
        id: r.id,
        name: `${r.firstName} ${r.lastName}`.trim(),
        email: r.email,
        spotify_name: c.spotify_name,
        instagram_username: c.instagram_username,
        related_artists: c.related_artists.map((a) => a.spotify_name),
        fans: r.fans,
        related_fans: r.relatedFans,
        last_sync: syncs.sort().at(-1) ?? null,
      };
    }),
  );
  return { data, pagination: paginate(total!.n, page, limit) };
}

/**
 * Back-office /fan/finder/details/{searchArtist} and the user overview's Fan Finder tab: the artist, their
 * current subscription (or null) and their connections.
 * @throws NotFoundError when the user does not exist
 */
export async function analysedArtistDetail(deps: Deps, userId: number) {
  const [user] = await deps.database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFoundError();
  const row = await currentSubscription(deps, userId);
  return {
    user: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
    subscription: row
      ? { ...subscriptionView(row, deps.clock.now()), ...(await subscriptionConnectionFields(deps, userId)) }
      : null,
    connections: await connectionsOf(deps, userId),
    fans: await deps.database.db
      .select({ scope: fanFinderFans.scope, n: count() })
      .from(fanFinderFans)
      .where(eq(fanFinderFans.userId, userId))
      .groupBy(fanFinderFans.scope)
      .then((r) => Object.fromEntries(r.map((x) => [x.scope, x.n])) as Record<string, number>),
  };
}
