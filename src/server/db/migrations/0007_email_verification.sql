ALTER TABLE "one_time_tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
-- Addresses a provider already stands behind (Google or Facebook gave this same address at sign-in) count as verified; every other existing address starts unverified.
UPDATE "users" SET "email_verified_at" = now() WHERE "email" IS NOT NULL AND EXISTS (SELECT 1 FROM "identities" i WHERE i."user_id" = "users"."id" AND i."provider" IN ('google', 'facebook') AND i."email" = "users"."email");
