CREATE TABLE `storybooks` (
	`book_id` text PRIMARY KEY NOT NULL,
	`visitor_id` text,
	`user_profile_id` text,
	`child_name` text NOT NULL,
	`theme` text NOT NULL,
	`story_description` text DEFAULT '' NOT NULL,
	`tokens_words` integer DEFAULT 0 NOT NULL,
	`slug` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_updated` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `storybooks_slug_unique` ON `storybooks` (`slug`);--> statement-breakpoint
CREATE INDEX `storybooks_visitor_idx` ON `storybooks` (`visitor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `storybooks_profile_idx` ON `storybooks` (`user_profile_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `theme_templates` (
	`theme_id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`theme` text NOT NULL,
	`emoji` text NOT NULL,
	`color` text NOT NULL,
	`age_range` text NOT NULL,
	`popular` integer DEFAULT false NOT NULL,
	`moral_lesson` text NOT NULL,
	`special_elements` text NOT NULL,
	`art_style` text NOT NULL,
	`status` text DEFAULT 'Active' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `theme_templates_status_title_idx` ON `theme_templates` (`status`,`title`);--> statement-breakpoint
CREATE INDEX `theme_templates_theme_idx` ON `theme_templates` (`theme`,`status`);