DROP INDEX "users_country_idx";--> statement-breakpoint
CREATE INDEX "users_live_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_country_idx" ON "users" USING btree ("country_code") WHERE "users"."deleted_at" is null;