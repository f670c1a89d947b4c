-- Decision 198: an anonymous refusal (a sign-in refused by the throttle) writes one audit row at the first
-- refusal of an address in a 15-minute window; the others only add one to this counter. The audit stays
-- append-only (migration 0004), and a flood of refusals no longer grows it.
CREATE TABLE "anonymous_refusals" (
	"action" text NOT NULL,
	"ip" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"refused" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "anonymous_refusals_pkey" PRIMARY KEY("action","ip","window_start")
);
