ALTER TABLE "users" ADD COLUMN "profile_genres" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The user's genres as the session user shows them ([{id, name}] by name), kept current by the
-- database: user/info reads this one column instead of joining and aggregating genres on every
-- request (issue 18, docs/performance.md). Only these triggers write it.
CREATE FUNCTION profile_genres_of(uid integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id), '[]'::jsonb)
    FROM user_genres ug JOIN genres g ON g.id = ug.genre_id
   WHERE ug.user_id = uid
$$;--> statement-breakpoint
CREATE FUNCTION user_genres_profile_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE users SET profile_genres = profile_genres_of(id) WHERE id = OLD.user_id;
  END IF;
  -- (An update within one user: OLD's refresh above already read the new rows.)
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    UPDATE users SET profile_genres = profile_genres_of(id) WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER user_genres_profile AFTER INSERT OR DELETE OR UPDATE ON user_genres
  FOR EACH ROW EXECUTE FUNCTION user_genres_profile_trg();--> statement-breakpoint
CREATE FUNCTION genres_profile_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET profile_genres = profile_genres_of(id)
   WHERE id IN (SELECT user_id FROM user_genres WHERE genre_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER genres_profile AFTER UPDATE OF name ON genres
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION genres_profile_trg();--> statement-breakpoint
-- Also under session_replication_role = replica (bulk loads): the column cannot drift from its source.
ALTER TABLE "user_genres" ENABLE ALWAYS TRIGGER user_genres_profile;--> statement-breakpoint
ALTER TABLE "genres" ENABLE ALWAYS TRIGGER genres_profile;--> statement-breakpoint
UPDATE users u SET profile_genres = profile_genres_of(u.id)
 WHERE EXISTS (SELECT 1 FROM user_genres ug WHERE ug.user_id = u.id);
