CREATE TABLE "course_progress" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"record_id" text NOT NULL,
	"current_element_id" text,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"upgraded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_progress_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"type" text DEFAULT 'free' NOT NULL,
	"arbitrary_walkthrough" boolean DEFAULT false NOT NULL,
	"requires_registration" boolean DEFAULT false NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cover" text,
	"duration" integer DEFAULT 0 NOT NULL,
	"price" numeric(12, 2),
	"currency" text,
	"category_id" text DEFAULT 'none' NOT NULL,
	"category_title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"page_alias" text,
	"published" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"button_text" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"button_text_buy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"align_content" text DEFAULT 'center' NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"preview_secret_hash" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_paid_has_price" CHECK ("courses"."type" = 'free' or ("courses"."price" is not null and "courses"."currency" is not null)),
	CONSTRAINT "courses_price_not_negative" CHECK ("courses"."price" is null or "courses"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "element_progress" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"element_id" text NOT NULL,
	"state" text NOT NULL,
	"started" timestamp with time zone,
	"finished" timestamp with time zone,
	"percent" integer DEFAULT 0 NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "element_progress_user_id_element_id_pk" PRIMARY KEY("user_id","element_id"),
	CONSTRAINT "element_progress_percent_range" CHECK ("element_progress"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "elements" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"cover" text,
	"number" integer NOT NULL,
	"index" integer NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"pattern" text,
	"discussion_id" text,
	"discussion_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "microcourses" (
	"id" text PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cover" text,
	"duration" integer DEFAULT 0 NOT NULL,
	"access_type" text,
	"page_alias" text,
	"bots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"course_id" text,
	"index" integer DEFAULT 0 NOT NULL,
	"number" integer DEFAULT 1 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"lang" text NOT NULL,
	"author" text NOT NULL,
	"avatar" text,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "video_event_episodes" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"title" jsonb NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"video_url" text,
	"index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_events" (
	"id" text PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cover" text,
	"page_alias" text,
	"published" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_record_id_progress_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."progress_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "element_progress" ADD CONSTRAINT "element_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "element_progress" ADD CONSTRAINT "element_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "element_progress" ADD CONSTRAINT "element_progress_element_id_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elements" ADD CONSTRAINT "elements_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "microcourses" ADD CONSTRAINT "microcourses_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "microcourses" ADD CONSTRAINT "microcourses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_event_episodes" ADD CONSTRAINT "video_event_episodes_event_id_video_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."video_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_events" ADD CONSTRAINT "video_events_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_progress_record" ON "course_progress" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "courses_portal_listing" ON "courses" USING btree ("portal_id","published","hidden","index");--> statement-breakpoint
CREATE INDEX "element_progress_course" ON "element_progress" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "elements_course_order" ON "elements" USING btree ("course_id","index");--> statement-breakpoint
CREATE INDEX "microcourses_portal_listing" ON "microcourses" USING btree ("portal_id","published","hidden","index");--> statement-breakpoint
CREATE INDEX "reviews_course" ON "reviews" USING btree ("course_id","lang","created_at");--> statement-breakpoint
CREATE INDEX "video_event_episodes_event" ON "video_event_episodes" USING btree ("event_id","start_date");