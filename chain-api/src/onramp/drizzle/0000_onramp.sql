CREATE TABLE "onramp_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"partner_user_id" text NOT NULL,
	"chain" text NOT NULL,
	"symbol" text NOT NULL,
	"token_address" text,
	"decimals" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"fiat_total" text,
	"destination" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tx_hash" text,
	"paid_at" timestamp with time zone,
	CONSTRAINT "onramp_sessions_status" CHECK ("onramp_sessions"."status" in ('open', 'paying', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "onramp_sessions_destination" ON "onramp_sessions" USING btree ("destination");