CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"sha256" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_portal_sha" ON "media" USING btree ("portal_id","sha256");--> statement-breakpoint
CREATE INDEX "media_portal_created" ON "media" USING btree ("portal_id","created_at");--> statement-breakpoint
CREATE INDEX "media_sha" ON "media" USING btree ("sha256");