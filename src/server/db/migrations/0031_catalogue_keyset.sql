DROP INDEX "courses_portal_listing";--> statement-breakpoint
DROP INDEX "microcourses_portal_listing";--> statement-breakpoint
CREATE INDEX "courses_catalogue_order" ON "courses" USING btree ("portal_id","published","hidden","index","date_created" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "microcourses_list_order" ON "microcourses" USING btree ("portal_id","published","hidden","index","number","id");