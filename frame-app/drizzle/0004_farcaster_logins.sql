CREATE TABLE "farcaster_logins" (
	"project_id" text NOT NULL,
	"device_public_key" text NOT NULL,
	"nonce" text NOT NULL,
	"channel_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "farcaster_logins_project_id_device_public_key_pk" PRIMARY KEY("project_id","device_public_key")
);
--> statement-breakpoint
ALTER TABLE "farcaster_logins" ADD CONSTRAINT "farcaster_logins_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "farcaster_logins_expires" ON "farcaster_logins" USING btree ("expires_at");