ALTER TABLE "chat_messages" ADD COLUMN "answered_wait_from" timestamp with time zone;--> statement-breakpoint
-- backfill: a mentor's message answered the learner's messages since the mentor's previous message; the wait began at the first of them.
UPDATE "chat_messages" AS m SET "answered_wait_from" = w.start
FROM (
	SELECT a.seq, (
		SELECT min(s.created_at) FROM "chat_messages" s
		WHERE s.chat_id = a.chat_id AND s.author_kind = 'student' AND s.seq < a.seq
			AND s.seq > coalesce((SELECT max(p.seq) FROM "chat_messages" p WHERE p.chat_id = a.chat_id AND p.author_kind = 'mentor' AND p.seq < a.seq), 0)
	) AS start
	FROM "chat_messages" a
	WHERE a.author_kind = 'mentor' AND a.answered_wait_from IS NULL
) AS w
WHERE m.seq = w.seq AND w.start IS NOT NULL;
