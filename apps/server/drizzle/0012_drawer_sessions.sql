CREATE TABLE "drawer_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opening_counts" jsonb NOT NULL,
	"opening_centimes" bigint NOT NULL,
	"closed_at" timestamp with time zone,
	"closing_counts" jsonb,
	"counted_centimes" bigint,
	"expected_centimes" bigint,
	"difference_centimes" bigint,
	"needs_acknowledgement" boolean DEFAULT false NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_user_id" uuid,
	"fingerprint" text,
	"previous_fingerprint" text,
	CONSTRAINT "drawer_sessions_opening_check" CHECK ("drawer_sessions"."opening_centimes" >= 0),
	CONSTRAINT "drawer_sessions_close_check" CHECK (("drawer_sessions"."closed_at" IS NULL AND "drawer_sessions"."closing_counts" IS NULL AND "drawer_sessions"."counted_centimes" IS NULL
           AND "drawer_sessions"."expected_centimes" IS NULL AND "drawer_sessions"."difference_centimes" IS NULL AND "drawer_sessions"."fingerprint" IS NULL)
       OR ("drawer_sessions"."closed_at" IS NOT NULL AND "drawer_sessions"."closed_at" >= "drawer_sessions"."opened_at" AND "drawer_sessions"."closing_counts" IS NOT NULL
           AND "drawer_sessions"."counted_centimes" >= 0 AND "drawer_sessions"."expected_centimes" IS NOT NULL
           AND "drawer_sessions"."difference_centimes" = "drawer_sessions"."counted_centimes" - "drawer_sessions"."expected_centimes"
           AND "drawer_sessions"."fingerprint" IS NOT NULL)),
	CONSTRAINT "drawer_sessions_acknowledgement_check" CHECK (("drawer_sessions"."acknowledged_at" IS NULL) = ("drawer_sessions"."acknowledged_by_user_id" IS NULL)
       AND ("drawer_sessions"."acknowledged_at" IS NULL OR "drawer_sessions"."needs_acknowledgement"))
);
--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD CONSTRAINT "drawer_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD CONSTRAINT "drawer_sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD CONSTRAINT "drawer_sessions_acknowledged_by_user_id_users_id_fk" FOREIGN KEY ("acknowledged_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drawer_sessions_open_user_key" ON "drawer_sessions" USING btree ("user_id") WHERE "drawer_sessions"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "drawer_sessions_user_opened_idx" ON "drawer_sessions" USING btree ("user_id","opened_at");--> statement-breakpoint
CREATE INDEX "drawer_sessions_agent_opened_idx" ON "drawer_sessions" USING btree ("agent_id","opened_at");