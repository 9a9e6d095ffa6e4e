CREATE TABLE "platform_spotify_account" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"spotify_user_id" varchar(100) NOT NULL,
	"display_name" varchar(200) NOT NULL,
	"email" varchar(190),
	"refresh_token" text NOT NULL,
	"connected_by_admin_id" integer,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_spotify_account_single" CHECK ("platform_spotify_account"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "platform_spotify_account" ADD CONSTRAINT "platform_spotify_account_connected_by_admin_id_admins_id_fk" FOREIGN KEY ("connected_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;