CREATE TABLE "chat_messages" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"chat_id" text NOT NULL,
	"author_id" text NOT NULL,
	"author_kind" text NOT NULL,
	"text" text NOT NULL,
	"system_key" text,
	"system_params" jsonb,
	"context" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "chat_messages_system" CHECK (("chat_messages"."author_kind" = 'system') = ("chat_messages"."system_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "chat_settings" (
	"portal_id" text PRIMARY KEY NOT NULL,
	"assignment" text DEFAULT 'learner-chooses' NOT NULL,
	"reoffer_after_minutes" integer DEFAULT 240 NOT NULL,
	"mentor_digest_after_minutes" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" text PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"student_id" text NOT NULL,
	"mentor_id" text,
	"mode" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"lang" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"waiting_since" timestamp with time zone,
	"reoffered_at" timestamp with time zone,
	"mentor_digest_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mentor_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"portal_id" text NOT NULL,
	"role" text DEFAULT 'mentor' NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bios" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"avatar_url" text,
	"utm_campaign_name" text,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"avatar" text,
	"link" text,
	"source_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_settings" ADD CONSTRAINT "chat_settings_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD CONSTRAINT "mentor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD CONSTRAINT "mentor_profiles_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_id" ON "chat_messages" USING btree ("id");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_seq" ON "chat_messages" USING btree ("chat_id","seq");--> statement-breakpoint
CREATE INDEX "chat_messages_unread" ON "chat_messages" USING btree ("chat_id","author_kind") WHERE "chat_messages"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_portal_student" ON "chats" USING btree ("portal_id","student_id");--> statement-breakpoint
CREATE INDEX "chats_portal_activity" ON "chats" USING btree ("portal_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "chats_mentor" ON "chats" USING btree ("mentor_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_profiles_portal_user" ON "mentor_profiles" USING btree ("portal_id","user_id");--> statement-breakpoint
CREATE INDEX "mentor_profiles_campaign" ON "mentor_profiles" USING btree ("portal_id","utm_campaign_name");--> statement-breakpoint
CREATE INDEX "notifications_user" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_source" ON "notifications" USING btree ("source_message_id");