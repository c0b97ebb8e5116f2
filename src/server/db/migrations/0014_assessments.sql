CREATE TABLE "element_tests" (
	"element_id" text PRIMARY KEY NOT NULL,
	"definition" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_answers" (
	"attempt_id" text NOT NULL,
	"question_id" text NOT NULL,
	"element_id" text NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text,
	"correct" boolean,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"awaiting_review" boolean DEFAULT false NOT NULL,
	"reviewed_by" text,
	"review_comment" text,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "test_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "test_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"element_id" text NOT NULL,
	"course_id" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"question_ids" jsonb NOT NULL,
	"score" integer,
	"passed" boolean,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"graded_at" timestamp with time zone,
	CONSTRAINT "test_attempts_score_range" CHECK ("test_attempts"."score" is null or ("test_attempts"."score" >= 0 and "test_attempts"."score" <= 100))
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"id" text PRIMARY KEY NOT NULL,
	"attempt_id" text NOT NULL,
	"user_id" text NOT NULL,
	"element_id" text NOT NULL,
	"dialog_id" text NOT NULL,
	"msg_id" text NOT NULL,
	"text" text NOT NULL,
	"variants" jsonb NOT NULL,
	"category_id" text NOT NULL,
	"session_id" text,
	"email" text,
	"answers" jsonb NOT NULL,
	"multiple" boolean NOT NULL,
	"passed" boolean,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "element_tests" ADD CONSTRAINT "element_tests_element_id_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_attempt_id_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_element_id_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_attempt_id_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_answers_stats" ON "test_answers" USING btree ("element_id","question_id");--> statement-breakpoint
CREATE INDEX "test_answers_review_queue" ON "test_answers" USING btree ("answered_at") WHERE "test_answers"."awaiting_review";--> statement-breakpoint
CREATE UNIQUE INDEX "test_attempts_number" ON "test_attempts" USING btree ("user_id","element_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "test_attempts_one_open" ON "test_attempts" USING btree ("user_id","element_id") WHERE "test_attempts"."status" = 'in-progress';--> statement-breakpoint
CREATE INDEX "test_attempts_element" ON "test_attempts" USING btree ("element_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "test_results_attempt" ON "test_results" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "test_results_session" ON "test_results" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "test_results_user" ON "test_results" USING btree ("user_id");