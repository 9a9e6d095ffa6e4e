import type pg from 'pg';

/**
 * Insert `count` approved users of one type straight into the product's database, with the demo
 * password and the type's default role: artists (`type` 1, e-mail `<prefix>-<i>@scale.bench`) or
 * curators (2, with the demo curator's tier). Shared by the scale-out and purchase benchmarks.
 * @returns the new user ids, in order of `i`
 */
export async function makeUsers(
  db: pg.Client,
  type: 1 | 2,
  count: number,
  prefix: string,
): Promise<number[]> {
  const r = await db.query<{ id: number }>(
    `insert into users (user_type_id, first_name, last_name, email, password_hash, country_code, status,
        tier_id, email_verified_at, language, created_at, updated_at)
     select $1, 'Bench', initcap($3) || ' ' || i, $3 || '-' || (i - 1) || '@scale.bench', d.password_hash, 'GB',
            'approved', case when $1 = 1 then null else d.tier_id end, now(), 'en', now(), now()
       from generate_series(1, $2::int) i,
            (select password_hash, tier_id from users where email = case when $1 = 1 then 'artist@demo.test'
                                                                    else 'curator@demo.test' end) d
     order by i
     returning id`,
    [type, count, prefix],
  );
  await db.query(
    `insert into user_roles (user_id, role_id)
     select u.id, r.id from users u join roles r on r.default_for_user_type = u.user_type_id
      where u.id = any($1) on conflict do nothing`,
    [r.rows.map((x) => x.id)],
  );
  return r.rows.map((x) => x.id);
}
