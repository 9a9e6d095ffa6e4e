CREATE TABLE "campaign_message_reads" (
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_id" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_message_reads_campaign_id_user_id_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_messages_body_length" CHECK (char_length("campaign_messages"."body") between 1 and 20000)
);
--> statement-breakpoint
ALTER TABLE "campaign_message_reads" ADD CONSTRAINT "campaign_message_reads_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_message_reads" ADD CONSTRAINT "campaign_message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_campaign_id_express_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."express_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_messages_thread_idx" ON "campaign_messages" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "campaign_messages_sender_idx" ON "campaign_messages" USING btree ("sender_id","created_at");