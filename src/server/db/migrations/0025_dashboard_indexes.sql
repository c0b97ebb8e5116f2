CREATE INDEX "test_attempts_submitted" ON "test_attempts" USING btree ("submitted_at") WHERE "test_attempts"."passed" is not null;--> statement-breakpoint
CREATE INDEX "test_attempts_failed" ON "test_attempts" USING btree ("submitted_at") WHERE "test_attempts"."passed" = false;--> statement-breakpoint
CREATE INDEX "chat_messages_mentor_created" ON "chat_messages" USING btree ("created_at") WHERE "chat_messages"."author_kind" = 'mentor';--> statement-breakpoint
CREATE INDEX "chats_portal_waiting" ON "chats" USING btree ("portal_id","waiting_since") WHERE "chats"."status" = 'open' and "chats"."waiting_since" is not null;--> statement-breakpoint
CREATE INDEX "course_progress_course_created" ON "course_progress" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "course_progress_updated" ON "course_progress" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "element_progress_course_finished" ON "element_progress" USING btree ("course_id","finished") WHERE "element_progress"."state" = 'done';--> statement-breakpoint
CREATE INDEX "element_progress_done" ON "element_progress" USING btree ("user_id","course_id","element_id","finished") WHERE "element_progress"."state" = 'done';--> statement-breakpoint
CREATE INDEX "orders_environment_paid" ON "orders" USING btree ("environment_id","paid_at") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "portal_disciples_registered" ON "portal_disciples" USING btree ("portal_id","registered_at");