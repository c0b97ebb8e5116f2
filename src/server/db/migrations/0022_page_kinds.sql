ALTER TABLE "page_drafts" ADD COLUMN "kind" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_versions" ADD COLUMN "kind" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_drafts" DROP CONSTRAINT "page_drafts_pk";
--> statement-breakpoint
ALTER TABLE "page_drafts" ADD CONSTRAINT "page_drafts_pk" PRIMARY KEY("environment_id","kind","alias");--> statement-breakpoint
ALTER TABLE "page_versions" DROP CONSTRAINT "page_versions_pk";
--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_pk" PRIMARY KEY("environment_id","kind","alias","version");