-- Decision 227: a customer's limits per operation, Haiti day and 30 days, for cash in, cash out and sends,
-- versioned as the fees; what each person did per category and day, counted by the posting.
CREATE TABLE "limit_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" uuid,
	CONSTRAINT "limit_versions_number_check" CHECK ("limit_versions"."number" > 0),
	CONSTRAINT "limit_versions_cancel_check" CHECK ("limit_versions"."cancelled_by_user_id" IS NULL OR "limit_versions"."cancelled_at" IS NOT NULL)
);--> statement-breakpoint
ALTER TABLE "limit_versions" ADD CONSTRAINT "limit_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_versions" ADD CONSTRAINT "limit_versions_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "limit_versions_number_key" ON "limit_versions" USING btree ("number");--> statement-breakpoint
CREATE INDEX "limit_versions_effective_idx" ON "limit_versions" USING btree ("effective_from" DESC NULLS FIRST);--> statement-breakpoint
CREATE TABLE "limit_values" (
	"version_id" uuid NOT NULL,
	"category" text NOT NULL,
	"per_operation_centimes" bigint NOT NULL,
	"per_day_centimes" bigint NOT NULL,
	"per_thirty_days_centimes" bigint NOT NULL,
	CONSTRAINT "limit_values_version_id_category_pk" PRIMARY KEY("version_id","category"),
	CONSTRAINT "limit_values_order_check" CHECK ("limit_values"."per_operation_centimes" > 0 AND "limit_values"."per_operation_centimes" <= "limit_values"."per_day_centimes" AND "limit_values"."per_day_centimes" <= "limit_values"."per_thirty_days_centimes")
);--> statement-breakpoint
ALTER TABLE "limit_values" ADD CONSTRAINT "limit_values_version_id_limit_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."limit_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "person_limit_days" (
	"person_id" uuid NOT NULL,
	"category" text NOT NULL,
	"day" date NOT NULL,
	"total_centimes" bigint NOT NULL,
	CONSTRAINT "person_limit_days_person_id_category_day_pk" PRIMARY KEY("person_id","category","day"),
	CONSTRAINT "person_limit_days_total_check" CHECK ("person_limit_days"."total_centimes" >= 0)
);--> statement-breakpoint
-- Version 1, in force since always (decision 227's table, in centimes).
INSERT INTO "limit_versions" ("id", "number", "effective_from") VALUES
	('00000000-0000-7000-8000-0000000011a1', 1, '-infinity');--> statement-breakpoint
INSERT INTO "limit_values" VALUES
	('00000000-0000-7000-8000-0000000011a1', 'cash_in', 10000000, 25000000, 150000000),
	('00000000-0000-7000-8000-0000000011a1', 'cash_out', 10000000, 15000000, 100000000),
	('00000000-0000-7000-8000-0000000011a1', 'send', 10000000, 20000000, 100000000);
--> statement-breakpoint
-- What a batch item counts (decision 227): its category, the amount when not the item's (a reversal's, negative),
-- its Haiti day (computed by the caller), whose holders ('account' or 'sender', the record's account), the
-- persons it names (a cash send's sender), and whether the registered person of its party's document counts.
ALTER TYPE "ledger_batch_item" ADD ATTRIBUTE "limit_category" text, ADD ATTRIBUTE "limit_amount" bigint,
	ADD ATTRIBUTE "limit_day" date, ADD ATTRIBUTE "limit_holders" text, ADD ATTRIBUTE "limit_person_ids" uuid[],
	ADD ATTRIBUTE "limit_party" boolean;--> statement-breakpoint
-- A batch's count of one person, category and day (`ledger_batch_limits`): her total once locked, what is left of
-- the day's and the 30 days' limits (null: none in force), and what the batch's posted items added.
CREATE TYPE "ledger_limit_slot" AS ("person" uuid, "category" text, "day" date, "total" bigint, "day_left" bigint,
	"window_left" bigint, "added" bigint);
