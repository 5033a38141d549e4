-- Where a new account goes once its confirmation link is opened (the page it signed up from).
ALTER TABLE `auth_tokens` ADD `return_to` text;--> statement-breakpoint
-- The single-use sign-in links of a direct share: the share e-mail's, and each fresh one asked for.
CREATE TABLE `share_links` (
	`id` text PRIMARY KEY NOT NULL,
	`share_id` text NOT NULL,
	`asked_by_visitor` text,
	`used_by_visitor` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`share_id`) REFERENCES `shares`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `share_links_share_idx` ON `share_links` (`share_id`);
