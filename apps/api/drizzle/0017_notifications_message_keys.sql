-- Issue 20: notifications are stored as a message key and its parameters, written in the reader's language when
-- read. Rows stored before keep their title and body (written once, in the recipient's language of the day):
-- their parameters were never kept, so they cannot be rewritten; new rows leave title and body empty.
ALTER TABLE "notifications" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_key" varchar(120);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_text_check" CHECK ("notifications"."message_key" is not null or ("notifications"."title" is not null and "notifications"."body" is not null));