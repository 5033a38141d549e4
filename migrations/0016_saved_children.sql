-- A parent's saved children (decision 054): each saved once, every new book can start from them.
CREATE TABLE `saved_children` (
	`id` text PRIMARY KEY NOT NULL,
	`user_profile_id` text NOT NULL,
	`name` text NOT NULL,
	`birthday` text NOT NULL,
	`gender` text DEFAULT 'child' NOT NULL,
	`photo_key` text,
	`photo_square_key` text,
	`look` text DEFAULT '{}' NOT NULL,
	`likes` text DEFAULT '' NOT NULL,
	`companions` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "saved_children_id" CHECK(length("saved_children"."id") = 24 AND "saved_children"."id" NOT GLOB '*[^A-Za-z0-9]*'),
	CONSTRAINT "saved_children_name" CHECK(length("saved_children"."name") BETWEEN 1 AND 40),
	CONSTRAINT "saved_children_birthday" CHECK("saved_children"."birthday" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
	CONSTRAINT "saved_children_gender" CHECK("saved_children"."gender" IN ('girl', 'boy', 'child')),
	CONSTRAINT "saved_children_likes" CHECK(length("saved_children"."likes") <= 200),
	CONSTRAINT "saved_children_json" CHECK(json_valid("saved_children"."look") AND json_type("saved_children"."look") = 'object' AND json_valid("saved_children"."companions") AND json_type("saved_children"."companions") = 'array' AND json_array_length("saved_children"."companions") <= 8)
);
--> statement-breakpoint
CREATE INDEX `saved_children_profile_idx` ON `saved_children` (`user_profile_id`,`created_at`);--> statement-breakpoint
-- The saved child a book was made for (set free when the child is deleted), and what of the child it was given.
ALTER TABLE `storybooks` ADD `child_id` text REFERENCES `saved_children`(`id`) ON UPDATE no action ON DELETE set null;--> statement-breakpoint
ALTER TABLE `storybooks` ADD `companions` text;--> statement-breakpoint
ALTER TABLE `storybooks` ADD `likes` text;--> statement-breakpoint
CREATE INDEX `storybooks_child_idx` ON `storybooks` (`child_id`,`created_at`) WHERE "storybooks"."child_id" IS NOT NULL;
