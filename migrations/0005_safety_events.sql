CREATE TABLE `safety_events` (
	`id` text PRIMARY KEY NOT NULL,
	`visitor_id` text,
	`user_profile_id` text,
	`session_id` text NOT NULL,
	`market` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_at` text NOT NULL,
	`times` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`user_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "safety_events_owner" CHECK("safety_events"."visitor_id" IS NOT NULL OR "safety_events"."user_profile_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `safety_events_profile_unique` ON `safety_events` (`user_profile_id`,`session_id`) WHERE "safety_events"."user_profile_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `safety_events_visitor_unique` ON `safety_events` (`visitor_id`,`session_id`) WHERE "safety_events"."user_profile_id" IS NULL;