CREATE TABLE "coupons" (
	"environment_id" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"currency" text,
	"course_id" text,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_value" CHECK ("coupons"."value" > 0 and ("coupons"."kind" <> 'percent' or "coupons"."value" <= 100) and ("coupons"."kind" <> 'fixed' or "coupons"."currency" is not null))
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"environment_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"course_id" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"provider_status" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"gateway" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"currency" text NOT NULL,
	"list_amount_minor" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"coupon_code" text,
	"coupon_discount_minor" integer DEFAULT 0 NOT NULL,
	"gift_email" text,
	"gift_message" text,
	"lang" text NOT NULL,
	"return_path" text NOT NULL,
	"continue_path" text,
	"receipt_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "orders_amounts" CHECK ("orders"."amount_minor" >= 0 and "orders"."list_amount_minor" >= "orders"."amount_minor" and "orders"."coupon_discount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_callbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"order_id" text,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"provider_status" text,
	"body_sha256" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"environment_id" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_callbacks" ADD CONSTRAINT "payment_callbacks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_environment_code" ON "coupons" USING btree ("environment_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_order" ON "gifts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_token_hash" ON "gifts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open" ON "orders" USING btree ("environment_id","user_id","course_id") WHERE "orders"."status" in ('created', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_receipt_number" ON "orders" USING btree ("environment_id","receipt_number");--> statement-breakpoint
CREATE INDEX "orders_user_created" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_environment_created" ON "orders" USING btree ("environment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_callbacks_order" ON "payment_callbacks" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "payment_callbacks_at" ON "payment_callbacks" USING btree ("at");