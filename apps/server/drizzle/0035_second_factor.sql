-- Decision 203: a second factor (time-based one-time codes, RFC 6238) for administrators and super
-- administrators. The secret is kept encrypted (AES-256-GCM under a key derived from the JWT secret) and
-- never leaves the server after enrolment; the recovery codes are kept as SHA-256 hashes (each carries
-- 124 random bits), each used once. A row without `confirmed_at` is an enrolment not yet confirmed.
CREATE TABLE "second_factors" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint
);--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");
