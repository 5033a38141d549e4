CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`to` text NOT NULL,
	`from` text NOT NULL,
	`reply_to` text,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`provider` text DEFAULT 'outbox' NOT NULL,
	`status` text DEFAULT 'stored' NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created_at_idx` ON `email_outbox` (`created_at`);