CREATE TABLE `user_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`full_name` text,
	`avatar_url` text,
	`country` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_profiles_email_lowercase" CHECK("user_profiles"."email" = lower("user_profiles"."email")),
	CONSTRAINT "user_profiles_country_code" CHECK("user_profiles"."country" IS NULL OR (length("user_profiles"."country") = 2 AND "user_profiles"."country" = upper("user_profiles"."country")))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_profiles_user_id_unique` ON `user_profiles` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_profiles_email_unique` ON `user_profiles` (`email`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
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
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "theme_templates_status" CHECK("theme_templates"."status" IN ('Active', 'Inactive'))
);
--> statement-breakpoint
CREATE INDEX `theme_templates_status_title_idx` ON `theme_templates` (`status`,`title`);--> statement-breakpoint
CREATE INDEX `theme_templates_theme_idx` ON `theme_templates` (`theme`,`status`);--> statement-breakpoint
CREATE TABLE `storybook_pages` (
	`id` integer PRIMARY KEY NOT NULL,
	`book_id` text NOT NULL,
	`page_number` integer NOT NULL,
	`page_type` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`scene` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`image_key` text,
	`image_url` text,
	`interaction_index` integer DEFAULT 0 NOT NULL,
	`is_blank` integer DEFAULT false NOT NULL,
	`is_generated` integer DEFAULT false NOT NULL,
	`generation_progress` integer DEFAULT 100 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`book_id`) REFERENCES `storybooks`(`book_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "storybook_pages_page_number" CHECK("storybook_pages"."page_number" >= 1),
	CONSTRAINT "storybook_pages_page_type" CHECK("storybook_pages"."page_type" IN ('Front Cover', 'Title Page', 'Story Page')),
	CONSTRAINT "storybook_pages_progress" CHECK("storybook_pages"."generation_progress" BETWEEN 0 AND 100),
	CONSTRAINT "storybook_pages_interaction_index" CHECK("storybook_pages"."interaction_index" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `storybook_pages_book_page_unique` ON `storybook_pages` (`book_id`,`page_number`);--> statement-breakpoint
CREATE TABLE `storybooks` (
	`book_id` text PRIMARY KEY NOT NULL,
	`visitor_id` text,
	`user_profile_id` text,
	`child_name` text NOT NULL,
	`age` integer,
	`gender` text,
	`author_name` text,
	`theme` text NOT NULL,
	`story_description` text DEFAULT '' NOT NULL,
	`moral_lesson` text,
	`special_elements` text,
	`child_image_key` text,
	`child_image_cropped_key` text,
	`art_style` text,
	`plot_outline` text,
	`story_length` text DEFAULT 'medium' NOT NULL,
	`generation_attempt` integer DEFAULT 1 NOT NULL,
	`photo_palette` text,
	`failure_reason` text,
	`title` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`step1_complete` integer DEFAULT false NOT NULL,
	`step2_complete` integer DEFAULT false NOT NULL,
	`step3_complete` integer DEFAULT false NOT NULL,
	`images_generated` integer DEFAULT false NOT NULL,
	`total_images_generated` integer DEFAULT 0 NOT NULL,
	`is_generated` integer DEFAULT false NOT NULL,
	`is_amount_deducted` integer DEFAULT false NOT NULL,
	`should_generate_images` integer DEFAULT true NOT NULL,
	`story_content` text,
	`story_prompt` text,
	`story_response` text,
	`gpt_interactions` text DEFAULT '[]' NOT NULL,
	`tokens_words` integer DEFAULT 0 NOT NULL,
	`slug` text,
	`is_public` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_updated` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "storybooks_owner" CHECK("storybooks"."visitor_id" IS NOT NULL OR "storybooks"."user_profile_id" IS NOT NULL),
	CONSTRAINT "storybooks_book_id" CHECK(length("storybooks"."book_id") BETWEEN 1 AND 64 AND "storybooks"."book_id" NOT GLOB '*[^A-Za-z0-9]*'),
	CONSTRAINT "storybooks_slug" CHECK("storybooks"."slug" IS NULL OR (length("storybooks"."slug") BETWEEN 1 AND 120 AND "storybooks"."slug" NOT GLOB '*[^a-z0-9-]*')),
	CONSTRAINT "storybooks_age" CHECK("storybooks"."age" IS NULL OR "storybooks"."age" BETWEEN 0 AND 17),
	CONSTRAINT "storybooks_status" CHECK("storybooks"."status" IN ('draft', 'writing', 'illustrating', 'complete', 'failed')),
	CONSTRAINT "storybooks_counts" CHECK("storybooks"."tokens_words" >= 0 AND "storybooks"."total_images_generated" >= 0)
);
--> statement-breakpoint
CREATE INDEX `storybooks_visitor_created_idx` ON `storybooks` (`visitor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `storybooks_profile_created_idx` ON `storybooks` (`user_profile_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `storybooks_slug_unique` ON `storybooks` (`slug`);--> statement-breakpoint
CREATE INDEX `storybooks_unclaimed_idx` ON `storybooks` (`visitor_id`) WHERE "storybooks"."user_profile_id" IS NULL;--> statement-breakpoint
CREATE TABLE `fingerprint_visitors` (
	`visitor_id` text PRIMARY KEY NOT NULL,
	`first_seen_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_seen_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_activity` (
	`id` integer PRIMARY KEY NOT NULL,
	`visitor_id` text,
	`user_profile_id` text,
	`session_id` text,
	`event_name` text NOT NULL,
	`event_data` text DEFAULT '{}' NOT NULL,
	`source_page` text,
	`timestamp` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_activity_owner" CHECK("user_activity"."visitor_id" IS NOT NULL OR "user_activity"."user_profile_id" IS NOT NULL),
	CONSTRAINT "user_activity_event_name" CHECK(length("user_activity"."event_name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE INDEX `user_activity_visitor_idx` ON `user_activity` (`visitor_id`,`timestamp`);--> statement-breakpoint
CREATE INDEX `user_activity_profile_idx` ON `user_activity` (`user_profile_id`,`timestamp`);--> statement-breakpoint
CREATE TABLE `user_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`visitor_id` text NOT NULL,
	`event_name` text NOT NULL,
	`event_data` text DEFAULT '{}' NOT NULL,
	`session_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "user_events_event_name" CHECK(length("user_events"."event_name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE INDEX `user_events_visitor_created_idx` ON `user_events` (`visitor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_events_session_idx` ON `user_events` (`session_id`);--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`source` text DEFAULT 'website' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "subscribers_email_lowercase" CHECK("subscribers"."email" = lower("subscribers"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_unique` ON `subscribers` (`email`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`story_id` text NOT NULL,
	`user_id` text NOT NULL,
	`user_name` text NOT NULL,
	`user_avatar` text,
	`comment_text` text NOT NULL,
	`parent_comment_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`story_id`) REFERENCES `storybooks`(`book_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "comments_text_length" CHECK(length(trim("comments"."comment_text")) BETWEEN 1 AND 2000),
	CONSTRAINT "comments_not_own_parent" CHECK("comments"."parent_comment_id" IS NULL OR "comments"."parent_comment_id" <> "comments"."id")
);
--> statement-breakpoint
CREATE INDEX `comments_story_idx` ON `comments` (`story_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_comment_id`);--> statement-breakpoint
CREATE TABLE `privacy_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`allow_public_sharing` integer DEFAULT false NOT NULL,
	`allow_family_discovery` integer DEFAULT true NOT NULL,
	`default_story_privacy` text DEFAULT 'private' NOT NULL,
	`notify_new_reactions` integer DEFAULT true NOT NULL,
	`notify_new_comments` integer DEFAULT true NOT NULL,
	`notify_family_requests` integer DEFAULT true NOT NULL,
	`notify_story_shares` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "privacy_settings_default_story_privacy" CHECK("privacy_settings"."default_story_privacy" IN ('private', 'family', 'public'))
);
--> statement-breakpoint
CREATE TABLE `reactions` (
	`id` text PRIMARY KEY NOT NULL,
	`story_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reaction_type` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`story_id`) REFERENCES `storybooks`(`book_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reactions_reaction_type" CHECK(length("reactions"."reaction_type") BETWEEN 1 AND 32)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reactions_story_user_type_unique` ON `reactions` (`story_id`,`user_id`,`reaction_type`);--> statement-breakpoint
CREATE TABLE `shares` (
	`id` text PRIMARY KEY NOT NULL,
	`story_id` text NOT NULL,
	`shared_by` text NOT NULL,
	`shared_to` text,
	`share_type` text NOT NULL,
	`share_code` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text,
	FOREIGN KEY (`story_id`) REFERENCES `storybooks`(`book_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shared_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "shares_share_type" CHECK("shares"."share_type" IN ('direct', 'link', 'family')),
	CONSTRAINT "shares_expiry" CHECK("shares"."expires_at" IS NULL OR "shares"."expires_at" > "shares"."created_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shares_share_code_unique` ON `shares` (`share_code`);--> statement-breakpoint
CREATE INDEX `shares_story_idx` ON `shares` (`story_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `nino_memory` (
	`id` text PRIMARY KEY NOT NULL,
	`visitor_id` text,
	`user_profile_id` text,
	`preferences` text DEFAULT '{}' NOT NULL,
	`history` text DEFAULT '{}' NOT NULL,
	`learning` text DEFAULT '{}' NOT NULL,
	`behavior` text DEFAULT '{}' NOT NULL,
	`friendship` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "nino_memory_owner" CHECK("nino_memory"."visitor_id" IS NOT NULL OR "nino_memory"."user_profile_id" IS NOT NULL),
	CONSTRAINT "nino_memory_json" CHECK(json_valid("nino_memory"."preferences") AND json_valid("nino_memory"."history") AND json_valid("nino_memory"."learning") AND json_valid("nino_memory"."behavior") AND json_valid("nino_memory"."friendship"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nino_memory_profile_unique` ON `nino_memory` (`user_profile_id`) WHERE "nino_memory"."user_profile_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `nino_memory_visitor_unique` ON `nino_memory` (`visitor_id`) WHERE "nino_memory"."user_profile_id" IS NULL;--> statement-breakpoint
CREATE TABLE `credit_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`visitor_id` text,
	`user_profile_id` text,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`affects_balance` integer DEFAULT true NOT NULL,
	`idempotency_key` text NOT NULL,
	`book_id` text,
	`order_id` text,
	`subscription_id` text,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`book_id`) REFERENCES `storybooks`(`book_id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_ledger_owner" CHECK("credit_ledger"."visitor_id" IS NOT NULL OR "credit_ledger"."user_profile_id" IS NOT NULL),
	CONSTRAINT "credit_ledger_reason" CHECK("credit_ledger"."reason" IN ('purchase', 'subscription_grant', 'book_deduction', 'refund', 'bonus', 'adjustment')),
	CONSTRAINT "credit_ledger_delta" CHECK("credit_ledger"."delta" <> 0),
	CONSTRAINT "credit_ledger_sign" CHECK(("credit_ledger"."reason" NOT IN ('purchase', 'subscription_grant', 'bonus') OR "credit_ledger"."delta" > 0) AND ("credit_ledger"."reason" <> 'book_deduction' OR "credit_ledger"."delta" < 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_idempotency_key_unique` ON `credit_ledger` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `credit_ledger_profile_created_idx` ON `credit_ledger` (`user_profile_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `credit_ledger_visitor_created_idx` ON `credit_ledger` (`visitor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`description` text NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`unit_price_minor` integer NOT NULL,
	`credits` integer NOT NULL,
	`total_minor` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "order_items_quantity" CHECK("order_items"."quantity" > 0),
	CONSTRAINT "order_items_amounts" CHECK("order_items"."unit_price_minor" >= 0 AND "order_items"."credits" >= 0 AND "order_items"."total_minor" = "order_items"."quantity" * "order_items"."unit_price_minor")
);
--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`visitor_id` text,
	`user_profile_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`currency` text NOT NULL,
	`subtotal_minor` integer NOT NULL,
	`discount_minor` integer DEFAULT 0 NOT NULL,
	`tax_minor` integer DEFAULT 0 NOT NULL,
	`total_minor` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`paid_at` text,
	FOREIGN KEY (`user_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "orders_owner" CHECK("orders"."visitor_id" IS NOT NULL OR "orders"."user_profile_id" IS NOT NULL),
	CONSTRAINT "orders_status" CHECK("orders"."status" IN ('pending', 'paid', 'failed', 'cancelled', 'refunded')),
	CONSTRAINT "orders_currency" CHECK(length("orders"."currency") = 3 AND "orders"."currency" = upper("orders"."currency")),
	CONSTRAINT "orders_amounts" CHECK("orders"."subtotal_minor" >= 0 AND "orders"."discount_minor" >= 0 AND "orders"."tax_minor" >= 0 AND "orders"."total_minor" = "orders"."subtotal_minor" - "orders"."discount_minor" + "orders"."tax_minor" AND "orders"."total_minor" >= 0),
	CONSTRAINT "orders_paid_at" CHECK("orders"."status" NOT IN ('paid', 'refunded') OR "orders"."paid_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_provider_ref_unique` ON `orders` (`provider`,`provider_ref`);--> statement-breakpoint
CREATE INDEX `orders_profile_created_idx` ON `orders` (`user_profile_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_visitor_created_idx` ON `orders` (`visitor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`credits` integer NOT NULL,
	`price_minor` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`interval` text,
	`is_active` integer DEFAULT true NOT NULL,
	`popular` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "plans_kind" CHECK("plans"."kind" IN ('credit_pack', 'subscription')),
	CONSTRAINT "plans_credits" CHECK("plans"."credits" > 0),
	CONSTRAINT "plans_price" CHECK("plans"."price_minor" >= 0),
	CONSTRAINT "plans_currency" CHECK(length("plans"."currency") = 3 AND "plans"."currency" = upper("plans"."currency")),
	CONSTRAINT "plans_interval" CHECK(("plans"."kind" = 'subscription' AND "plans"."interval" IS NOT NULL AND "plans"."interval" IN ('month', 'year')) OR ("plans"."kind" = 'credit_pack' AND "plans"."interval" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `plans_active_sort_idx` ON `plans` (`is_active`,`sort_order`);--> statement-breakpoint
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
	`provider` text NOT NULL,
	`provider_ref` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "subscriptions_owner" CHECK("subscriptions"."visitor_id" IS NOT NULL OR "subscriptions"."user_profile_id" IS NOT NULL),
	CONSTRAINT "subscriptions_status" CHECK("subscriptions"."status" IN ('pending', 'active', 'past_due', 'cancelled', 'expired')),
	CONSTRAINT "subscriptions_period" CHECK("subscriptions"."current_period_end" > "subscriptions"."current_period_start")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_provider_ref_unique` ON `subscriptions` (`provider`,`provider_ref`);--> statement-breakpoint
CREATE INDEX `subscriptions_profile_idx` ON `subscriptions` (`user_profile_id`,`status`);--> statement-breakpoint
CREATE INDEX `subscriptions_visitor_idx` ON `subscriptions` (`visitor_id`,`status`);--> statement-breakpoint
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