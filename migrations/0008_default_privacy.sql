ALTER TABLE `storybooks` ADD `privacy_applied_at` text;--> statement-breakpoint
CREATE INDEX `storybooks_privacy_due_idx` ON `storybooks` (`last_updated`) WHERE "storybooks"."privacy_applied_at" IS NULL AND "storybooks"."status" = 'complete';--> statement-breakpoint
-- Books finished before default story privacy existed are left as their owners made them.
UPDATE `storybooks` SET `privacy_applied_at` = `last_updated` WHERE `status` = 'complete';
