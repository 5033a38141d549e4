DROP INDEX `storybooks_visitor_created_idx`;--> statement-breakpoint
DROP INDEX `storybooks_profile_created_idx`;--> statement-breakpoint
DROP INDEX `storybooks_visitor_updated_idx`;--> statement-breakpoint
DROP INDEX `storybooks_profile_updated_idx`;--> statement-breakpoint
CREATE INDEX `storybooks_visitor_name_idx` ON `storybooks` (`visitor_id`,`user_profile_id`,lower("child_name"),case when "title" is null then '' else lower("title") end,"created_at" desc,`book_id`);--> statement-breakpoint
CREATE INDEX `storybooks_profile_name_idx` ON `storybooks` (`user_profile_id`,lower("child_name"),case when "title" is null then '' else lower("title") end,"created_at" desc,`book_id`);--> statement-breakpoint
CREATE INDEX `storybooks_visitor_created_idx` ON `storybooks` (`visitor_id`,`user_profile_id`,`created_at`,`book_id`);--> statement-breakpoint
CREATE INDEX `storybooks_profile_created_idx` ON `storybooks` (`user_profile_id`,`created_at`,`book_id`);--> statement-breakpoint
CREATE INDEX `storybooks_visitor_updated_idx` ON `storybooks` (`visitor_id`,`user_profile_id`,`last_updated`,`book_id`);--> statement-breakpoint
CREATE INDEX `storybooks_profile_updated_idx` ON `storybooks` (`user_profile_id`,`last_updated`,`book_id`);