CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"learner_name" text NOT NULL,
	"course_title" jsonb NOT NULL,
	"lang" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by" text,
	CONSTRAINT "certificates_revocation" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoked_reason" is null)),
	CONSTRAINT "certificates_expiry_after_issue" CHECK ("certificates"."expires_at" is null or "certificates"."expires_at" > "certificates"."issued_at")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "certificate_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "certificate_validity_months" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_course" ON "certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "certificates_course" ON "certificates" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_certificate_validity" CHECK ("courses"."certificate_validity_months" is null or "courses"."certificate_validity_months" between 1 and 1200);