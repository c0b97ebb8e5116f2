CREATE TABLE "discussion_participants" (
	"discussion_id" text NOT NULL,
	"user_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_participants_user_id_discussion_id_pk" PRIMARY KEY("user_id","discussion_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_posts" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"portal_id" text NOT NULL,
	"discussion_id" text NOT NULL,
	"element_id" text NOT NULL,
	"course_id" text NOT NULL,
	"parent_id" text,
	"author_id" text NOT NULL,
	"author_kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"hidden_reason" text,
	"pinned_at" timestamp with time zone,
	CONSTRAINT "discussion_posts_id" UNIQUE("id"),
	CONSTRAINT "discussion_posts_hidden_reason" CHECK (("discussion_posts"."hidden_at" is null) = ("discussion_posts"."hidden_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "discussion_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"portal_id" text NOT NULL,
	"post_id" text NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
ALTER TABLE "discussion_participants" ADD CONSTRAINT "discussion_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_element_id_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_post_id_discussion_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_posts_thread" ON "discussion_posts" USING btree ("discussion_id","last_activity_at","seq") WHERE "discussion_posts"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "discussion_posts_replies" ON "discussion_posts" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "discussion_posts_waiting" ON "discussion_posts" USING btree ("portal_id","seq") WHERE "discussion_posts"."parent_id" is null and "discussion_posts"."answered_at" is null and "discussion_posts"."author_kind" = 'learner';--> statement-breakpoint
CREATE INDEX "discussion_posts_author" ON "discussion_posts" USING btree ("author_id","discussion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_reports_once" ON "discussion_reports" USING btree ("post_id","reporter_id");--> statement-breakpoint
CREATE INDEX "discussion_reports_portal" ON "discussion_reports" USING btree ("portal_id","seq");--> statement-breakpoint
CREATE INDEX "elements_discussion" ON "elements" USING btree ("discussion_id");