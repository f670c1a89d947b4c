CREATE TABLE "payout_identifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid,
	"presented" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "registered_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_identifications" ADD CONSTRAINT "payout_identifications_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_identifications" ADD CONSTRAINT "payout_identifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_identifications" ADD CONSTRAINT "payout_identifications_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_identifications_transaction_idx" ON "payout_identifications" USING btree ("transaction_id","at");--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_registered_agent_id_agents_id_fk" FOREIGN KEY ("registered_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "persons_registered_agent_idx" ON "persons" USING btree ("registered_agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_person_active_key" ON "users" USING btree ("person_id") WHERE "users"."deleted_at" IS NULL;--> statement-breakpoint
-- The persons registered before this column: the agent of the user who registered them, from the audit trail.
UPDATE "persons" AS p SET "registered_agent_id" = u."agent_id"
  FROM "audit_log" AS a JOIN "users" AS u ON u."id" = a."actor_user_id"
  WHERE a."action" = 'persons.created' AND a."target" = p."id"::text AND p."registered_agent_id" IS NULL;
