CREATE TABLE "environments" (
	"id" text PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"theme" jsonb NOT NULL,
	"logo" jsonb NOT NULL,
	"contacts" jsonb NOT NULL,
	"socials" jsonb NOT NULL,
	"navigation" jsonb NOT NULL,
	"seo" jsonb NOT NULL,
	"integrations" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"lang" text NOT NULL,
	"alias" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"keywords" text,
	"image" text,
	"noindex" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"template" text,
	"type" text DEFAULT 'page' NOT NULL,
	"model_name" text,
	"model_id" text,
	"index" integer DEFAULT 0 NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edited" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portals" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"type" text DEFAULT 'other' NOT NULL,
	"title" jsonb NOT NULL,
	"i18n" jsonb NOT NULL,
	"favicon" text,
	"lesson_load_icon" jsonb,
	"registration" jsonb NOT NULL,
	"auth_migration" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "environments" ADD CONSTRAINT "environments_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pages_env_type_alias_lang" ON "pages" USING btree ("environment_id","type","alias","lang");--> statement-breakpoint
CREATE INDEX "pages_model" ON "pages" USING btree ("environment_id","model_name","model_id");