CREATE TABLE "sessions_pcis" (
	"pci" uuid PRIMARY KEY NOT NULL,
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"project_id" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"policies" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"message_hash" text NOT NULL,
	CONSTRAINT "sessions_pcis_message_hash_unique" UNIQUE("message_hash")
);
--> statement-breakpoint
CREATE INDEX "sessions_pcis_account" ON "sessions_pcis" USING btree ("chain_id","address","project_id","created_at");