CREATE TABLE `payment_events` (
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`order_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`provider`, `event_id`)
);
--> statement-breakpoint
CREATE INDEX `payment_events_order_idx` ON `payment_events` (`order_id`);--> statement-breakpoint
CREATE TABLE `test_checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`payment_status` text DEFAULT 'unpaid' NOT NULL,
	`product_name` text NOT NULL,
	`unit_amount_minor` integer NOT NULL,
	`quantity` integer NOT NULL,
	`amount_total_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`interval` text,
	`customer_email` text,
	`client_reference_id` text,
	`success_url` text NOT NULL,
	`cancel_url` text NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`payment_intent_id` text,
	`subscription_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `test_checkouts_subscription_idx` ON `test_checkouts` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `test_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`checkout_id` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`current_period_start` integer NOT NULL,
	`current_period_end` integer NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `test_subscriptions_period_idx` ON `test_subscriptions` (`status`,`current_period_end`);--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_ref` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `market_country` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `checkout_url` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `subscription_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `email_sent_at` text;--> statement-breakpoint
CREATE INDEX `orders_payment_ref_idx` ON `orders` (`provider`,`payment_ref`);--> statement-breakpoint
-- Nothing wrote subscriptions before payments existed: the empty table is made again with its new
-- NOT NULL columns (SQLite cannot add those to a table).
DROP TABLE `subscriptions`;--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`visitor_id` text,
	`user_profile_id` text,
	`plan_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`current_period_start` text NOT NULL,
	`current_period_end` text NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`cancelled_at` text,
	`credits` integer NOT NULL,
	`currency` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`order_id` text,
	`provider` text NOT NULL,
	`provider_ref` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "subscriptions_owner" CHECK("subscriptions"."visitor_id" IS NOT NULL OR "subscriptions"."user_profile_id" IS NOT NULL),
	CONSTRAINT "subscriptions_status" CHECK("subscriptions"."status" IN ('pending', 'active', 'past_due', 'cancelled', 'expired')),
	CONSTRAINT "subscriptions_period" CHECK("subscriptions"."current_period_end" > "subscriptions"."current_period_start")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_provider_ref_unique` ON `subscriptions` (`provider`,`provider_ref`);--> statement-breakpoint
CREATE INDEX `subscriptions_profile_idx` ON `subscriptions` (`user_profile_id`,`status`);--> statement-breakpoint
CREATE INDEX `subscriptions_visitor_idx` ON `subscriptions` (`visitor_id`,`status`);
