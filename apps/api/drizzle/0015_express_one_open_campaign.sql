-- Databases upgraded from before issue 11 may hold duplicates opened by concurrent requests: the index
-- cannot be built over them, and closing one means moving money, which staff decide (force-end).
DO $$
DECLARE dup text;
BEGIN
  SELECT string_agg(ids, '; ') INTO dup FROM (
    SELECT string_agg(id::text, ',' ORDER BY id) AS ids FROM "express_campaigns"
    WHERE "status_id" in (1, 2, 3, 4, 5) GROUP BY "track_id", "playlist_id" HAVING count(*) > 1
  ) d;
  IF dup IS NOT NULL THEN
    RAISE EXCEPTION 'express_campaigns: more than one open campaign for the same track and playlist (ids %). Force-end the extra ones in the back-office of the previous version before upgrading.', dup;
  END IF;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "express_campaigns_one_open_per_track_playlist" ON "express_campaigns" USING btree ("track_id","playlist_id") WHERE "express_campaigns"."status_id" in (1, 2, 3, 4, 5);
