DROP INDEX "transactions_agent_created_idx";--> statement-breakpoint
DROP INDEX "transactions_created_idx";--> statement-breakpoint
CREATE INDEX "persons_full_name_prefix_idx" ON "persons" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "persons_last_name_prefix_idx" ON "persons" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_agent_type_created_idx" ON "transactions" USING btree ("agent_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_account_idx" ON "transactions" USING btree ("account_id") WHERE "transactions"."account_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_sender_account_idx" ON "transactions" USING btree ("sender_account_id") WHERE "transactions"."sender_account_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_recipient_account_idx" ON "transactions" USING btree ("recipient_account_id") WHERE "transactions"."recipient_account_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_sender_person_idx" ON "transactions" USING btree ("sender_person_id") WHERE "transactions"."sender_person_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_party_name_idx" ON "transactions" USING btree (lower("party"->>'name') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_party_last_name_idx" ON "transactions" USING btree (lower(substr("party"->>'name', strpos("party"->>'name', ' ') + 1)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_recipient_name_idx" ON "transactions" USING btree (lower(coalesce("recipient"->>'firstName', '') || ' ' || coalesce("recipient"->>'lastName', '')) text_pattern_ops) WHERE "transactions"."recipient" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_recipient_last_name_idx" ON "transactions" USING btree (lower("recipient"->>'lastName') text_pattern_ops) WHERE "transactions"."recipient" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_agent_created_idx" ON "transactions" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at","id");