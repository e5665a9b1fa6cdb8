CREATE TABLE "gw_rate_counts" (
	"project_id" text NOT NULL,
	"window_ms" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "gw_rate_counts_project_id_window_ms_window_start_pk" PRIMARY KEY("project_id","window_ms","window_start")
);
--> statement-breakpoint
CREATE INDEX "gw_rate_counts_window_end" ON "gw_rate_counts" USING btree ("window_end");