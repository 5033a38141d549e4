-- A new link purpose (the old address's "stop this change") needs the CHECK rebuilt: SQLite cannot alter it.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`new_email` text,
	`password_hash` text,
	`visitor_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "auth_tokens_purpose" CHECK("purpose" IN ('confirm-email', 'reset-password', 'change-email', 'stop-email-change'))
);
--> statement-breakpoint
INSERT INTO `__new_auth_tokens`("id", "user_id", "purpose", "new_email", "password_hash", "visitor_id", "created_at", "expires_at", "used_at") SELECT "id", "user_id", "purpose", "new_email", "password_hash", NULL, "created_at", "expires_at", "used_at" FROM `auth_tokens`;--> statement-breakpoint
DROP TABLE `auth_tokens`;--> statement-breakpoint
ALTER TABLE `__new_auth_tokens` RENAME TO `auth_tokens`;--> statement-breakpoint
CREATE INDEX `auth_tokens_user_purpose_idx` ON `auth_tokens` (`user_id`,`purpose`);--> statement-breakpoint
ALTER TABLE `users` ADD `welcome_granted_at` text;--> statement-breakpoint
ALTER TABLE `welcome_grants` ADD `user_id` text;--> statement-breakpoint
-- Every account confirmed so far has had its welcome chance.
UPDATE `users` SET `welcome_granted_at` = `email_verified_at` WHERE `email_verified_at` IS NOT NULL;