CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"lang" text NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_env_topic_email" ON "subscriptions" USING btree ("environment_id","topic","email");