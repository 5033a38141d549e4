CREATE TABLE `email_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`headers` text DEFAULT '{}' NOT NULL,
	`list` text,
	`book_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`lease_until` text,
	`last_error` text,
	`provider` text,
	`provider_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`book_id`) REFERENCES `storybooks`(`book_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_deliveries_status" CHECK("email_deliveries"."status" IN ('pending', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE INDEX `email_deliveries_due_idx` ON `email_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_deliveries_book_idx` ON `email_deliveries` (`book_id`);--> statement-breakpoint
CREATE TABLE `email_suppressions` (
	`email` text NOT NULL,
	`list` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`email`, `list`),
	CONSTRAINT "email_suppressions_email_lowercase" CHECK("email_suppressions"."email" = lower("email_suppressions"."email"))
);
--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`book_id` text,
	`email` text,
	`list` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`book_id`) REFERENCES `storybooks`(`book_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_tokens_purpose" CHECK("email_tokens"."purpose" IN ('read-book', 'book-cover', 'book-pdf', 'unsubscribe', 'confirm-newsletter'))
);
--> statement-breakpoint
CREATE INDEX `email_tokens_book_idx` ON `email_tokens` (`book_id`);--> statement-breakpoint
CREATE INDEX `email_tokens_expires_idx` ON `email_tokens` (`expires_at`);--> statement-breakpoint
ALTER TABLE `storybooks` ADD `notify_email` text;--> statement-breakpoint
ALTER TABLE `storybooks` ADD `ready_email_due` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `confirmed_at` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `confirmation_sent_at` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `unsubscribed_at` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_idempotency_key_unique` ON `email_outbox` (`idempotency_key`);