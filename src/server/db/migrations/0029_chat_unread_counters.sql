ALTER TABLE "chats" ADD COLUMN "student_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "student_unread_seq" bigint;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "staff_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "staff_unread_seq" bigint;--> statement-breakpoint
CREATE INDEX "chats_staff_unread" ON "chats" USING btree ("mentor_id","staff_unread_seq") WHERE "chats"."staff_unread" > 0;--> statement-breakpoint
-- The unread counters (decision 0074), kept by the database so that every writer of chat_messages
-- keeps them: the learner's side counts mentors' and system messages, the mentors' side learners'
-- (modules/chat present.ts incomingKinds). Recounting reads the partial index chat_messages_unread.
CREATE FUNCTION "chat_unread_recount"(ids text[]) RETURNS void LANGUAGE sql AS $$
	UPDATE "chats" c SET
		"student_unread" = u.student_n, "student_unread_seq" = u.student_seq,
		"staff_unread" = u.staff_n, "staff_unread_seq" = u.staff_seq
	FROM (
		SELECT i.id,
			count(m.seq) FILTER (WHERE m.author_kind IN ('mentor', 'system'))::int AS student_n,
			max(m.seq) FILTER (WHERE m.author_kind IN ('mentor', 'system')) AS student_seq,
			count(m.seq) FILTER (WHERE m.author_kind = 'student')::int AS staff_n,
			max(m.seq) FILTER (WHERE m.author_kind = 'student') AS staff_seq
		FROM unnest(ids) AS i(id)
		LEFT JOIN "chat_messages" m ON m.chat_id = i.id AND m.read_at IS NULL
		GROUP BY i.id
	) u
	WHERE c.id = u.id
		AND (c.student_unread, c.student_unread_seq, c.staff_unread, c.staff_unread_seq)
			IS DISTINCT FROM (u.student_n, u.student_seq, u.staff_n, u.staff_seq)
$$;--> statement-breakpoint
-- New messages add to the counters (one statement for a whole insert, however many rows it has).
CREATE FUNCTION "chat_unread_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "chats" c SET
		"student_unread" = c.student_unread + a.student_n,
		"student_unread_seq" = CASE WHEN a.student_n > 0 THEN greatest(c.student_unread_seq, a.student_seq) ELSE c.student_unread_seq END,
		"staff_unread" = c.staff_unread + a.staff_n,
		"staff_unread_seq" = CASE WHEN a.staff_n > 0 THEN greatest(c.staff_unread_seq, a.staff_seq) ELSE c.staff_unread_seq END
	FROM (
		SELECT chat_id,
			count(*) FILTER (WHERE author_kind IN ('mentor', 'system'))::int AS student_n,
			max(seq) FILTER (WHERE author_kind IN ('mentor', 'system')) AS student_seq,
			count(*) FILTER (WHERE author_kind = 'student')::int AS staff_n,
			max(seq) FILTER (WHERE author_kind = 'student') AS staff_seq
		FROM added WHERE read_at IS NULL GROUP BY chat_id
	) a
	WHERE c.id = a.chat_id;
	RETURN NULL;
END $$;--> statement-breakpoint
-- Messages read (or moved, or of another kind) and messages deleted: their chats are recounted.
CREATE FUNCTION "chat_unread_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "chat_unread_recount"(ARRAY(
		SELECT o.chat_id FROM before_rows o JOIN after_rows n ON n.seq = o.seq
			WHERE (o.read_at IS NULL) <> (n.read_at IS NULL) OR o.author_kind <> n.author_kind OR o.chat_id <> n.chat_id
		UNION
		SELECT n.chat_id FROM before_rows o JOIN after_rows n ON n.seq = o.seq WHERE o.chat_id <> n.chat_id
	));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_unread_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "chat_unread_recount"(ARRAY(SELECT DISTINCT chat_id FROM removed WHERE read_at IS NULL));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_unread_added" AFTER INSERT ON "chat_messages" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "chat_unread_added"();--> statement-breakpoint
CREATE TRIGGER "chat_messages_unread_changed" AFTER UPDATE ON "chat_messages" REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_unread_changed"();--> statement-breakpoint
CREATE TRIGGER "chat_messages_unread_removed" AFTER DELETE ON "chat_messages" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "chat_unread_removed"();--> statement-breakpoint
-- backfill: every chat counted once.
SELECT "chat_unread_recount"(ARRAY(SELECT id FROM "chats"));
