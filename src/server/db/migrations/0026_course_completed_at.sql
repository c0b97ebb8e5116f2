ALTER TABLE "course_progress" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "course_progress_course_completed" ON "course_progress" USING btree ("course_id","completed_at");--> statement-breakpoint
-- backfill: a learner who has every visible element of a course done completed it at the last of those finishes.
UPDATE "course_progress" AS cp SET "completed_at" = d.last
FROM (
	SELECT ep.user_id, ep.course_id, count(*) AS done, max(ep.finished) AS last
	FROM "element_progress" ep JOIN "elements" e ON e.id = ep.element_id AND e.course_id = ep.course_id AND e.visible
	WHERE ep.state = 'done'
	GROUP BY ep.user_id, ep.course_id
) AS d, (
	SELECT course_id, count(*) AS n FROM "elements" WHERE visible GROUP BY course_id
) AS v
WHERE d.user_id = cp.user_id AND d.course_id = cp.course_id AND v.course_id = cp.course_id AND d.done = v.n AND cp.completed_at IS NULL;
