CREATE TABLE "ticket_replying" (
	"ticket_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_replying_ticket_id_admin_id_pk" PRIMARY KEY("ticket_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_tags" (
	"ticket_id" integer NOT NULL,
	"tag" varchar(32) NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_tags_ticket_id_tag_pk" PRIMARY KEY("ticket_id","tag"),
	CONSTRAINT "ticket_tags_lower" CHECK ("ticket_tags"."tag" = lower("ticket_tags"."tag") and char_length("ticket_tags"."tag") between 1 and 32)
);
--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD COLUMN "merged_from_ticket_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_replying" ADD CONSTRAINT "ticket_replying_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replying" ADD CONSTRAINT "ticket_replying_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_replying_expires_idx" ON "ticket_replying" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "ticket_tags_tag_idx" ON "ticket_tags" USING btree ("tag");--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_merged_from_ticket_id_tickets_id_fk" FOREIGN KEY ("merged_from_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_merged_into_id_tickets_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_merged_not_self" CHECK ("tickets"."merged_into_id" is null or "tickets"."merged_into_id" <> "tickets"."id") NOT VALID;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_merged_at" CHECK (("tickets"."merged_into_id" is null) = ("tickets"."merged_at" is null)) NOT VALID;