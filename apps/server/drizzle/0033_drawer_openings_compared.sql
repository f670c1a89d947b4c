-- Decision 201: a drawer's opening is compared with its teller's previous closing count (the cash stays
-- with her between sessions); a difference there is recorded and, above the threshold, acknowledged. An
-- administrator may close a drawer left open, with her own count (`closed_by_user_id`). The fingerprint of
-- a close made from now on covers the opening (version 2); the closes of before keep version 1 and verify.
ALTER TABLE "drawer_sessions" ADD COLUMN "fingerprint_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD COLUMN "previous_counted_centimes" bigint;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD COLUMN "opening_difference_centimes" bigint;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD COLUMN "opening_needs_acknowledgement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD COLUMN "opening_acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD COLUMN "opening_acknowledged_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD COLUMN "closed_by_user_id" uuid;--> statement-breakpoint
UPDATE "drawer_sessions" SET "closed_by_user_id" = "user_id" WHERE "closed_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD CONSTRAINT "drawer_sessions_opening_acknowledged_by_user_id_users_id_fk" FOREIGN KEY ("opening_acknowledged_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD CONSTRAINT "drawer_sessions_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD CONSTRAINT "drawer_sessions_opening_difference_check" CHECK (("drawer_sessions"."previous_counted_centimes" IS NULL AND "drawer_sessions"."opening_difference_centimes" IS NULL)
       OR ("drawer_sessions"."previous_counted_centimes" >= 0
           AND "drawer_sessions"."opening_difference_centimes" = "drawer_sessions"."opening_centimes" - "drawer_sessions"."previous_counted_centimes"));--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD CONSTRAINT "drawer_sessions_closed_by_check" CHECK (("drawer_sessions"."closed_at" IS NULL) = ("drawer_sessions"."closed_by_user_id" IS NULL));--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD CONSTRAINT "drawer_sessions_opening_acknowledgement_check" CHECK (("drawer_sessions"."opening_acknowledged_at" IS NULL) = ("drawer_sessions"."opening_acknowledged_by_user_id" IS NULL)
       AND ("drawer_sessions"."opening_acknowledged_at" IS NULL OR "drawer_sessions"."opening_needs_acknowledgement"));
