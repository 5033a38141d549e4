-- A reader's report of a comment (hidden for that reader at once, shown to the book's owner).
CREATE TABLE `comment_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`comment_id` text NOT NULL,
	`story_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`story_id`) REFERENCES `storybooks`(`book_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comment_reports_comment_reporter_unique` ON `comment_reports` (`comment_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `comment_reports_story_reporter_idx` ON `comment_reports` (`story_id`,`reporter_id`);--> statement-breakpoint
-- A person a book's owner stopped from commenting on any of the owner's books.
CREATE TABLE `comment_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_profile_id` text NOT NULL,
	`blocked_user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`owner_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comment_blocks_owner_blocked_unique` ON `comment_blocks` (`owner_profile_id`,`blocked_user_id`);
