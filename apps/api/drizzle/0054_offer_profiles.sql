CREATE TABLE "social_account_genres" (
	"account_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	CONSTRAINT "social_account_genres_account_id_genre_id_pk" PRIMARY KEY("account_id","genre_id")
);
--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "moods" varchar(20)[] DEFAULT '{}'::varchar[] NOT NULL;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "language_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "accepts_unreleased" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "express_playlists" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "express_playlists" ADD COLUMN "moods" varchar(20)[] DEFAULT '{}'::varchar[] NOT NULL;--> statement-breakpoint
ALTER TABLE "express_playlists" ADD COLUMN "language_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "express_playlists" ADD COLUMN "accepts_unreleased" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "express_reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "express_reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_account_genres" ADD CONSTRAINT "social_account_genres_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_account_genres" ADD CONSTRAINT "social_account_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_account_genres_genre_idx" ON "social_account_genres" USING btree ("genre_id");--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_moods_known" CHECK ("social_accounts"."moods" <@ array['chill', 'energetic', 'happy', 'melancholic', 'romantic', 'dark', 'dreamy', 'uplifting', 'party', 'focus', 'aggressive', 'relaxing']::varchar[] and cardinality("social_accounts"."moods") <= 5);--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_languages_max" CHECK (cardinality("social_accounts"."language_ids") <= 10);--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_description_length" CHECK ("social_accounts"."description" is null or char_length("social_accounts"."description") <= 1000);--> statement-breakpoint
ALTER TABLE "express_playlists" ADD CONSTRAINT "express_playlists_moods_known" CHECK ("express_playlists"."moods" <@ array['chill', 'energetic', 'happy', 'melancholic', 'romantic', 'dark', 'dreamy', 'uplifting', 'party', 'focus', 'aggressive', 'relaxing']::varchar[] and cardinality("express_playlists"."moods") <= 5);--> statement-breakpoint
ALTER TABLE "express_playlists" ADD CONSTRAINT "express_playlists_languages_max" CHECK (cardinality("express_playlists"."language_ids") <= 10);--> statement-breakpoint
ALTER TABLE "express_playlists" ADD CONSTRAINT "express_playlists_description_length" CHECK ("express_playlists"."description" is null or char_length("express_playlists"."description") <= 1000);--> statement-breakpoint
ALTER TABLE "express_reviews" ADD CONSTRAINT "express_reviews_reply_check" CHECK (("express_reviews"."reply" is null) = ("express_reviews"."replied_at" is null) and ("express_reviews"."reply" is null or char_length("express_reviews"."reply") between 1 and 1000));