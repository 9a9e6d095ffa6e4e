CREATE TABLE "playlist_form_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"message" text,
	"admin_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_form_status_changes_to_check" CHECK ("playlist_form_status_changes"."to_status" in (1, 2, 3, 4)),
	CONSTRAINT "playlist_form_status_changes_changed" CHECK ("playlist_form_status_changes"."from_status" <> "playlist_form_status_changes"."to_status"),
	CONSTRAINT "playlist_form_status_changes_one_actor" CHECK (num_nonnulls("playlist_form_status_changes"."admin_id", "playlist_form_status_changes"."user_id") = 1),
	CONSTRAINT "playlist_form_status_changes_message_check" CHECK (("playlist_form_status_changes"."message" is null or char_length("playlist_form_status_changes"."message") between 1 and 2000) and ("playlist_form_status_changes"."to_status" not in (3, 4) or "playlist_form_status_changes"."message" is not null))
);
--> statement-breakpoint
ALTER TABLE "playlist_forms" DROP CONSTRAINT "playlist_forms_status_check";--> statement-breakpoint
ALTER TABLE "playlist_form_status_changes" ADD CONSTRAINT "playlist_form_status_changes_form_id_playlist_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."playlist_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_form_status_changes" ADD CONSTRAINT "playlist_form_status_changes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_form_status_changes" ADD CONSTRAINT "playlist_form_status_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_form_status_changes_form_idx" ON "playlist_form_status_changes" USING btree ("form_id","id");--> statement-breakpoint
ALTER TABLE "playlist_forms" ADD CONSTRAINT "playlist_forms_status_check" CHECK ("playlist_forms"."status_id" in (1, 2, 3, 4)) NOT VALID;