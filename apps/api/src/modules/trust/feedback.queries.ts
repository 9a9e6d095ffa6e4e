import type { FeedbackSeller } from '@lm/contracts/express';
import type { Database } from '../../db/client';
import { paginate } from '../../platform/http';

/**
 * Sellers whose decline feedback artists rate low (staff, `GET /api/admin/trust/feedback`): each seller
 * with at least `minRatings` ratings and a mean of at most `maxAverage` stars, with the share rated
 * helpful and the last rating's time; lowest mean first, then most ratings.
 */
export async function lowRatedSellers(
  database: Database,
  query: { maxAverage: number; minRatings: number; page: number; limit: number },
): Promise<{ data: FeedbackSeller[]; pagination: ReturnType<typeof paginate> }> {
  const { rows } = await database.pool.query<{
    id: number;
    name: string;
    email: string;
    ratings: number;
    average: number;
    helpful: number;
    last_at: Date;
    total: number;
  }>(
    `with s as (
       select f.seller_id, count(*)::int as ratings, avg(f.stars)::float8 as average,
              round(100.0 * count(*) filter (where f.helpful) / count(*))::int as helpful,
              max(f.created_at) as last_at
         from express_feedback_ratings f group by f.seller_id
     )
     select u.id, trim(concat_ws(' ', u.first_name, u.last_name)) as name, u.email, s.ratings,
            s.average, s.helpful, s.last_at, count(*) over ()::int as total
       from s join users u on u.id = s.seller_id
      where s.ratings >= $1 and s.average <= $2
      order by s.average asc, s.ratings desc, u.id
      limit $3 offset $4`,
    [query.minRatings, query.maxAverage, query.limit, (query.page - 1) * query.limit],
  );
  // A page past the end has no row to carry the total: count apart.
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? (
          await database.pool.query<{ n: number }>(
            `select count(*)::int as n from (select seller_id from express_feedback_ratings group by seller_id
               having count(*) >= $1 and avg(stars) <= $2) s`,
            [query.minRatings, query.maxAverage],
          )
        ).rows[0]!.n
      : 0);
  return {
    data: rows.map((r) => ({
      seller: { id: r.id, name: r.name, email: r.email },
      ratings: r.ratings,
      average_stars: Math.round(r.average * 10) / 10,
      helpful_percent: r.helpful,
      last_rated_at: r.last_at.toISOString(),
    })),
    pagination: paginate(total, query.page, query.limit),
  };
}
