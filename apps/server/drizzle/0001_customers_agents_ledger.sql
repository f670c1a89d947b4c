CREATE TABLE "account_holders" (
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "account_holders_account_id_person_id_pk" PRIMARY KEY("account_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" text NOT NULL,
	"kind" text NOT NULL,
	"type" text,
	"currency" text DEFAULT 'HTG' NOT NULL,
	"status" text NOT NULL,
	"balance_centimes" bigint DEFAULT 0 NOT NULL,
	"agent_id" uuid,
	"system_code" text,
	"request_reference" text,
	"created_by_user_id" uuid,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_currency_check" CHECK ("accounts"."currency" = 'HTG'),
	CONSTRAINT "accounts_balance_check" CHECK ("accounts"."balance_centimes" >= 0 OR "accounts"."system_code" = 'treasury'),
	CONSTRAINT "accounts_kind_check" CHECK (("accounts"."kind" = 'customer' AND "accounts"."type" IS NOT NULL AND "accounts"."system_code" IS NULL)
       OR ("accounts"."kind" = 'float' AND "accounts"."type" IS NULL AND "accounts"."agent_id" IS NOT NULL AND "accounts"."system_code" IS NULL)
       OR ("accounts"."kind" = 'system' AND "accounts"."type" IS NULL AND "accounts"."agent_id" IS NULL AND "accounts"."system_code" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "agent_owners" (
	"agent_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "agent_owners_agent_id_person_id_pk" PRIMARY KEY("agent_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_centimes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entries_amount_check" CHECK ("entries"."amount_centimes" <> 0)
);
--> statement-breakpoint
CREATE TABLE "fee_schedule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"min_amount_centimes" bigint NOT NULL,
	"max_amount_centimes" bigint NOT NULL,
	"fee_centimes" bigint NOT NULL,
	"agent_share_centimes" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid,
	CONSTRAINT "fee_schedule_band_check" CHECK ("fee_schedule"."min_amount_centimes" > 0 AND "fee_schedule"."max_amount_centimes" >= "fee_schedule"."min_amount_centimes"),
	CONSTRAINT "fee_schedule_fee_check" CHECK ("fee_schedule"."fee_centimes" >= 0 AND "fee_schedule"."agent_share_centimes" >= 0 AND "fee_schedule"."agent_share_centimes" <= "fee_schedule"."fee_centimes")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_route_key_pk" PRIMARY KEY("user_id","route","key")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_number" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount_centimes" bigint NOT NULL,
	"fee_centimes" bigint DEFAULT 0 NOT NULL,
	"agent_share_centimes" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'HTG' NOT NULL,
	"agent_id" uuid,
	"created_by_user_id" uuid NOT NULL,
	"account_id" uuid,
	"sender_account_id" uuid,
	"recipient_account_id" uuid,
	"sender_person_id" uuid,
	"recipient" jsonb,
	"party" jsonb,
	"related_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "transactions_amount_check" CHECK ("transactions"."amount_centimes" > 0),
	CONSTRAINT "transactions_fee_check" CHECK ("transactions"."fee_centimes" >= 0 AND "transactions"."agent_share_centimes" >= 0 AND "transactions"."agent_share_centimes" <= "transactions"."fee_centimes"),
	CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" = 'completed' OR "transactions"."type" = 'external_transfer')
);
--> statement-breakpoint
DROP INDEX "persons_email_idx";--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "created_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "account_holders" ADD CONSTRAINT "account_holders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_holders" ADD CONSTRAINT "account_holders_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_owners" ADD CONSTRAINT "agent_owners_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_owners" ADD CONSTRAINT "agent_owners_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sender_account_id_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_recipient_account_id_accounts_id_fk" FOREIGN KEY ("recipient_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sender_person_id_persons_id_fk" FOREIGN KEY ("sender_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_holders_position_key" ON "account_holders" USING btree ("account_id","position");--> statement-breakpoint
CREATE INDEX "account_holders_person_idx" ON "account_holders" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_account_number_key" ON "accounts" USING btree ("account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_system_code_key" ON "accounts" USING btree ("system_code");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_request_reference_key" ON "accounts" USING btree ("request_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_float_agent_key" ON "accounts" USING btree ("agent_id") WHERE "accounts"."kind" = 'float';--> statement-breakpoint
CREATE INDEX "accounts_agent_idx" ON "accounts" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "accounts_status_idx" ON "accounts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_owners_position_key" ON "agent_owners" USING btree ("agent_id","position");--> statement-breakpoint
CREATE INDEX "agent_owners_person_idx" ON "agent_owners" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "entries_transaction_idx" ON "entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "entries_account_created_idx" ON "entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_schedule_band_key" ON "fee_schedule" USING btree ("type","min_amount_centimes");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_number_key" ON "transactions" USING btree ("transaction_number");--> statement-breakpoint
CREATE INDEX "transactions_agent_created_idx" ON "transactions" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_related_idx" ON "transactions" USING btree ("related_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_email_key" ON "persons" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "persons_phone_number_key" ON "persons" USING btree ("phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_id_document_key" ON "persons" USING btree ("id_document_type",upper("id_document_number"));--> statement-breakpoint
CREATE INDEX "persons_name_idx" ON "persons" USING btree (lower("last_name"),lower("first_name"));