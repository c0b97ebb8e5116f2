CREATE TABLE "page_drafts" (
	"environment_id" text NOT NULL,
	"alias" text NOT NULL,
	"model_name" text,
	"model_id" text,
	"document" jsonb NOT NULL,
	"revision" integer NOT NULL,
	"saved_by" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_drafts_pk" PRIMARY KEY("environment_id","alias")
);
--> statement-breakpoint
CREATE TABLE "page_versions" (
	"environment_id" text NOT NULL,
	"alias" text NOT NULL,
	"version" integer NOT NULL,
	"model_name" text,
	"model_id" text,
	"document" jsonb NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_versions_pk" PRIMARY KEY("environment_id","alias","version")
);
--> statement-breakpoint
ALTER TABLE "page_drafts" ADD CONSTRAINT "page_drafts_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;