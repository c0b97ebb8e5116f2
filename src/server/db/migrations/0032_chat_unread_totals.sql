CREATE TABLE "chat_unread_totals" (
	"portal_id" text NOT NULL,
	"user_id" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"chats" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_unread_totals_portal_id_user_id_pk" PRIMARY KEY("portal_id","user_id")
);
--> statement-breakpoint
-- Each statement on chats moves its rows' counters in and out of their people's totals: the rows as
-- they were leave, the rows as they are come, so a reassignment moves the mentors' side from one
-- mentor to the other with nothing else to do (decision 0074).
CREATE FUNCTION "chat_unread_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "chat_unread_totals" AS t (portal_id, user_id, messages, chats)
	SELECT portal_id, user_id, sum(m)::int, sum(c)::int FROM (
		SELECT portal_id, mentor_id AS user_id, staff_unread AS m, 1 AS c FROM after_rows WHERE staff_unread > 0 AND mentor_id IS NOT NULL
		UNION ALL SELECT portal_id, student_id, student_unread, 1 FROM after_rows WHERE student_unread > 0
		UNION ALL SELECT portal_id, mentor_id, -staff_unread, -1 FROM before_rows WHERE staff_unread > 0 AND mentor_id IS NOT NULL
		UNION ALL SELECT portal_id, student_id, -student_unread, -1 FROM before_rows WHERE student_unread > 0
	) d
	GROUP BY portal_id, user_id
	HAVING sum(m) <> 0 OR sum(c) <> 0
	-- One order for every statement: two of them never wait on each other's rows crosswise.
	ORDER BY portal_id, user_id
	ON CONFLICT (portal_id, user_id) DO UPDATE SET messages = t.messages + excluded.messages, chats = t.chats + excluded.chats;
	RETURN NULL;
END $$;--> statement-breakpoint
-- Insert and delete have one transition table each: the other side is an empty one of the same shape.
CREATE FUNCTION "chat_unread_totals_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "chat_unread_totals" AS t (portal_id, user_id, messages, chats)
	SELECT portal_id, user_id, sum(m)::int, sum(c)::int FROM (
		SELECT portal_id, mentor_id AS user_id, staff_unread AS m, 1 AS c FROM after_rows WHERE staff_unread > 0 AND mentor_id IS NOT NULL
		UNION ALL SELECT portal_id, student_id, student_unread, 1 FROM after_rows WHERE student_unread > 0
	) d
	GROUP BY portal_id, user_id ORDER BY portal_id, user_id
	ON CONFLICT (portal_id, user_id) DO UPDATE SET messages = t.messages + excluded.messages, chats = t.chats + excluded.chats;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_unread_totals_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "chat_unread_totals" t SET messages = t.messages - d.m, chats = t.chats - d.c
	FROM (
		SELECT portal_id, user_id, sum(m)::int AS m, sum(c)::int AS c FROM (
			SELECT portal_id, mentor_id AS user_id, staff_unread AS m, 1 AS c FROM before_rows WHERE staff_unread > 0 AND mentor_id IS NOT NULL
			UNION ALL SELECT portal_id, student_id, student_unread, 1 FROM before_rows WHERE student_unread > 0
		) x GROUP BY portal_id, user_id
	) d
	WHERE t.portal_id = d.portal_id AND t.user_id = d.user_id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chats_unread_totals_changed" AFTER UPDATE ON "chats" REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_unread_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "chats_unread_totals_added" AFTER INSERT ON "chats" REFERENCING NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_unread_totals_added"();--> statement-breakpoint
CREATE TRIGGER "chats_unread_totals_removed" AFTER DELETE ON "chats" REFERENCING OLD TABLE AS before_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_unread_totals_removed"();--> statement-breakpoint
-- backfill: the totals of every chat as it stands.
INSERT INTO "chat_unread_totals" (portal_id, user_id, messages, chats)
SELECT portal_id, user_id, sum(m)::int, sum(c)::int FROM (
	SELECT portal_id, mentor_id AS user_id, staff_unread AS m, 1 AS c FROM "chats" WHERE staff_unread > 0 AND mentor_id IS NOT NULL
	UNION ALL SELECT portal_id, student_id, student_unread, 1 FROM "chats" WHERE student_unread > 0
) d GROUP BY portal_id, user_id;
