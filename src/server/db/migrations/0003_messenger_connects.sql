CREATE TABLE "messenger_connects" (
	"id" text PRIMARY KEY NOT NULL,
	"messenger" text NOT NULL,
	"code_hash" text NOT NULL,
	"flow_hash" text NOT NULL,
	"return_to" text NOT NULL,
	"user_id" text,
	"messenger_user_id" text,
	"messenger_name" text,
	"confirmed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messenger_connects" ADD CONSTRAINT "messenger_connects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_connects_code" ON "messenger_connects" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_connects_flow" ON "messenger_connects" USING btree ("flow_hash");