CREATE TABLE "api_key_uses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"api_key_id" integer NOT NULL,
	"method" varchar(10) NOT NULL,
	"route" varchar(200) NOT NULL,
	"status" smallint NOT NULL,
	"ip" varchar(64),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_key_uses_status_check" CHECK ("api_key_uses"."status" between 100 and 599)
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"admin_id" integer,
	"name" varchar(80) NOT NULL,
	"lookup" varchar(8) NOT NULL,
	"prefix" varchar(20) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"scopes" varchar(30)[] NOT NULL,
	"permissions" varchar(100)[] DEFAULT '{}'::varchar[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" varchar(64),
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_owner_check" CHECK (num_nonnulls("api_keys"."user_id", "api_keys"."admin_id") = 1),
	CONSTRAINT "api_keys_lookup_check" CHECK ("api_keys"."lookup" ~ '^[A-Za-z0-9]{8}$'),
	CONSTRAINT "api_keys_secret_hash_check" CHECK ("api_keys"."secret_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "api_keys_name_check" CHECK (length(btrim("api_keys"."name")) > 0),
	CONSTRAINT "api_keys_scopes_check" CHECK (cardinality("api_keys"."scopes") > 0 and "api_keys"."scopes" <@ array['campaigns:read', 'campaigns:write', 'wallet:read', 'results:read', 'webhooks:manage']::varchar[]),
	CONSTRAINT "api_keys_permissions_check" CHECK (("api_keys"."user_id" is null or cardinality("api_keys"."permissions") = 0) and cardinality("api_keys"."permissions") <= 200),
	CONSTRAINT "api_keys_expiry_check" CHECK ("api_keys"."expires_at" > "api_keys"."created_at" and "api_keys"."expires_at" <= "api_keys"."created_at" + interval '366 days'),
	CONSTRAINT "api_keys_revoked_check" CHECK ("api_keys"."revoked_at" is null or "api_keys"."revoked_at" >= "api_keys"."created_at")
);
--> statement-breakpoint
ALTER TABLE "api_key_uses" ADD CONSTRAINT "api_key_uses_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_uses_key_at_idx" ON "api_key_uses" USING btree ("api_key_id","at");--> statement-breakpoint
CREATE INDEX "api_key_uses_at_idx" ON "api_key_uses" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_lookup_unique" ON "api_keys" USING btree ("lookup");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "api_keys_admin_idx" ON "api_keys" USING btree ("admin_id");