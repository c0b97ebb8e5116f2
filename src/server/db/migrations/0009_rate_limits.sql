CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_resets_at" ON "rate_limits" USING btree ("resets_at");--> statement-breakpoint
-- Not a rate limit: instances load the sessions revoked within the last access-token lifetime at start and after a
-- lost bus connection (docs/decisions/0029); this index keeps that a small range read.
CREATE INDEX "sessions_revoked_at" ON "sessions" USING btree ("revoked_at") WHERE "sessions"."revoked_at" is not null;