CREATE TABLE "idx_account_transactions" (
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL,
	CONSTRAINT "idx_account_transactions_pk" PRIMARY KEY("address","chain_id","block_time","block_number","tx_index")
);
--> statement-breakpoint
CREATE TABLE "idx_approvals" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"contract" text NOT NULL,
	"owner" text NOT NULL,
	"spender" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "idx_approvals_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "idx_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	CONSTRAINT "idx_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "idx_cursors" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idx_tokens" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"standard" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	CONSTRAINT "idx_tokens_chain_id_address_pk" PRIMARY KEY("chain_id","address"),
	CONSTRAINT "idx_tokens_standard" CHECK ("idx_tokens"."standard" in ('erc20', 'erc721'))
);
--> statement-breakpoint
CREATE TABLE "idx_transactions" (
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"nonce" bigint NOT NULL,
	"selector" text NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	CONSTRAINT "idx_transactions_chain_id_hash_pk" PRIMARY KEY("chain_id","hash"),
	CONSTRAINT "idx_transactions_status" CHECK ("idx_transactions"."status" in ('success', 'reverted'))
);
--> statement-breakpoint
CREATE TABLE "idx_transfers" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"kind" text NOT NULL,
	"contract" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "idx_transfers_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index"),
	CONSTRAINT "idx_transfers_kind" CHECK ("idx_transfers"."kind" in ('native', 'erc20', 'erc721'))
);
--> statement-breakpoint
CREATE INDEX "idx_account_transactions_block" ON "idx_account_transactions" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "idx_approvals_block" ON "idx_approvals" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "idx_transactions_block" ON "idx_transactions" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "idx_transfers_block" ON "idx_transfers" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "idx_transfers_from" ON "idx_transfers" USING btree ("from_address","chain_id","kind","contract");--> statement-breakpoint
CREATE INDEX "idx_transfers_to" ON "idx_transfers" USING btree ("to_address","chain_id","kind","contract");