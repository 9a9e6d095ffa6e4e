ALTER TABLE "express_campaigns" ADD COLUMN "answer_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "answer_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD COLUMN "end_reason" varchar(12);--> statement-breakpoint
-- Requests already waiting get the default answer window from their creation (the sweeper declines
-- the ones already past it).
UPDATE "express_campaigns" SET "answer_deadline" = "created_at" + interval '7 days' WHERE "status_id" = 1;--> statement-breakpoint
-- Campaigns a seller declined (the 1 -> 7 event by a user) say so; staff refunds stay null.
UPDATE "express_campaigns" c SET "end_reason" = 'declined' WHERE c."status_id" = 7 AND EXISTS (
  SELECT 1 FROM "express_campaign_events" e
   WHERE e."campaign_id" = c."id" AND e."from_status" = 1 AND e."to_status" = 7 AND e."actor_type" = 'user');--> statement-breakpoint
CREATE INDEX "express_campaigns_answer_deadline_idx" ON "express_campaigns" USING btree ("answer_deadline") WHERE "express_campaigns"."status_id" = 1;--> statement-breakpoint
ALTER TABLE "express_campaigns" ADD CONSTRAINT "express_campaigns_end_reason_check" CHECK ("express_campaigns"."end_reason" is null or ("express_campaigns"."status_id" = 7 and "express_campaigns"."end_reason" in ('declined', 'withdrawn', 'unanswered')));