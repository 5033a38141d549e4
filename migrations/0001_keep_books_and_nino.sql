CREATE TABLE `nino_conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`visitor_id` text,
	`user_profile_id` text,
	`session_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "nino_conversations_owner" CHECK("nino_conversations"."visitor_id" IS NOT NULL OR "nino_conversations"."user_profile_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nino_conversations_profile_unique` ON `nino_conversations` (`user_profile_id`,`session_id`) WHERE "nino_conversations"."user_profile_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `nino_conversations_visitor_unique` ON `nino_conversations` (`visitor_id`,`session_id`) WHERE "nino_conversations"."user_profile_id" IS NULL;--> statement-breakpoint
ALTER TABLE `storybooks` ADD `generation_timings` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `storybooks_visitor_updated_idx` ON `storybooks` (`visitor_id`,`last_updated`);--> statement-breakpoint
CREATE INDEX `storybooks_profile_updated_idx` ON `storybooks` (`user_profile_id`,`last_updated`);