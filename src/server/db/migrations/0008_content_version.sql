CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_version_one_row" CHECK ("content_version"."id" = 1)
);
--> statement-breakpoint
-- The one row every content write raises (platform/content-version.ts).
INSERT INTO "content_version" ("id", "version") VALUES (1, 0);
