CREATE TABLE `notification_digests` (
	`user_id` text PRIMARY KEY NOT NULL,
	`last_sent_at` text NOT NULL,
	`covered_until` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `shares` ADD `revoked_at` text;--> statement-breakpoint
CREATE INDEX `shares_shared_to_idx` ON `shares` (`shared_to`,`expires_at`);--> statement-breakpoint
-- Public links made before privacy settings existed keep working: a parent with a public book
-- starts with public sharing allowed (everyone else has it off, the default).
INSERT INTO `privacy_settings` (`user_id`, `allow_public_sharing`)
SELECT DISTINCT `user_profiles`.`user_id`, 1 FROM `storybooks`
JOIN `user_profiles` ON `user_profiles`.`id` = `storybooks`.`user_profile_id`
WHERE `storybooks`.`is_public` = 1 AND `storybooks`.`slug` IS NOT NULL
ON CONFLICT (`user_id`) DO UPDATE SET `allow_public_sharing` = 1;
