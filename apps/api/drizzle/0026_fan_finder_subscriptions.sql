CREATE TABLE "fan_finder_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_name" varchar(100) NOT NULL,
	"plan_days" integer NOT NULL,
	"price" integer NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_finder_plans_days_check" CHECK ("fan_finder_plans"."plan_days" between 1 and 366),
	CONSTRAINT "fan_finder_plans_price_check" CHECK ("fan_finder_plans"."price" > 0),
	CONSTRAINT "fan_finder_plans_status_check" CHECK ("fan_finder_plans"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "fan_finder_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_name" varchar(100) NOT NULL,
	"plan_days" integer NOT NULL,
	"price" integer NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"renewals" integer DEFAULT 0 NOT NULL,
	"last_transfer_id" bigint,
	"cancelled_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"expired_reason" varchar(30),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_finder_subscriptions_status_check" CHECK ("fan_finder_subscriptions"."status" in ('active', 'cancelled', 'expired')),
	CONSTRAINT "fan_finder_subscriptions_period_check" CHECK ("fan_finder_subscriptions"."end_at" > "fan_finder_subscriptions"."start_at"),
	CONSTRAINT "fan_finder_subscriptions_price_check" CHECK ("fan_finder_subscriptions"."price" > 0),
	CONSTRAINT "fan_finder_subscriptions_cancelled_no_renew" CHECK ("fan_finder_subscriptions"."status" <> 'cancelled' or "fan_finder_subscriptions"."auto_renew" = false)
);
--> statement-breakpoint
ALTER TABLE "fan_finder_subscriptions" ADD CONSTRAINT "fan_finder_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_finder_subscriptions" ADD CONSTRAINT "fan_finder_subscriptions_plan_id_fan_finder_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fan_finder_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_finder_subscriptions" ADD CONSTRAINT "fan_finder_subscriptions_last_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("last_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fan_finder_plans_name_unique" ON "fan_finder_plans" USING btree (lower("plan_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "fan_finder_subscriptions_one_open" ON "fan_finder_subscriptions" USING btree ("user_id") WHERE "fan_finder_subscriptions"."status" <> 'expired';--> statement-breakpoint
CREATE INDEX "fan_finder_subscriptions_due_idx" ON "fan_finder_subscriptions" USING btree ("end_at") WHERE "fan_finder_subscriptions"."status" <> 'expired';--> statement-breakpoint
CREATE INDEX "fan_finder_subscriptions_user_idx" ON "fan_finder_subscriptions" USING btree ("user_id","id");