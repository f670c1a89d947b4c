CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"city" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	CONSTRAINT "agents_type_check" CHECK ("agents"."type" IN ('Business', 'Personal', 'Intern'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_username" text,
	"action" text NOT NULL,
	"target" text,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"dob" date,
	"gender" text,
	"country" text,
	"state" text,
	"city" text,
	"address" text,
	"postal_code" text,
	"phone_number" text,
	"email" text,
	"id_document_type" text,
	"id_document_number" text,
	"date_issued" date,
	"expiration_date" date,
	"occupation" text,
	"annual_income_centimes" bigint DEFAULT 0 NOT NULL,
	"marital_status" text,
	"partner" text,
	"mother" text,
	"preferred_contact_method" text,
	"consent_for_marketing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "persons_gender_check" CHECK ("persons"."gender" IS NULL OR "persons"."gender" IN ('male', 'female')),
	CONSTRAINT "persons_id_document_type_check" CHECK ("persons"."id_document_type" IS NULL OR "persons"."id_document_type" IN ('id_card', 'passport', 'driving_license')),
	CONSTRAINT "persons_marital_status_check" CHECK ("persons"."marital_status" IS NULL OR "persons"."marital_status" IN ('single', 'married', 'divorced', 'widowed')),
	CONSTRAINT "persons_preferred_contact_method_check" CHECK ("persons"."preferred_contact_method" IS NULL OR "persons"."preferred_contact_method" IN ('email', 'phone', 'sms')),
	CONSTRAINT "persons_annual_income_check" CHECK ("persons"."annual_income_centimes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"person_id" uuid NOT NULL,
	"role" text NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"agent_id" uuid,
	"agent_role" text,
	"password_updated_at" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_role_check" CHECK (("users"."role" = 'sudo' AND "users"."agent_id" IS NULL AND "users"."agent_role" IS NULL AND "users"."is_super_admin")
       OR ("users"."role" = 'agent_admin' AND "users"."agent_id" IS NOT NULL AND "users"."agent_role" = 'admin' AND NOT "users"."is_super_admin")
       OR ("users"."role" = 'user' AND "users"."agent_id" IS NOT NULL AND "users"."agent_role" = 'agent' AND NOT "users"."is_super_admin"))
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_code_key" ON "agents" USING btree ("code");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "login_attempts_username_idx" ON "login_attempts" USING btree ("kind","username","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("kind","ip","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" IS NULL AND "mail_outbox"."failed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "persons_email_idx" ON "persons" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_person_id_idx" ON "users" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "users_agent_id_idx" ON "users" USING btree ("agent_id");