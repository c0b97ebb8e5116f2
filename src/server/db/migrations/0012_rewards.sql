CREATE TABLE "awards" (
	"id" text NOT NULL,
	"portal_id" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "awards_portal_id_id_pk" PRIMARY KEY("portal_id","id")
);
--> statement-breakpoint
CREATE TABLE "course_gifts" (
	"course_id" text PRIMARY KEY NOT NULL,
	"gift" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_receipts" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"gift" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_receipts_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "user_awards" (
	"user_id" text NOT NULL,
	"portal_id" text NOT NULL,
	"award_id" text NOT NULL,
	"course_id" text,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_awards_user_id_portal_id_award_id_pk" PRIMARY KEY("user_id","portal_id","award_id")
);
--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_gifts" ADD CONSTRAINT "course_gifts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_receipts" ADD CONSTRAINT "gift_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_receipts" ADD CONSTRAINT "gift_receipts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_awards" ADD CONSTRAINT "user_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_receipts_user" ON "gift_receipts" USING btree ("user_id","received_at");