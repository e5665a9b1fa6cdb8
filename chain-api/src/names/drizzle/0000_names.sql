CREATE TABLE "names_accounts" (
	"label" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "names_addresses" (
	"label" text NOT NULL,
	"coin_type" bigint NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "names_addresses_label_coin_type_pk" PRIMARY KEY("label","coin_type")
);
--> statement-breakpoint
ALTER TABLE "names_addresses" ADD CONSTRAINT "names_addresses_label_names_accounts_label_fk" FOREIGN KEY ("label") REFERENCES "public"."names_accounts"("label") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "names_accounts_owner" ON "names_accounts" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "names_addresses_address" ON "names_addresses" USING btree ("address");