CREATE TABLE "interaction_results" (
	"id" text PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"key" text NOT NULL,
	"user_id" text,
	"session_id" text,
	"type" text NOT NULL,
	"component_id" text NOT NULL,
	"component_name" text NOT NULL,
	"variants" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"passed" boolean NOT NULL,
	"multiple" boolean NOT NULL,
	"course_id" text NOT NULL,
	"element_id" text NOT NULL,
	"dialog_id" text,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_results" (
	"id" text PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"key" text NOT NULL,
	"user_id" text,
	"session_id" text,
	"email" text,
	"dialog_id" text NOT NULL,
	"msg_id" text NOT NULL,
	"text" text,
	"variants" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"answer_ids" jsonb NOT NULL,
	"multiple" boolean NOT NULL,
	"passed" boolean,
	"category_id" text,
	"element_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_results_owner" CHECK ("quiz_results"."user_id" is not null or "quiz_results"."session_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "interaction_results" ADD CONSTRAINT "interaction_results_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_results" ADD CONSTRAINT "interaction_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_results" ADD CONSTRAINT "quiz_results_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_results" ADD CONSTRAINT "quiz_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interaction_results_key" ON "interaction_results" USING btree ("portal_id","key");--> statement-breakpoint
CREATE INDEX "interaction_results_element" ON "interaction_results" USING btree ("portal_id","element_id","created_at");--> statement-breakpoint
CREATE INDEX "interaction_results_session" ON "interaction_results" USING btree ("portal_id","session_id");--> statement-breakpoint
CREATE INDEX "interaction_results_user" ON "interaction_results" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_results_key" ON "quiz_results" USING btree ("portal_id","key");--> statement-breakpoint
CREATE INDEX "quiz_results_quiz" ON "quiz_results" USING btree ("portal_id","dialog_id","msg_id","created_at");--> statement-breakpoint
CREATE INDEX "quiz_results_session" ON "quiz_results" USING btree ("portal_id","session_id");--> statement-breakpoint
CREATE INDEX "quiz_results_user" ON "quiz_results" USING btree ("user_id");