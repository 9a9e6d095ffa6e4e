CREATE TABLE "ticket_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"reply_id" bigint,
	"path" varchar(300) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_user_id" integer,
	"author_admin_id" integer,
	"message" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"via" varchar(10) DEFAULT 'app' NOT NULL,
	"inbound_message_id" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_replies_one_author" CHECK (("ticket_replies"."author_user_id" is null) <> ("ticket_replies"."author_admin_id" is null)),
	CONSTRAINT "ticket_replies_internal_staff" CHECK (not "ticket_replies"."is_internal" or "ticket_replies"."author_admin_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"campaign_id" integer,
	"admin_id" integer,
	"created_by_admin_id" integer,
	"ticket_subject" varchar(150) NOT NULL,
	"initial_message" text NOT NULL,
	"priority_id" smallint DEFAULT 3 NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"first_response_due_at" timestamp with time zone NOT NULL,
	"first_response_at" timestamp with time zone,
	"resolution_due_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"paused_seconds" integer DEFAULT 0 NOT NULL,
	"first_response_breached_at" timestamp with time zone,
	"resolution_breached_at" timestamp with time zone,
	"rating" smallint,
	"rating_comment" text,
	"rated_at" timestamp with time zone,
	"last_reply_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_priority_id" CHECK ("tickets"."priority_id" between 1 and 3),
	CONSTRAINT "tickets_status_id" CHECK ("tickets"."status_id" between 1 and 5),
	CONSTRAINT "tickets_rating" CHECK ("tickets"."rating" is null or "tickets"."rating" between 1 and 5),
	CONSTRAINT "tickets_paused_seconds" CHECK ("tickets"."paused_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tickets_department_admins" (
	"department_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_department_admins_department_id_admin_id_pk" PRIMARY KEY("department_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "tickets_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" varchar(190);--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_reply_id_ticket_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."ticket_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_author_admin_id_admins_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_department_id_tickets_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."tickets_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets_department_admins" ADD CONSTRAINT "tickets_department_admins_department_id_tickets_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."tickets_departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets_department_admins" ADD CONSTRAINT "tickets_department_admins_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_replies_ticket_idx" ON "ticket_replies" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_replies_inbound_unique" ON "ticket_replies" USING btree ("inbound_message_id");--> statement-breakpoint
CREATE INDEX "tickets_user_idx" ON "tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_department_idx" ON "tickets" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "tickets_open_admin_idx" ON "tickets" USING btree ("admin_id") WHERE "tickets"."status_id" in (1, 2, 5);--> statement-breakpoint
CREATE INDEX "tickets_running_due_idx" ON "tickets" USING btree ("resolution_due_at") WHERE "tickets"."status_id" in (1, 2);--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_department_admins_admin_idx" ON "tickets_department_admins" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_departments_name_unique" ON "tickets_departments" USING btree (lower("department_name"));