CREATE TABLE "sandbox_spotify_placements" (
	"playlist_id" varchar(22) NOT NULL,
	"track_id" varchar(22) NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_spotify_placements_playlist_id_track_id_pk" PRIMARY KEY("playlist_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_spotify_playlist_owners" (
	"playlist_id" varchar(22) PRIMARY KEY NOT NULL,
	"spotify_user_id" varchar(100) NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
